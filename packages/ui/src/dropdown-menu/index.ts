export * from './dropdown-menu.tsx';

export * from './tabs.tsx';

export * from './virtual-list.tsx';

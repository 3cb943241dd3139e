export * from './sidebar.tsx';

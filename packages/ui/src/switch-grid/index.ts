export * from './switch-grid.tsx';

export * from './table.tsx';

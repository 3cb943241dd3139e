export * from './data-table.tsx';

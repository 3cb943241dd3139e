export * from './pagination.tsx';

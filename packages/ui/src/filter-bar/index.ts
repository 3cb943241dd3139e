export * from './filter-bar.tsx';

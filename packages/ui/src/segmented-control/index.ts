export * from './segmented-control.tsx';

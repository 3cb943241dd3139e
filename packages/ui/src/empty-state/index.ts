export * from './empty-state.tsx';

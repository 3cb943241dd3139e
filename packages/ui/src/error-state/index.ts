export * from './error-state.tsx';

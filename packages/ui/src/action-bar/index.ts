export * from './action-bar.tsx';

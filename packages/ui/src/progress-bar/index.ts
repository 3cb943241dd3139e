export * from './progress-bar.tsx';

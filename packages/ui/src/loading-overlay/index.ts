export * from './loading-overlay.tsx';

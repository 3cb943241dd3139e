export * from './label.tsx';

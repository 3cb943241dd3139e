export * from './input.tsx';

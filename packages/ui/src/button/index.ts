export * from './button.tsx';

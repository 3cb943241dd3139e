export * from './property.tsx';

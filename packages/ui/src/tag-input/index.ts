export * from './tag-input.tsx';

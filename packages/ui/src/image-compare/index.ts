export * from './diff-pixels.ts';
export * from './image-compare.tsx';

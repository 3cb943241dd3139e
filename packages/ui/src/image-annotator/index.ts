export * from './image-annotator.tsx';

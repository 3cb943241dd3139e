export * from './image-annotator.tsx';
export type { Point } from './pin.tsx';
export * from './video-annotator.tsx';

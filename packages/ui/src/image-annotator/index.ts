export * from './image-annotator.tsx';
export { type AnnotatorProps, clampUnit, PinLayer, type PinMark, type Point } from './pin.tsx';
export * from './video-annotator.tsx';

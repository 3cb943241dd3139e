export * from './image-annotator.tsx';
export { PinLayer, type PinMark, type Point } from './pin.tsx';
export * from './video-annotator.tsx';

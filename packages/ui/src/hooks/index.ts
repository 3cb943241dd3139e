export * from './timings.ts';
export * from './use-countdown.ts';
export * from './use-debounced-value.ts';
export * from './use-delayed-collapse.ts';
export * from './use-media-query.ts';
export * from './use-published-height.ts';
export * from './use-rotation.ts';
export * from './use-anchored-position.ts';

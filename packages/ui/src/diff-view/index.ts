export * from './diff-view.tsx';
export * from './messages.ts';
export * from './word-diff.ts';

export * from './diff-view.tsx';
export * from './word-diff.ts';

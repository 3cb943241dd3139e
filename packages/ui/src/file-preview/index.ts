export * from './file-kind.ts';
export * from './file-preview.tsx';

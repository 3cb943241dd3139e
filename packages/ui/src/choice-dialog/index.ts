export * from './choice-dialog.tsx';

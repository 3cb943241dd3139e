export * from './confirm-dialog.tsx';

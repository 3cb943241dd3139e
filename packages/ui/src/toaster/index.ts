export * from './toaster.tsx';

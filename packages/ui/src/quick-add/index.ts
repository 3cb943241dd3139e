export * from './quick-add.tsx';

export * from './checkbox-group.tsx';

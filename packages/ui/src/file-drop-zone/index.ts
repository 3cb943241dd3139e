export * from './file-drop-zone.tsx';

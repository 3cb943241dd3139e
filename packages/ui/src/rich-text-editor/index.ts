export * from './rich-text-editor.tsx';

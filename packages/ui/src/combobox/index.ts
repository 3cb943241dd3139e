export * from './combobox.tsx';

export * from './date-picker.tsx';

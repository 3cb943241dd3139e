export * from './withheld-button.tsx';

export * from './button.tsx';
export * from './load-more-button.tsx';

export * from './error-details.tsx';

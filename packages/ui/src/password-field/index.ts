export * from './password-field.tsx';

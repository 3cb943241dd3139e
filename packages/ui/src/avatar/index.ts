export * from './avatar.tsx';

export * from './status-badge.tsx';

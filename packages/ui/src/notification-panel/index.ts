export * from './notification-panel.tsx';

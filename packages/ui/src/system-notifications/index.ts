export * from './system-notifications.tsx';

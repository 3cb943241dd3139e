export * from './messages.ts';
export * from './stat-card.tsx';

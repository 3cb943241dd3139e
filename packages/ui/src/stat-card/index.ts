export * from './stat-card.tsx';

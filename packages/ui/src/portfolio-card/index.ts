export * from './portfolio-card.tsx';

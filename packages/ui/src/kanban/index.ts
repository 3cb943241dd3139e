export * from './kanban.tsx';

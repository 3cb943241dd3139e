export * from './kanban.tsx';
export * from './kanban-card.tsx';
export {
  KanbanCardList,
  type KanbanCardListProps,
  KanbanColumn,
  type KanbanColumnProps,
} from './kanban-column.tsx';

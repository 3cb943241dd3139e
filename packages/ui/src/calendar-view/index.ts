export * from './calendar-view.tsx';

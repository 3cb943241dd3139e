/**
 * The catalogue's stories loaded when their entry is opened, in one chunk: each chunk of its own would add its
 * name to the app's first load (Vite's preload map), where /auth's budget has no room for it.
 */
export * as calendarView from './calendar-view/calendar-view.stories.tsx';
export * as kanban from './kanban/kanban.stories.tsx';
export * as property from './property/property.stories.tsx';
export * as richTextSurface from './rich-text-editor/rich-text-surface.stories.tsx';

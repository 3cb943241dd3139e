import type { ProductionItem } from '@crw/api-client';
import type { CalendarTone, KanbanTone } from '@crw/ui';

/** Each status's tone on the board's columns and the calendar's events, the same family as its badge. */
export const statusTone = {
  draft: 'muted',
  internal_review: 'info',
  internal_changes: 'warning',
  client_review: 'default',
  client_changes: 'error',
  approved: 'success',
} as const satisfies Record<ProductionItem['status'], KanbanTone & CalendarTone>;

import type { Tone } from '@crw/ui';
import type { ItemStatus } from '../../lib/enums.ts';

/**
 * Each status's tone, in the design system's one vocabulary: the badge, the board's columns and the calendar's
 * events all draw a status from this map.
 */
export const statusTone = {
  draft: 'muted',
  internal_review: 'info',
  internal_changes: 'warning',
  client_review: 'default',
  client_changes: 'error',
  approved: 'success',
} as const satisfies Record<ItemStatus, Tone>;

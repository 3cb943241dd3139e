import type { ProductionItem } from '@crw/api-client';
import { Badge } from '@crw/ui';
import { itemStatusLabels } from './messages.ts';

type ItemStatus = ProductionItem['status'];

/** Each status's tone among the design system's badge tones. */
const tones = {
  draft: 'secondary',
  internal_review: 'info',
  internal_changes: 'warning',
  client_review: 'default',
  client_changes: 'destructive',
  approved: 'success',
} as const satisfies Record<ItemStatus, string>;

/** One of the six item statuses with its Spanish label (product-design §4). */
export function StatusBadge({ status, className }: { status: ItemStatus; className?: string }) {
  return (
    <Badge variant={tones[status]} className={className} data-status={status}>
      {itemStatusLabels[status]}
    </Badge>
  );
}

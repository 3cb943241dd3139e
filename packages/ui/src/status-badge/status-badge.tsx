import { Badge } from '../badge/badge.tsx';
import { type ItemStatus, itemStatusLabels } from '../messages.ts';

const variants = {
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
    <Badge variant={variants[status]} className={className} data-status={status}>
      {itemStatusLabels[status]}
    </Badge>
  );
}

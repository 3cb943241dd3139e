import { Badge } from '@crw/ui';
import type { ItemStatus } from '../../lib/enums.ts';
import { itemStatusLabels } from './messages.ts';
import { statusTone } from './status-tone.ts';

/** One of the six item statuses with its Spanish label (product-design §4). */
export function StatusBadge({ status, className }: { status: ItemStatus; className?: string }) {
  return (
    <Badge tone={statusTone[status]} className={className} data-status={status}>
      {itemStatusLabels[status]}
    </Badge>
  );
}

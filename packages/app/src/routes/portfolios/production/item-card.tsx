import type { ProductionItem } from '@crw/api-client';
import { CalendarIcon, UserIcon } from 'lucide-react';
import { productionMsg as t } from '../../../features/production/messages.ts';
import { StatusBadge } from '../../../features/production/status-badge.tsx';
import { formatDay } from '../../../lib/dates.ts';

export const memberName = (members: readonly { _id: string; name: string }[], id: string | null) =>
  id ? (members.find((m) => m._id === id)?.name ?? t.unassigned) : t.unassigned;

/**
 * One item as a card: title, status, format, publish date and assignee. The people come from the view that
 * draws the cards (one store subscription for the board, not one per card of a board of hundreds).
 */
export function ItemCardBody({
  item,
  members,
  showStatus = false,
}: {
  item: Pick<ProductionItem, 'title' | 'format' | 'pilar' | 'publishDate' | 'assigneeId' | 'status'>;
  members: readonly { _id: string; name: string }[];
  showStatus?: boolean;
}) {
  return (
    <>
      <span className="line-clamp-2 font-medium">{item.title}</span>
      <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
        {showStatus ? <StatusBadge status={item.status} /> : null}
        {item.format ? <span className="rounded bg-muted px-1.5 py-0.5">{item.format}</span> : null}
        {item.pilar ? <span className="rounded bg-muted px-1.5 py-0.5">{item.pilar}</span> : null}
      </span>
      <span className="flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <CalendarIcon className="size-3" aria-hidden="true" />
          {item.publishDate ? formatDay(item.publishDate) : t.noDate}
        </span>
        <span className="inline-flex items-center gap-1">
          <UserIcon className="size-3" aria-hidden="true" />
          {memberName(members, item.assigneeId)}
        </span>
      </span>
    </>
  );
}

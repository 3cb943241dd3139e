import type { ProductionItem } from '@crw/api-client';
import { memo } from 'react';
import { productionMsg as t } from '../../../features/production/messages.ts';
import { StatusBadge } from '../../../features/production/status-badge.tsx';
import { formatDay } from '../../../lib/dates.ts';

/**
 * lucide's calendar and user icons as they render, written out once: a board draws two per card, and 120 new
 * cards (a filter) ran lucide's component 240 times (~15 ms at 4× slowdown) for the same two drawings.
 */
const svg = {
  xmlns: 'http://www.w3.org/2000/svg',
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;
const calendarIcon = (
  <svg {...svg} aria-hidden="true" className="lucide lucide-calendar size-3">
    <path d="M8 2v3" />
    <path d="M16 2v3" />
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <path d="M3 9h18" />
  </svg>
);
const userIcon = (
  <svg {...svg} aria-hidden="true" className="lucide lucide-user size-3">
    <path d="M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2" />
    <circle cx="12" cy="7" r="4" />
  </svg>
);

export const memberName = (members: readonly { _id: string; name: string }[], id: string | null) =>
  id ? (members.find((m) => m._id === id)?.name ?? t.unassigned) : t.unassigned;

type CardItem = Pick<ProductionItem, 'title' | 'format' | 'pilar' | 'publishDate' | 'assigneeId' | 'status'>;
const cardFields = ['title', 'format', 'pilar', 'publishDate', 'assigneeId', 'status'] as const;

/**
 * One item as a card: title, status, format, publish date and assignee. The people come from the view that
 * draws the cards (one store subscription for the board, not one per card of a board of hundreds). Memoised on
 * what it shows: a filter or a refresh answers new objects for the same pieces, and only the cards whose
 * fields changed draw again (issue 48, point 3).
 */
export const ItemCardBody = memo(
  ItemCardBodyView,
  (a, b) =>
    a.members === b.members &&
    a.showStatus === b.showStatus &&
    cardFields.every((f) => a.item[f] === b.item[f]),
);

function ItemCardBodyView({
  item,
  members,
  showStatus = false,
}: {
  item: CardItem;
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
          {calendarIcon}
          {item.publishDate ? formatDay(item.publishDate) : t.noDate}
        </span>
        <span className="inline-flex items-center gap-1">
          {userIcon}
          {memberName(members, item.assigneeId)}
        </span>
      </span>
    </>
  );
}

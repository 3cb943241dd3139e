import type { GetReviewQueuesResponse } from '@crw/api-client';
import { Badge, cn } from '@crw/ui';
import { reviewMsg as t } from '../../../features/review/messages.ts';
import { formatAgo, formatDay } from '../../../lib/dates.ts';

type ReviewQueueEntry = GetReviewQueuesResponse['internal'][number];

export type QueueName = 'internal' | 'clientChanges' | 'client';

/** One review queue: oldest first, the selected item marked; a click (or Enter) opens it. */
export function QueueList({
  name,
  entries,
  selected,
  onSelect,
}: {
  name: QueueName;
  entries: readonly ReviewQueueEntry[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const headingId = `queue-${name}`;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="flex items-center justify-between gap-2 text-sm font-semibold">
        {t.queues[name]}
        <Badge variant="secondary">
          <span aria-hidden="true">{entries.length}</span>
          <span className="sr-only">{t.count(entries.length)}</span>
        </Badge>
      </h2>
      {entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-3 text-sm text-muted-foreground">
          {t.emptyQueue[name]}
        </p>
      ) : (
        <ul className="space-y-2">
          {entries.map((e) => (
            <li key={e.item._id}>
              <button
                type="button"
                aria-current={selected === e.item._id ? 'true' : undefined}
                onClick={() => onSelect(e.item._id)}
                className={cn(
                  'w-full rounded-lg border border-border bg-card p-3 text-left text-sm transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  selected === e.item._id && 'border-primary bg-accent text-accent-foreground',
                )}
              >
                <span className="block font-medium">{e.item.title}</span>
                <span className="mt-1 flex flex-wrap gap-x-2 text-xs text-muted-foreground">
                  {e.item.format ? <span>{e.item.format}</span> : null}
                  <span>{e.item.currentVersion > 0 ? t.version(e.item.currentVersion) : t.noVersion}</span>
                  {e.sentBy ? <span>{t.sentBy(e.sentBy.name)}</span> : null}
                </span>
                <span className="mt-1 flex flex-wrap gap-x-2 text-xs text-muted-foreground">
                  <span>{t.waiting(formatAgo(e.waitingSince))}</span>
                  <span>{e.item.publishDate ? t.publish(formatDay(e.item.publishDate)) : t.noPublish}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

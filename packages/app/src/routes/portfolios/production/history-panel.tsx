import type { MaterialVersionHistory, ProductionItem } from '@crw/api-client';
import { itemMsg as m } from '../../../features/production/messages.ts';
import { StatusBadge } from '../../../features/production/status-badge.tsx';
import { formatDateTime } from '../../../lib/dates.ts';

/** Every transition and version of an item: who, when, from, to, and what they said. */
export function HistoryPanel({ history }: { history: MaterialVersionHistory }) {
  if (history.history.length === 0) return <p className="text-sm text-muted-foreground">{m.history.empty}</p>;
  return (
    <ol className="space-y-3">
      {history.history.map((h) => (
        <li key={h._id} className="rounded-lg border border-border p-3 text-sm">
          <p className="font-medium">{m.history.actions[h.action] ?? h.action}</p>
          <p className="text-xs text-muted-foreground">
            {h.actor.name} · {formatDateTime(h.createdAt)}
          </p>
          {h.fromStatus && h.toStatus && h.fromStatus !== h.toStatus ? (
            <p className="mt-1 flex flex-wrap items-center gap-1">
              <StatusBadge status={h.fromStatus as ProductionItem['status']} /> →{' '}
              <StatusBadge status={h.toStatus as ProductionItem['status']} />
            </p>
          ) : null}
          {h.reviewComments ? <p className="mt-2 whitespace-pre-wrap">{h.reviewComments}</p> : null}
          {h.changeDescription ? <p className="mt-1 text-muted-foreground">{h.changeDescription}</p> : null}
        </li>
      ))}
    </ol>
  );
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../../db/client.ts';
import { type ItemStatus, itemHistory, items, users } from '../../../db/schema.ts';
import { notFound } from '../../../errors.ts';
import {
  type Actor,
  isClientReviewer,
  isInternalReviewer,
  isInternalViewer,
  portfolioPermissions,
} from '../../../policy.ts';
import { type QueueName, queuesOf } from '../transitions.ts';
import { type ItemAnswer, itemsAnswer } from './views.ts';

export type { QueueName };

export interface QueueEntry {
  item: ItemAnswer;
  /** Who moved the item into this status (the last transition), or null if unknown or deleted. */
  sentBy: { _id: string; name: string } | null;
  /** When it entered the status it waits in. */
  waitingSince: string;
}

/**
 * The review queues of a portfolio for the viewer (issue 11): staff with `review.internal` get their side's
 * queues (the items in internal review and those whose client asked for changes), a client with
 * `review.client` its side's (those awaiting its review), as the workflow's status table lists them. Oldest first. Anyone else who may see the portfolio gets empty queues; anyone who may
 * not, a 404.
 */
export async function reviewQueues(db: DbOrTx, actor: Actor, portfolioId: string) {
  const perms = await portfolioPermissions(db, actor, portfolioId);
  if (!perms?.has('production.view')) throw notFound('portfolio');
  const internal = isInternalViewer(actor, perms);
  // Each side's queues and the status each lists: the workflow's status table (services/review/transitions.ts).
  const wanted: Array<[QueueName, ItemStatus]> = [
    ...(isInternalReviewer({ internal, perms }) ? queuesOf('internal') : []),
    ...(isClientReviewer({ internal, perms }) ? queuesOf('client') : []),
  ];
  const queues: Record<QueueName, QueueEntry[]> = { internal: [], clientChanges: [], client: [] };
  if (wanted.length === 0) return queues;

  const rows = await db
    .select()
    .from(items)
    .where(
      and(
        eq(items.portfolioId, portfolioId),
        inArray(
          items.status,
          wanted.map(([, s]) => s),
        ),
      ),
    );
  if (rows.length === 0) return queues;
  // The transition that put each item where it is now: one query for all of them, each item's newest entry read
  // from its history's index (no sort of the queued items' whole histories).
  const entered = rowsOf<{
    itemId: string;
    toStatus: ItemStatus | null;
    at: Date | string;
    actorId: string | null;
    actorName: string | null;
    actorDeleted: Date | string | null;
  }>(
    await db.execute(sql`
      select q.id as "itemId", h.to_status as "toStatus", h.created_at as "at", u.id as "actorId",
        u.name as "actorName", u.deleted_at as "actorDeleted"
      from jsonb_array_elements_text(${JSON.stringify(rows.map((r) => r.id))}::jsonb) as q(id)
      cross join lateral (
        select ${itemHistory.toStatus} as to_status, ${itemHistory.createdAt} as created_at,
          ${itemHistory.actorId} as actor_id
        from ${itemHistory} where ${itemHistory.itemId} = q.id
        order by ${itemHistory.createdAt} desc limit 1) h
      left join ${users} u on u.id = h.actor_id`),
  ).map((e) => ({ ...e, at: new Date(e.at) }));
  const byItem = new Map(entered.map((e) => [e.itemId, e]));
  const views = await itemsAnswer(db, rows, { actor, perms, internal });
  for (const view of views) {
    const queue = wanted.find(([, s]) => s === view.status)?.[0];
    if (!queue) continue;
    const e = byItem.get(view._id);
    const moved = e && e.toStatus === view.status;
    queues[queue].push({
      item: view,
      sentBy: moved && e.actorId && !e.actorDeleted ? { _id: e.actorId, name: e.actorName ?? '' } : null,
      waitingSince: moved ? e.at.toISOString() : view.updatedAt,
    });
  }
  for (const list of Object.values(queues)) list.sort((a, b) => a.waitingSince.localeCompare(b.waitingSince));
  return queues;
}

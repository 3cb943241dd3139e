import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type ItemStatus, itemHistory, items, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Actor, isInternalViewer, portfolioPermissions } from '../../policy.ts';
import { type ItemAnswer, itemsAnswer } from './views.ts';

export type QueueName = 'internal' | 'clientChanges' | 'client';

export interface QueueEntry {
  item: ItemAnswer;
  /** Who moved the item into this status (the last transition), or null if unknown or deleted. */
  sentBy: { _id: string; name: string } | null;
  /** When it entered the status it waits in. */
  waitingSince: string;
}

/**
 * The review queues of a portfolio for the viewer (issue 11): staff with `review.internal` get the items in
 * internal review and those whose client asked for changes; a client with `review.client` gets those
 * awaiting its review. Oldest first. Anyone else who may see the portfolio gets empty queues; anyone who may
 * not, a 404.
 */
export async function reviewQueues(db: DbOrTx, actor: Actor, portfolioId: string) {
  const perms = await portfolioPermissions(db, actor, portfolioId);
  if (!perms?.has('production.view')) throw new AppError('NOT_FOUND', 'Portafolio no encontrado');
  const internal = isInternalViewer(actor, perms);
  const wanted: Array<[QueueName, ItemStatus]> = [];
  if (internal && perms.has('review.internal'))
    wanted.push(['internal', 'internal_review'], ['clientChanges', 'client_changes']);
  if (!internal && perms.has('review.client')) wanted.push(['client', 'client_review']);
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
  // The transition that put each item where it is now: one query for all of them.
  const entered = await db
    .selectDistinctOn([itemHistory.itemId], {
      itemId: itemHistory.itemId,
      toStatus: itemHistory.toStatus,
      at: itemHistory.createdAt,
      actorId: users.id,
      actorName: users.name,
      actorDeleted: users.deletedAt,
    })
    .from(itemHistory)
    .leftJoin(users, eq(users.id, itemHistory.actorId))
    .where(
      inArray(
        itemHistory.itemId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(itemHistory.itemId), desc(itemHistory.createdAt));
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

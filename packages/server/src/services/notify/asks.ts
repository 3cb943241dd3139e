import { inArray, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import {
  type ItemStatus,
  items,
  notificationAsks,
  notificationReceipts,
  notifications,
} from '../../db/schema.ts';
import type { Created } from './notifier.ts';

/**
 * Notifications that ask someone to act on a piece resolve themselves (issue 47, point 4): a review request,
 * «… espera tu revisión» or a reminder is read for every recipient once none of its pieces is still in the
 * status it asked about, whoever took the step. News of a decision asks nothing and stays as it is.
 */

/** The statement of `resolveAsks` (test/notification-asks.test.ts explains it on PostgreSQL). */
export function resolveStatement(itemId: string, from: ItemStatus) {
  const a = notificationAsks;
  return sql`
    update ${notificationReceipts} r set read = true
    where r.read = false and r.notification_id in (
      select ${a.notificationId} from ${a}
      where ${a.itemId} = ${itemId} and ${a.status} = ${from}
        and not exists (
          select 1 from ${a} other join ${items} i on i.id = other.item_id and i.status = other.status
          where other.notification_id = ${a.notificationId}))
    returning r.notification_id as "notificationId", r.user_id as "userId", r.archived`;
}

/**
 * The piece left `from` (in the caller's transaction, after its row was written): the notifications that asked
 * about it in that status, and about no other piece still waiting, are read for every recipient who had not read
 * them. Found through the asks' item index and the receipts' key, never by reading the notifications. Answers
 * the changes for `deliver` to tell the recipients' open tabs after the commit (each count is read again there).
 */
export async function resolveAsks(db: DbOrTx, itemId: string, from: ItemStatus): Promise<Created> {
  const changed = rowsOf<{ notificationId: string; userId: string; archived: boolean }>(
    await db.execute(resolveStatement(itemId, from)),
  );
  if (changed.length === 0) return { sent: [], urgency: undefined, updated: [] };
  const ids = [...new Set(changed.map((c) => c.notificationId))];
  const rows = await db.select().from(notifications).where(inArray(notifications.id, ids));
  const byId = new Map(rows.map((n) => [n.id, n]));
  // One message per notification and state: what each recipient's tab shows of it now.
  const groups = new Map<string, { archived: boolean; row: (typeof rows)[number]; userIds: string[] }>();
  for (const c of changed) {
    const row = byId.get(c.notificationId);
    if (!row) continue;
    const key = `${c.notificationId}|${c.archived}`;
    const group = groups.get(key) ?? { archived: c.archived, row, userIds: [] };
    group.userIds.push(c.userId);
    groups.set(key, group);
  }
  return {
    sent: [],
    urgency: undefined,
    updated: [...groups.values()].map(({ archived, row, userIds }) => ({
      notification: {
        _id: row.id,
        title: row.title,
        content: row.content,
        createdAt: row.createdAt.toISOString(),
        read: true,
        archived,
        payload: row.payload,
      },
      userIds,
    })),
  };
}

import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Notification } from '@crw/contracts/events';
import { type Db, type DbOrTx, rowsOf } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import {
  notificationReceipts,
  notifications,
  ROLES,
  type Role,
  scheduledRuns,
  users,
} from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { memberOfAny } from '../../policy.ts';
import { roleRoom } from './notifier.ts';

type NotificationRow = typeof notifications.$inferSelect & { read: boolean; archived: boolean };

/** A notification as its recipient sees it: the socket contract's shape (contracts/events.ts). */
export type NotificationView = Notification;

/** The most a page of the inbox holds (and what one holds when the caller does not say). */
export const LIST_LIMIT = 200;
/** The unread count counts up to here; past it, the answer says "at least" (the bell shows «9+» above nine anyway). */
export const UNREAD_CAP = 100;

export function toNotification(row: NotificationRow): NotificationView {
  return {
    _id: row.id,
    title: row.title,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    read: row.read,
    archived: row.archived,
    payload: row.payload,
  };
}

/** A notification as one user sees it: their receipt joined to its content. */
const asSeenBy = (db: DbOrTx) =>
  db
    .select({
      id: notifications.id,
      title: notifications.title,
      content: notifications.content,
      payload: notifications.payload,
      createdAt: notifications.createdAt,
      read: notificationReceipts.read,
      archived: notificationReceipts.archived,
    })
    .from(notificationReceipts)
    .innerJoin(notifications, eq(notifications.id, notificationReceipts.notificationId));

/** Which of a person's notifications a list shows: the active ones (the bell), the archived, or all. */
export type InboxView = 'active' | 'archived' | 'all';

/**
 * One page of the list, newest first, read in the receipts' index order (keyset: `before` is the last one the
 * caller has; nothing is sorted and nothing is skipped over). A prepared statement per view, first/next and page
 * size: the size is written into the statement, not sent as a parameter. With `limit $n` PostgreSQL's generic plan
 * is costed for a tenth of the user's receipts; past a few thousand it loses to the custom plan and the statement
 * is planned again at every execution (a 100,000-notification inbox: 5,470 executions a second against 9,950 with
 * its generic plan, and the API 1.4–1.6× slower than at 100, issue 30's scale table). The bell asks for one size.
 */
const listStatement = (db: Db, view: InboxView, next: boolean, limit: number) =>
  prepared(db, `notifications_${view}${next ? '_next' : ''}_${limit}`, (name) => {
    const r = notificationReceipts;
    const userId = sql.placeholder('userId');
    const conditions: Array<SQL | undefined> = [eq(r.userId, userId)];
    if (view !== 'all') conditions.push(eq(r.archived, view === 'archived'));
    if (next) {
      // The rows after the cursor in (created_at, notification_id) order, as one row comparison the index answers;
      // the cursor's time is read in the same statement (a cursor that is not one of the user's finds nothing).
      const before = sql.placeholder('before');
      conditions.push(
        sql`(${r.createdAt}, ${r.notificationId}) < ((select c.created_at from ${r} c where c.notification_id = ${before} and c.user_id = ${userId}), ${before}::text)`,
      );
    }
    return (
      asSeenBy(db)
        .where(and(...conditions))
        .orderBy(desc(r.createdAt), desc(r.notificationId))
        // An SQL fragment: given a number, drizzle sends it as a parameter. `limit` is an integer (1–LIST_LIMIT).
        .limit(sql.raw(String(Math.trunc(limit))) as unknown as number)
        .prepare(name)
    );
  });

export interface InboxQuery {
  view: InboxView;
  limit?: number;
  /** The id of the last notification the caller has: the page starts after it. */
  before?: string;
}

export async function listNotifications(db: Db, userId: string, q: InboxQuery) {
  const limit = Math.min(q.limit ?? LIST_LIMIT, LIST_LIMIT);
  if (!q.before) {
    const rows = await listStatement(db, q.view, false, limit).execute({ userId });
    return rows.map(toNotification);
  }
  const rows = await listStatement(db, q.view, true, limit).execute({ userId, before: q.before });
  return rows.map(toNotification);
}

/** Unread and not archived: the condition of the unread index (schema.ts), written the same way. */
const unread = sql`${notificationReceipts.read} = false and ${notificationReceipts.archived} = false`;

/**
 * How many active notifications the user has not read, counted up to `UNREAD_CAP` (past it, `atLeast`): the
 * count reads at most that many entries of the unread index, however many there are.
 */
export async function unreadCount(db: DbOrTx, userId: string): Promise<{ count: number; atLeast: boolean }> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from (
        select 1 from ${notificationReceipts}
        where ${notificationReceipts.userId} = ${userId} and ${unread}
        limit ${UNREAD_CAP}
      ) as capped`),
  );
  const n = Number(row?.n ?? 0);
  return { count: n, atLeast: n >= UNREAD_CAP };
}

/**
 * Marks one of the user's own notifications read or archived; one not sent to them is 404 (notifications are
 * personal). States only move forward: what was read stays read.
 */
export async function updateOwn(
  db: DbOrTx,
  userId: string,
  id: string,
  set: { read?: true; archived?: true },
) {
  const r = notificationReceipts;
  const [state] = await db
    .update(r)
    .set({
      ...(set.read ? { read: true } : {}),
      ...(set.archived ? { archived: true } : {}),
    })
    .where(and(eq(r.notificationId, id), eq(r.userId, userId)))
    .returning({ read: r.read, archived: r.archived });
  if (!state) throw notFound('notification');
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return toNotification({ ...row!, ...state });
}

/**
 * Marks every notification of the user read, or archived and read, that is not already so (each found through
 * its index: the unread, or the active). Says how many changed.
 */
async function updateAll(db: DbOrTx, userId: string, archive: boolean) {
  const r = notificationReceipts;
  const changed = await db
    .update(r)
    .set(archive ? { archived: true, read: true } : { read: true })
    .where(and(eq(r.userId, userId), archive ? eq(r.archived, false) : unread))
    .returning({ id: r.notificationId });
  return changed.length;
}

/** Mark all read: only non-archived ones (spec §4). */
export const markAllRead = (db: DbOrTx, userId: string) => updateAll(db, userId, false);

/** Archive all: archived and read on every non-archived one (spec §4). */
export const archiveAll = (db: DbOrTx, userId: string) => updateAll(db, userId, true);

export const RETENTION_JOB = 'notification-retention';

/**
 * The daily purge (NOTIFICATION_RETENTION_DAYS): removes the notifications older than `days` (from their
 * creation) that every recipient has read, oldest first, `batch` at a time, each batch its own short statement;
 * their receipts go with them. Like the reminders, every instance asks and the day's claim in `scheduled_runs`
 * lets one of them do it. Says whether this one ran and how many it removed.
 */
export async function purgeReadNotifications(
  db: Db,
  opts: { now: Date; days: number; batch?: number },
): Promise<{ ran: boolean; removed: number }> {
  const claim = await db
    .insert(scheduledRuns)
    .values({ job: RETENTION_JOB, period: opts.now.toISOString().slice(0, 10) })
    .onConflictDoNothing()
    .returning();
  if (claim.length === 0) return { ran: false, removed: 0 };
  const batch = opts.batch ?? 1000;
  const cutoff = new Date(opts.now.getTime() - opts.days * 86_400_000).toISOString();
  let removed = 0;
  for (;;) {
    const done = rowsOf<{ id: string }>(
      await db.execute(sql`
        delete from ${notifications} where ${notifications.id} in (
          select n.id from ${notifications} n
          where n.created_at < ${cutoff}::timestamptz
            and not exists (
              select 1 from ${notificationReceipts} r where r.notification_id = n.id and r.read = false)
          order by n.created_at
          limit ${batch})
        returning ${notifications.id}`),
    );
    removed += done.length;
    if (done.length < batch) return { ran: true, removed };
  }
}

export interface BroadcastCriteria {
  roles?: Role[];
  portfolioIds?: string[];
  userIds?: string[];
}

/**
 * The users a broadcast reaches, as a query of their ids (it can be awaited, or be the source of a statement):
 * criteria combine with AND; an empty criterion means no restriction. `portfolioIds` means users with a grant
 * to see any of them (policy.ts `memberOfAny`); admins belong to every portfolio.
 */
export function audienceQuery(db: DbOrTx, criteria: BroadcastCriteria) {
  const conditions = [isNull(users.deletedAt)];
  if (criteria.roles?.length) conditions.push(inArray(users.role, criteria.roles));
  if (criteria.userIds?.length) conditions.push(inArray(users.id, criteria.userIds));
  if (criteria.portfolioIds?.length) conditions.push(memberOfAny(db, criteria.portfolioIds));
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions));
}

/**
 * The socket rooms that hold exactly a broadcast's audience, when it is chosen by role alone (or is everyone):
 * each socket is in its user's role's room (`roleRoom`; no role criterion is every role). Undefined when other
 * criteria narrow it.
 */
export function audienceRooms(criteria: BroadcastCriteria): string[] | undefined {
  if (criteria.userIds?.length || criteria.portfolioIds?.length) return undefined;
  return [...new Set(criteria.roles?.length ? criteria.roles : ROLES)].map(roleRoom);
}

/** How many users a broadcast reaches (counted in the database). */
export async function audienceCount(db: DbOrTx, criteria: BroadcastCriteria): Promise<number> {
  const [row] = await db.select({ n: count() }).from(audienceQuery(db, criteria).as('audience'));
  return row?.n ?? 0;
}

/** The ids of the users a broadcast reaches. */
export async function audience(db: DbOrTx, criteria: BroadcastCriteria): Promise<string[]> {
  const rows = await audienceQuery(db, criteria);
  return rows.map((r) => r.id);
}

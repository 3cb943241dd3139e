import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { notifications, portfolioAccess, type Role, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';

type NotificationRow = typeof notifications.$inferSelect;

export interface NotificationView {
  _id: string;
  title: string;
  content: string;
  createdAt: string;
  read: boolean;
  archived: boolean;
  payload: { url?: string; [key: string]: unknown };
}

export const LIST_LIMIT = 200;

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

/** The list, with or without the archived: a prepared statement each. */
const listStatement = (db: Db, includeArchived: boolean) =>
  prepared(db, includeArchived ? 'notifications_all' : 'notifications_active', (name) =>
    db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, sql.placeholder('userId')),
          includeArchived ? undefined : eq(notifications.archived, false),
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(LIST_LIMIT)
      .prepare(name),
  );

export async function listNotifications(db: Db, userId: string, includeArchived: boolean) {
  const rows = await listStatement(db, includeArchived).execute({ userId });
  return rows.map(toNotification);
}

export async function unreadCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), eq(notifications.read, false), eq(notifications.archived, false)),
    );
  return Number(row?.n ?? 0);
}

/** Updates one of the user's own notifications; another user's id is 404 (notifications are personal). */
export async function updateOwn(
  db: DbOrTx,
  userId: string,
  id: string,
  set: Partial<Pick<NotificationRow, 'read' | 'archived'>>,
) {
  const [row] = await db
    .update(notifications)
    .set(set)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'Notificación no encontrada');
  return toNotification(row);
}

/** Mark all read: only non-archived ones (spec §4). */
export async function markAllRead(db: DbOrTx, userId: string) {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(
      and(eq(notifications.userId, userId), eq(notifications.archived, false), eq(notifications.read, false)),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Archive all: archived and read on every non-archived one (spec §4). */
export async function archiveAll(db: DbOrTx, userId: string) {
  const rows = await db
    .update(notifications)
    .set({ archived: true, read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.archived, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export interface BroadcastCriteria {
  roles?: Role[];
  portfolioIds?: string[];
  userIds?: string[];
}

/**
 * The users a broadcast reaches: criteria combine with AND; an empty criterion means no restriction.
 * `portfolioIds` means users with a grant on any of them; admins belong to every portfolio.
 */
export async function audience(db: DbOrTx, criteria: BroadcastCriteria): Promise<string[]> {
  const conditions = [isNull(users.deletedAt)];
  if (criteria.roles?.length) conditions.push(inArray(users.role, criteria.roles));
  if (criteria.userIds?.length) conditions.push(inArray(users.id, criteria.userIds));
  if (criteria.portfolioIds?.length) {
    const members = db
      .select({ id: portfolioAccess.userId })
      .from(portfolioAccess)
      .where(inArray(portfolioAccess.portfolioId, criteria.portfolioIds));
    conditions.push(sql`(${users.role} = 'admin' or ${users.id} in ${members})`);
  }
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions));
  return rows.map((r) => r.id);
}

import { and, count, desc, eq, inArray, isNull, type Placeholder, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { notificationStates, notifications, portfolioAccess, ROLES, type Role, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { roleRoom } from './notifier.ts';

type NotificationRow = Omit<typeof notifications.$inferSelect, 'recipients'> & {
  read: boolean;
  archived: boolean;
};

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

/** Sent to this user: the condition the recipients' index answers. */
export const sentTo = (userId: string | Placeholder) =>
  sql`${notifications.recipients} @> array[${userId}]::text[]`;

/** The user's own state row of a notification, for a left join (none yet: unread and not archived). */
const ownState = (userId: string | Placeholder) =>
  and(eq(notificationStates.notificationId, notifications.id), eq(notificationStates.userId, userId));

/** A notification as one user sees it (without its recipients: that list can hold thousands). */
const asSeenBy = (db: DbOrTx, userId: string | Placeholder) =>
  db
    .select({
      id: notifications.id,
      title: notifications.title,
      content: notifications.content,
      payload: notifications.payload,
      createdAt: notifications.createdAt,
      read: sql<boolean>`coalesce(${notificationStates.read}, false)`,
      archived: sql<boolean>`coalesce(${notificationStates.archived}, false)`,
    })
    .from(notifications)
    .leftJoin(notificationStates, ownState(userId));

/** The list, with or without the archived: a prepared statement each. */
const listStatement = (db: Db, includeArchived: boolean) =>
  prepared(db, includeArchived ? 'notifications_all' : 'notifications_active', (name) => {
    const userId = sql.placeholder('userId');
    return asSeenBy(db, userId)
      .where(
        and(sentTo(userId), includeArchived ? undefined : sql`${notificationStates.archived} is not true`),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(LIST_LIMIT)
      .prepare(name);
  });

export async function listNotifications(db: Db, userId: string, includeArchived: boolean) {
  const rows = await listStatement(db, includeArchived).execute({ userId });
  return rows.map(toNotification);
}

export async function unreadCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .leftJoin(notificationStates, ownState(userId))
    .where(
      and(
        sentTo(userId),
        sql`${notificationStates.read} is not true`,
        sql`${notificationStates.archived} is not true`,
      ),
    );
  return Number(row?.n ?? 0);
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
  const [row] = await asSeenBy(db, userId).where(and(eq(notifications.id, id), sentTo(userId)));
  if (!row) throw new AppError('NOT_FOUND', 'Notificación no encontrada');
  const [state] = await db
    .insert(notificationStates)
    .values({ userId, notificationId: id, read: set.read ?? false, archived: set.archived ?? false })
    .onConflictDoUpdate({
      target: [notificationStates.userId, notificationStates.notificationId],
      set: {
        read: sql`${notificationStates.read} or excluded.read`,
        archived: sql`${notificationStates.archived} or excluded.archived`,
      },
    })
    .returning();
  return toNotification({ ...row, read: state!.read, archived: state!.archived });
}

/**
 * Marks every notification of the user read, or archived and read, that is not already so: a state row is
 * written for each one never touched. Says how many changed.
 */
async function updateAll(db: DbOrTx, userId: string, archive: boolean) {
  const pending = archive ? sql`s.archived is not true` : sql`s.archived is not true and s.read is not true`;
  const result = await db.execute(sql`
    insert into ${notificationStates} as target (user_id, notification_id, read, archived)
    select ${userId}::text, ${notifications.id}, true, ${archive}::boolean
    from ${notifications}
    left join ${notificationStates} s on s.notification_id = ${notifications.id} and s.user_id = ${userId}
    where ${sentTo(userId)} and ${pending}
    on conflict (user_id, notification_id)
    do update set read = true, archived = target.archived or excluded.archived
    returning target.notification_id as id`);
  return rowsOf(result).length;
}

/** Mark all read: only non-archived ones (spec §4). */
export const markAllRead = (db: DbOrTx, userId: string) => updateAll(db, userId, false);

/** Archive all: archived and read on every non-archived one (spec §4). */
export const archiveAll = (db: DbOrTx, userId: string) => updateAll(db, userId, true);

export interface BroadcastCriteria {
  roles?: Role[];
  portfolioIds?: string[];
  userIds?: string[];
}

/**
 * The users a broadcast reaches, as a query of their ids (it can be awaited, or be the source of a statement):
 * criteria combine with AND; an empty criterion means no restriction. `portfolioIds` means users with a grant
 * on any of them; admins belong to every portfolio.
 */
export function audienceQuery(db: DbOrTx, criteria: BroadcastCriteria) {
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

import type { PortfoliosEvent } from '@crw/contracts/events';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cappedTotal, countUpTo, likeTerm, lookaheadPage, withTotal } from '../../db/pages.ts';
import {
  notificationReceipts,
  notifications,
  portfolios,
  pushSubscriptions,
  type Role,
  users,
} from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { hashPassword } from '../../lib/password.ts';
import {
  type Actor,
  defaultGlobalPermissions,
  defaultPortfolioPermissions,
  globalPermissionKeys,
  grantsOf,
  grantsWithNamesOf,
  portfolioPermissionKeys,
  putGrant,
  removeGrant,
  removeGrantsOf,
  resetGrantsOf,
} from '../../policy.ts';
import { notifyAccess, userRoom } from '../notify/index.ts';
import type { Ports } from '../ports.ts';

export type UserRow = typeof users.$inferSelect;

export interface PublicUser {
  _id: string;
  email: string;
  name: string;
  role: Role;
  permissions: string[];
  createdAt: string;
  /** Never signed in yet: an invitation may be sent again (issue 49). */
  invitationPending: boolean;
}

export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    permissions: row.permissions,
    createdAt: row.createdAt.toISOString(),
    invitationPending: row.signedInAt === null,
  };
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findActiveUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, normaliseEmail(email)), isNull(users.deletedAt)));
  return row;
}

export interface NewUser {
  email: string;
  name: string;
  role: Role;
  password: string;
  permissions?: string[];
}

export async function createUser(db: DbOrTx, input: NewUser): Promise<UserRow> {
  const email = normaliseEmail(input.email);
  if (await findActiveUserByEmail(db, email)) throw new AppError('EMAIL_TAKEN');
  const [row] = await db
    .insert(users)
    .values({
      email,
      name: input.name.trim(),
      role: input.role,
      passwordHash: await hashPassword(input.password),
      permissions: input.permissions ?? [...defaultGlobalPermissions[input.role]],
    })
    .returning();
  return row!;
}

// ——— Administration ———

/** Whose name or e-mail holds the search term (a blank term: everyone). */
function nameOrEmail(query: string | undefined) {
  const term = query?.trim();
  if (!term) return undefined;
  // The expression of the trigram index (schema/people.ts), written the same way.
  return sql`(${users.name} || ' ' || ${users.email}) ilike ${likeTerm(term)}`;
}

/** The columns the users table sorts by (the whole list, before paging). */
export const userSortKeys = ['name', 'email', 'role', 'createdAt'] as const;
export type UserSortKey = (typeof userSortKeys)[number];

export async function listUsers(
  db: DbOrTx,
  q: { page: number; limit: number; query?: string; sort?: UserSortKey; order?: 'asc' | 'desc' },
) {
  const search = nameOrEmail(q.query);
  const where = and(isNull(users.deletedAt), search);
  const offset = (q.page - 1) * q.limit;
  // Each order is an index's (schema/people.ts), read either way: the ties break in the order's direction, and an
  // active email is unique, so it needs no tie-break.
  const direction = q.order === 'desc' ? desc : asc;
  const sort = q.sort ?? 'name';
  const order =
    sort === 'email'
      ? [direction(users.email)]
      : [
          direction({ name: users.name, role: users.role, createdAt: users.createdAt }[sort]),
          direction(users.id),
        ];
  const page = (limit: number) =>
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  const matching = () => db.select({ one: sql`1` }).from(users).where(where).$dynamic();
  const shape = { page: q.page, limit: q.limit };
  if (search) {
    // A search reads one row past its page and counts nothing more (as the plan's, db/pages.ts); past the end,
    // its matches up to the page's start.
    const ahead = lookaheadPage(await page(q.limit + 1), q.limit, offset);
    const total =
      ahead.shown.length === 0 && offset > 0
        ? { total: await countUpTo(db, matching(), offset), atLeast: false }
        : { total: ahead.total, atLeast: ahead.more };
    return {
      items: ahead.shown.map(toPublicUser),
      ...withTotal(total, offset + ahead.shown.length),
      ...shape,
    };
  }
  const [rows, total] = await Promise.all([
    page(q.limit),
    // Counted along the list's own index (an ordered walk stops at the cap; no pass over every account).
    cappedTotal(db, matching().orderBy(users.name, users.id)),
  ]);
  return { items: rows.map(toPublicUser), ...withTotal(total, offset + rows.length), ...shape };
}

export async function searchUsers(db: DbOrTx, query: string) {
  return db
    .select({ _id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(isNull(users.deletedAt), nameOrEmail(query)))
    .orderBy(asc(users.name))
    .limit(20);
}

export async function getActiveUser(db: DbOrTx, id: string): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  if (!row) throw notFound('user');
  return row;
}

/**
 * Locks an active user's row for the rest of the transaction. Every write that depends on the user's role
 * or ends its sessions (role change, password, deletion, permissions, grants) takes this lock first, so two
 * of them never interleave: a grant computed from the old role cannot land after a role change has reset
 * the grants. `share` lets grant changes run side by side; `update` excludes everything else.
 */
async function lockActiveUser(tx: DbOrTx, id: string, mode: 'update' | 'share'): Promise<UserRow> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for(mode);
  if (!row) throw notFound('user');
  return row;
}

/** A role's permissions on each portfolio it is granted: an admin needs none, but may hold them all. */
const grantDefaults = (role: Role): string[] =>
  role === 'admin' ? [...portfolioPermissionKeys] : [...defaultPortfolioPermissions[role]];

/**
 * Edits a user. A role change resets the user's global permissions and every portfolio grant to the new
 * role's defaults (product-design §3), in one transaction with the user row locked, so a concurrent grant
 * change cannot leave mixed powers; re-sending the current role is not a change. A role or password change
 * bumps the token version, and once this has committed the user's sockets close.
 */
export async function updateUser(
  ports: Pick<Ports, 'db' | 'usersChanged' | 'endSessions'>,
  actor: Actor,
  id: string,
  input: { email?: string; name?: string; role?: Role; password?: string },
): Promise<UserRow> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const { user, sessionsEnded } = await ports.db.transaction(async (tx) => {
    const current = await lockActiveUser(tx, id, 'update');
    const roleChanged = input.role !== undefined && input.role !== current.role;
    if (roleChanged && actor.id === id) throw new AppError('FORBIDDEN', 'No puedes cambiar tu propio rol');
    const set: Partial<typeof users.$inferInsert> = {};
    if (input.name !== undefined) set.name = input.name.trim();
    if (input.email !== undefined && normaliseEmail(input.email) !== current.email) {
      const email = normaliseEmail(input.email);
      if (await findActiveUserByEmail(tx, email)) throw new AppError('EMAIL_TAKEN');
      set.email = email;
    }
    const sessionsEnded = roleChanged || passwordHash !== undefined;
    if (sessionsEnded) set.tokenVersion = current.tokenVersion + 1;
    if (passwordHash) set.passwordHash = passwordHash;
    if (roleChanged) {
      const role = input.role!;
      set.role = role;
      set.permissions = [...defaultGlobalPermissions[role]];
      await resetGrantsOf(tx, id, grantDefaults(role));
    }
    if (Object.keys(set).length === 0) return { user: current, sessionsEnded: false };
    const [row] = await tx.update(users).set(set).where(eq(users.id, id)).returning();
    return { user: row!, sessionsEnded };
  });
  ports.usersChanged(user.id);
  if (sessionsEnded) ports.endSessions(user.id);
  return user;
}

/**
 * Soft delete: the row stays for the history it authored; access, notifications and devices go, and the
 * token version is bumped; once this has committed, the user's sockets close.
 */
export async function deleteUser(
  ports: Pick<Ports, 'db' | 'usersChanged' | 'endSessions'>,
  actor: Actor,
  id: string,
) {
  if (actor.id === id) throw new AppError('FORBIDDEN', 'No puedes eliminar tu propia cuenta');
  await ports.db.transaction(async (tx) => {
    const current = await lockActiveUser(tx, id, 'update');
    await removeGrantsOf(tx, id);
    // Their notifications: their receipts go, and a notification left with nobody goes.
    const left = await tx
      .delete(notificationReceipts)
      .where(eq(notificationReceipts.userId, id))
      .returning({ id: notificationReceipts.notificationId });
    if (left.length > 0)
      await tx.execute(sql`
        delete from ${notifications} n
        where n.id in (select jsonb_array_elements_text(${JSON.stringify(left.map((l) => l.id))}::jsonb))
          and not exists (select 1 from ${notificationReceipts} r where r.notification_id = n.id)`);
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, id));
    await tx
      .update(users)
      .set({ deletedAt: new Date(), tokenVersion: current.tokenVersion + 1, permissions: [] })
      .where(eq(users.id, id));
  });
  ports.usersChanged(id);
  ports.endSessions(id);
}

function assertKnown(keys: string[], allowed: readonly string[], field: string) {
  const unknown = keys.filter((k) => !allowed.includes(k));
  if (unknown.length > 0) {
    throw new AppError('VALIDATION', `Permiso desconocido en '${field}': ${unknown.join(', ')}`, [
      { field, message: `Permiso desconocido: ${unknown.join(', ')}` },
    ]);
  }
}

export async function setGlobalPermissions(
  ports: Pick<Ports, 'db' | 'usersChanged'>,
  actor: Actor,
  id: string,
  permissions: string[],
) {
  if (actor.id === id) throw new AppError('FORBIDDEN', 'No puedes cambiar tus propios permisos');
  assertKnown(permissions, globalPermissionKeys, 'permissions');
  const user = await ports.db.transaction(async (tx) => {
    await lockActiveUser(tx, id, 'update');
    const [row] = await tx
      .update(users)
      .set({ permissions: [...new Set(permissions)] })
      .where(eq(users.id, id))
      .returning();
    return row!;
  });
  ports.usersChanged(user.id);
  return user;
}

export async function permissionsOf(db: DbOrTx, actor: Actor) {
  return { permissions: actor.permissions, portfolios: await grantsOf(db, actor.id) };
}

export async function listAccess(db: DbOrTx, userId: string) {
  await getActiveUser(db, userId);
  return grantsWithNamesOf(db, userId);
}

/**
 * Grants (or changes) a user's access to a portfolio: the given permissions, or the user's role defaults.
 * The user row is locked first, so the role read here is the one in force when the grant is written. A new
 * grant tells the user ('Acceso', linking to the dashboard their role may open) once this has committed, and
 * the user's open tabs hear that their portfolio list changed.
 */
export async function grantAccess(
  ports: AccessPorts,
  userId: string,
  portfolioId: string,
  permissions?: string[],
) {
  const { notifier } = ports;
  if (permissions) assertKnown(permissions, portfolioPermissionKeys, 'permissions');
  const { access, created } = await ports.db.transaction(async (tx) => {
    const user = await lockActiveUser(tx, userId, 'share');
    const [portfolio] = await tx.select().from(portfolios).where(eq(portfolios.id, portfolioId));
    if (!portfolio) throw notFound('portfolio');
    const granted = [...new Set(permissions ?? grantDefaults(user.role))];
    const before = await putGrant(tx, userId, portfolioId, granted);
    const businessName = portfolio.accountData.businessName;
    const created = before
      ? undefined
      : await notifyAccess(tx, notifier, {
          userId,
          role: user.role,
          portfolioId,
          businessName,
          access: 'granted',
        });
    return { access: { portfolioId, permissions: granted, businessName }, created };
  });
  if (created) notifier.deliver(created);
  accessChanged(ports, userId, { portfolioId, access: 'granted' });
  return access;
}

type AccessPorts = Pick<Ports, 'db' | 'notifier' | 'io' | 'usersChanged'>;

/**
 * A user's grants changed: caches and realtime audiences are read again, and every open tab of the user (on
 * every instance) hears that their portfolio list changed.
 */
function accessChanged(ports: AccessPorts, userId: string, event: PortfoliosEvent) {
  ports.usersChanged(userId);
  ports.io?.to(userRoom(userId)).emit('portfolios:changed', event);
}

/** Withdraws a user's access to a portfolio; the user is told once this has committed. */
export async function revokeAccess(ports: AccessPorts, userId: string, portfolioId: string) {
  const { notifier } = ports;
  const created = await ports.db.transaction(async (tx) => {
    await lockActiveUser(tx, userId, 'share');
    if (!(await removeGrant(tx, userId, portfolioId))) throw notFound('userWithoutAccess');
    const [portfolio] = await tx
      .select({ data: portfolios.accountData })
      .from(portfolios)
      .where(eq(portfolios.id, portfolioId));
    const businessName = portfolio?.data.businessName ?? '';
    return notifyAccess(tx, notifier, { userId, portfolioId, businessName, access: 'removed' });
  });
  notifier.deliver(created);
  accessChanged(ports, userId, { portfolioId, access: 'revoked' });
}

import { and, asc, count as countRows, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  notifications,
  portfolioAccess,
  portfolios,
  pushSubscriptions,
  type Role,
  users,
} from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { hashPassword } from '../lib/password.ts';
import {
  type Actor,
  defaultGlobalPermissions,
  defaultPortfolioPermissions,
  globalPermissionKeys,
  portfolioPermissionKeys,
} from '../policy.ts';

export type UserRow = typeof users.$inferSelect;

export interface PublicUser {
  _id: string;
  email: string;
  name: string;
  role: Role;
  permissions: string[];
  createdAt: string;
}

export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    permissions: row.permissions,
    createdAt: row.createdAt.toISOString(),
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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listUsers(db: DbOrTx, q: { page: number; limit: number; query?: string }) {
  const term = q.query?.trim();
  const where = and(
    isNull(users.deletedAt),
    term
      ? or(ilike(users.name, `%${escapeLike(term)}%`), ilike(users.email, `%${escapeLike(term)}%`))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: countRows() }).from(users).where(where),
  ]);
  return { items: rows.map(toPublicUser), total: Number(total?.n ?? 0), page: q.page, limit: q.limit };
}

export async function searchUsers(db: DbOrTx, query: string) {
  const term = query.trim();
  const rows = await db
    .select({ _id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        term
          ? or(ilike(users.name, `%${escapeLike(term)}%`), ilike(users.email, `%${escapeLike(term)}%`))
          : undefined,
      ),
    )
    .orderBy(asc(users.name))
    .limit(20);
  return rows;
}

export async function getActiveUser(db: DbOrTx, id: string): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  if (!row) throw new AppError('NOT_FOUND', 'Usuario no encontrado');
  return row;
}

export async function updateUser(
  db: DbOrTx,
  actor: Actor,
  id: string,
  input: { email?: string; name?: string; role?: Role; password?: string },
) {
  const current = await getActiveUser(db, id);
  if (input.role && input.role !== current.role && actor.id === id) {
    throw new AppError('FORBIDDEN', 'No puedes cambiar tu propio rol');
  }
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name.trim();
  if (input.email !== undefined && normaliseEmail(input.email) !== current.email) {
    const email = normaliseEmail(input.email);
    if (await findActiveUserByEmail(db, email)) throw new AppError('EMAIL_TAKEN');
    set.email = email;
  }
  // A role or password change ends every session of that user at once.
  if ((input.role && input.role !== current.role) || input.password)
    set.tokenVersion = current.tokenVersion + 1;
  if (input.role) set.role = input.role;
  if (input.password) set.passwordHash = await hashPassword(input.password);
  if (Object.keys(set).length === 0) return current;
  const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
  return row!;
}

/** Soft delete: the row stays for the history it authored; access, notifications and devices go. */
export async function deleteUser(db: DbOrTx, actor: Actor, id: string) {
  if (actor.id === id) throw new AppError('FORBIDDEN', 'No puedes eliminar tu propia cuenta');
  const current = await getActiveUser(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(portfolioAccess).where(eq(portfolioAccess.userId, id));
    await tx.delete(notifications).where(eq(notifications.userId, id));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, id));
    await tx
      .update(users)
      .set({ deletedAt: new Date(), tokenVersion: current.tokenVersion + 1, permissions: [] })
      .where(eq(users.id, id));
  });
}

function assertKnown(keys: string[], allowed: readonly string[], field: string) {
  const unknown = keys.filter((k) => !allowed.includes(k));
  if (unknown.length > 0) {
    throw new AppError('VALIDATION', `Permiso desconocido en '${field}': ${unknown.join(', ')}`, [
      { field, message: `Permiso desconocido: ${unknown.join(', ')}` },
    ]);
  }
}

export async function setGlobalPermissions(db: DbOrTx, actor: Actor, id: string, permissions: string[]) {
  if (actor.id === id) throw new AppError('FORBIDDEN', 'No puedes cambiar tus propios permisos');
  assertKnown(permissions, globalPermissionKeys, 'permissions');
  await getActiveUser(db, id);
  const [row] = await db
    .update(users)
    .set({ permissions: [...new Set(permissions)] })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

export async function permissionsOf(db: DbOrTx, actor: Actor) {
  const grants = await db
    .select({ portfolioId: portfolioAccess.portfolioId, permissions: portfolioAccess.permissions })
    .from(portfolioAccess)
    .where(eq(portfolioAccess.userId, actor.id));
  return { permissions: actor.permissions, portfolios: grants };
}

export async function listAccess(db: DbOrTx, userId: string) {
  await getActiveUser(db, userId);
  return db
    .select({
      portfolioId: portfolioAccess.portfolioId,
      permissions: portfolioAccess.permissions,
      businessName: sql<string>`${portfolios.accountData}->>'businessName'`,
    })
    .from(portfolioAccess)
    .innerJoin(portfolios, eq(portfolios.id, portfolioAccess.portfolioId))
    .where(eq(portfolioAccess.userId, userId))
    .orderBy(asc(portfolios.createdAt));
}

export async function grantAccess(db: DbOrTx, userId: string, portfolioId: string, permissions?: string[]) {
  const user = await getActiveUser(db, userId);
  const [portfolio] = await db.select().from(portfolios).where(eq(portfolios.id, portfolioId));
  if (!portfolio) throw new AppError('NOT_FOUND', 'Portafolio no encontrado');
  if (permissions) assertKnown(permissions, portfolioPermissionKeys, 'permissions');
  const granted = [
    ...new Set(
      permissions ??
        (user.role === 'admin' ? portfolioPermissionKeys : defaultPortfolioPermissions[user.role]),
    ),
  ];
  await db
    .insert(portfolioAccess)
    .values({ userId, portfolioId, permissions: granted })
    .onConflictDoUpdate({
      target: [portfolioAccess.userId, portfolioAccess.portfolioId],
      set: { permissions: granted },
    });
  return { portfolioId, permissions: granted, businessName: portfolio.accountData.businessName };
}

export async function revokeAccess(db: DbOrTx, userId: string, portfolioId: string) {
  await getActiveUser(db, userId);
  const deleted = await db
    .delete(portfolioAccess)
    .where(and(eq(portfolioAccess.userId, userId), eq(portfolioAccess.portfolioId, portfolioId)))
    .returning({ userId: portfolioAccess.userId });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', 'El usuario no tiene acceso a ese portafolio');
}

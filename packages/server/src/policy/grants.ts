import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { portfolioAccess } from '../db/schema/grants.ts';
import { portfolios } from '../db/schema.ts';

/**
 * The grants table (`portfolio_access`), read and written here and nowhere else. These are its statements,
 * keyed by ids and deciding nothing: what a grant lets someone do is policy.ts's answer, which re-exports
 * what the services need. Only the policy imports this module.
 */

/** A user's grants, as stored: each portfolio with the permissions written on it. */
export const grantsOf = (db: DbOrTx, userId: string) =>
  db
    .select({ portfolioId: portfolioAccess.portfolioId, permissions: portfolioAccess.permissions })
    .from(portfolioAccess)
    .where(eq(portfolioAccess.userId, userId));

/** A user's grant on one portfolio (undefined: none). */
export async function grantOf(db: DbOrTx, userId: string, portfolioId: string) {
  const [grant] = await db
    .select({ permissions: portfolioAccess.permissions })
    .from(portfolioAccess)
    .where(and(eq(portfolioAccess.userId, userId), eq(portfolioAccess.portfolioId, portfolioId)));
  return grant?.permissions;
}

/** A user's grants with each portfolio's name, in the order the portfolios were created (the admin's list). */
export const grantsWithNamesOf = (db: DbOrTx, userId: string) =>
  db
    .select({
      portfolioId: portfolioAccess.portfolioId,
      permissions: portfolioAccess.permissions,
      businessName: sql<string>`${portfolios.accountData}->>'businessName'`,
    })
    .from(portfolioAccess)
    .innerJoin(portfolios, eq(portfolios.id, portfolioAccess.portfolioId))
    .where(eq(portfolioAccess.userId, userId))
    .orderBy(asc(portfolios.createdAt));

/**
 * A user's grant on the portfolio of a row, read with the row itself (a left join), so that a load and its access
 * check are one query: `.select({ …, grant: g.permissions }).from(items).leftJoin(...g.join)` with
 * `g = grantJoin(userId, items.portfolioId)`. `grant` is null when there is none.
 */
export const grantJoin = (userId: string, portfolioId: AnyPgColumn) => ({
  permissions: portfolioAccess.permissions,
  join: [
    portfolioAccess,
    and(eq(portfolioAccess.portfolioId, portfolioId), eq(portfolioAccess.userId, userId)),
  ] as const,
});

/** The join condition of `users` with their grant on a portfolio (the portfolio's people, policy.membersOf). */
export const userGrantJoin = (userColumn: AnyPgColumn, portfolioId: string) => ({
  permissions: portfolioAccess.permissions,
  portfolioId: portfolioAccess.portfolioId,
  join: [
    portfolioAccess,
    and(eq(portfolioAccess.userId, userColumn), eq(portfolioAccess.portfolioId, portfolioId)),
  ] as const,
});

/**
 * A user's grant on a portfolio as a scalar subquery, for a statement that reads it once whatever its rows (an
 * InitPlan on PostgreSQL): null when there is none.
 */
export const grantSubquery = (userId: SQL, portfolioId: SQL): SQL<string[] | null> =>
  sql`(select ${portfolioAccess.permissions} from ${portfolioAccess} where ${portfolioAccess.userId} = ${userId} and ${portfolioAccess.portfolioId} = ${portfolioId})`;

/** The users whose grant on one of `portfolioIds` holds `permission`, as a subquery of their ids. */
export const usersGranted = (db: DbOrTx, portfolioIds: readonly string[], permission: string) =>
  db
    .select({ id: portfolioAccess.userId })
    .from(portfolioAccess)
    .where(
      and(
        inArray(portfolioAccess.portfolioId, [...portfolioIds]),
        sql`${portfolioAccess.permissions} @> ${JSON.stringify([permission])}::jsonb`,
      ),
    );

/** A condition on a portfolio id column: the user's grant on it holds `permission`. */
export const portfolioGranted = (column: AnyPgColumn, userId: string, permission: string): SQL =>
  sql`${column} in (select ${portfolioAccess.portfolioId} from ${portfolioAccess} where ${portfolioAccess.userId} = ${userId} and ${portfolioAccess.permissions} @> ${JSON.stringify([permission])}::jsonb)`;

// ——— Writes ———

/** Grants a portfolio unless the user already holds a grant on it (which stays as it is). */
export async function addGrant(db: DbOrTx, userId: string, portfolioId: string, permissions: string[]) {
  await db.insert(portfolioAccess).values({ userId, portfolioId, permissions }).onConflictDoNothing();
}

/** Writes a user's grant on a portfolio, new or not; answers whether there was one before. */
export async function putGrant(db: DbOrTx, userId: string, portfolioId: string, permissions: string[]) {
  const [before] = await db
    .select({ userId: portfolioAccess.userId })
    .from(portfolioAccess)
    .where(and(eq(portfolioAccess.userId, userId), eq(portfolioAccess.portfolioId, portfolioId)));
  await db
    .insert(portfolioAccess)
    .values({ userId, portfolioId, permissions })
    .onConflictDoUpdate({
      target: [portfolioAccess.userId, portfolioAccess.portfolioId],
      set: { permissions },
    });
  return before !== undefined;
}

/** Removes a user's grant on a portfolio; answers whether there was one. */
export async function removeGrant(db: DbOrTx, userId: string, portfolioId: string) {
  const deleted = await db
    .delete(portfolioAccess)
    .where(and(eq(portfolioAccess.userId, userId), eq(portfolioAccess.portfolioId, portfolioId)))
    .returning({ userId: portfolioAccess.userId });
  return deleted.length > 0;
}

/** Writes the same permissions on every grant of a user (a change of role resets them to its defaults). */
export async function resetGrantsOf(db: DbOrTx, userId: string, permissions: string[]) {
  await db.update(portfolioAccess).set({ permissions }).where(eq(portfolioAccess.userId, userId));
}

/** Removes every grant of a user (the user is deleted). */
export async function removeGrantsOf(db: DbOrTx, userId: string) {
  await db.delete(portfolioAccess).where(eq(portfolioAccess.userId, userId));
}

import { type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** A list's total is counted up to here; past it, the page says `atLeast` (issue 30: no page reads every row). */
export const TOTAL_CAP = 1000;

/**
 * How many rows a list's query matches, counted up to `TOTAL_CAP`: the count reads at most that many entries,
 * however many there are. `atLeast` says the cap was reached (the total is a lower bound).
 */
export async function cappedTotal(
  db: DbOrTx,
  matching: PgSelect | SQL,
): Promise<{ total: number; atLeast: boolean }> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sql`(${matching} limit ${TOTAL_CAP}) as capped`);
  const n = Number(row?.n ?? 0);
  return { total: n, atLeast: n >= TOTAL_CAP };
}

/** The page's shape with a capped total: `atLeast` only when the cap was reached. */
export const withTotal = (count: { total: number; atLeast: boolean }, shown: number) =>
  count.atLeast ? { total: Math.max(count.total, shown), atLeast: true as const } : { total: count.total };

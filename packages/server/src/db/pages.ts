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
  const n = await countUpTo(db, matching, TOTAL_CAP);
  return { total: n, atLeast: n >= TOTAL_CAP };
}

/** How many rows `matching` (a query without its own limit) gives, counted up to `cap`. */
export async function countUpTo(db: DbOrTx, matching: PgSelect | SQL, cap: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sql`(${matching} limit ${cap}) as capped`);
  return Number(row?.n ?? 0);
}

/** The page's shape with a capped total: `atLeast` only when the cap was reached. */
export const withTotal = (count: { total: number; atLeast: boolean }, shown: number) =>
  count.atLeast ? { total: Math.max(count.total, shown), atLeast: true as const } : { total: count.total };

/** `%term%` for `ilike`: `%`, `_` and a backslash in the term are taken literally. */
export const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A text search's page, read one row past its end (`limit + 1` rows): its total says how far the matches go, and
 * `more` that there are others past this page (the total then a lower bound). Counting a common term's matches
 * cannot be flat (a term in one row of ten has 10,000 matches in 100,000 rows); this is what search engines show
 * («1–50 de muchos»). Past the end (no row), the caller counts the matches up to the page's start.
 */
export function lookaheadPage<T>(rows: T[], limit: number, offset: number) {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  return { shown, more, total: offset + shown.length + (more ? 1 : 0) };
}

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_QUERIES, type SearchWorld, seedSearch } from '../bench/search-seed.ts';
import { type Database, rowsOf } from '../src/db/client.ts';
import type { Actor } from '../src/policy.ts';
import { search, searchStatement } from '../src/services/search/index.ts';
import { freshDatabase, testDb } from './helpers.ts';
import { faults, type PlanNode, usesIndex } from './support/query-plans.ts';

/**
 * The search at 100,000 pieces (issue 49, point 3) on PostgreSQL: every question is answered through the words'
 * GIN indexes (items_search_words_idx, comments_search_words_idx), never by reading the pieces or the comments
 * whole, and ranks at most its capped candidates. The bench's row (bench/search.ts) times the same questions.
 */
describe.runIf(testDb === 'postgres')('search at scale (PostgreSQL)', () => {
  let database: Database;
  let w: SearchWorld;
  const actors = (): Record<string, Actor> => ({
    admin: { id: 'nobody', role: 'admin', permissions: [] },
    employee: { id: w.employeeId, role: 'employee', permissions: [] },
    client: { id: w.clientId, role: 'client', permissions: [] },
  });

  beforeAll(async () => {
    database = await freshDatabase();
    w = await seedSearch((text) => database.db.execute(sql.raw(text)), 100_000, 'plan');
  }, 300_000);
  afterAll(() => database?.close());

  it('reads through the GIN indexes for every question and caller, within the read limits', async () => {
    for (const [name, actor] of Object.entries(actors())) {
      for (const q of SEARCH_QUERIES) {
        const statement = (await searchStatement(database.db, actor, { q, limit: 20 }))!;
        const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(
          await database.db.execute(sql`explain (analyze, format json) ${statement}`),
        );
        const plan = (row!['QUERY PLAN'] as Array<{ Plan: PlanNode; 'Execution Time': number }>)[0]!;
        const where = `${name} «${q}»`;
        expect(faults(plan.Plan), where).toEqual([]);
        expect(usesIndex(plan.Plan, 'items_search_words_idx'), where).toBe(true);
        expect(usesIndex(plan.Plan, 'comments_search_words_idx'), where).toBe(true);
        // Far under the bench's 50 ms p95 goal on an idle machine; a loose bound here (the CI machine is shared).
        expect(plan['Execution Time'], where).toBeLessThan(250);
      }
    }
  }, 120_000);

  it('answers the client only from the client view at scale', async () => {
    const { client } = actors();
    for (const q of SEARCH_QUERIES) {
      const { items } = await search(database.db, client!, { q, limit: 50 });
      expect(
        items.every(
          (h) =>
            (h.portfolioId === w.portfolioId && h.url.includes('/review?item=')) || h.type === 'portfolio',
        ),
        q,
      ).toBe(true);
      const ids = items.filter((h) => h.itemId).map((h) => h.itemId!);
      if (ids.length === 0) continue;
      const hidden = rowsOf<{ n: number }>(
        await database.db.execute(
          sql`select count(*)::int as n from items where id in ${ids} and status not in ('client_review', 'client_changes', 'approved')`,
        ),
      );
      expect(hidden[0]!.n, q).toBe(0);
      const internal = items.filter((h) => h.type === 'comment').map((h) => h.id);
      if (internal.length)
        expect(
          rowsOf<{ n: number }>(
            await database.db.execute(
              sql`select count(*)::int as n from comments where id in ${internal} and visibility <> 'client'`,
            ),
          )[0]!.n,
        ).toBe(0);
    }
  }, 60_000);
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { TOTAL_CAP } from '../src/db/pages.ts';
import { comments } from '../src/db/schema.ts';
import { commentPageQuery, listComments } from '../src/services/review/comments.ts';
import { createTestApp, makePortfolio, makeUser, type TestContext, testDb } from './helpers.ts';

/**
 * A page of a long thread reads its rows from `comments_entity_idx` (a client's: `comments_entity_client_idx`) in order, with no sort of the whole thread,
 * even on a table the planner has no statistics for yet (a new database, or one written to faster than autovacuum
 * analyses it: the bench's soak, where the list's median grew with the threads before migration 0007).
 */
describe(`a page of a long comment thread on ${testDb}`, () => {
  let ctx: TestContext;
  const entity = { type: 'item' as const, id: randomUUID() };
  beforeAll(async () => {
    ctx = await createTestApp();
    const author = await makeUser(ctx.app, 'employee');
    const portfolio = await makePortfolio(ctx.app, [author]);
    const start = Date.parse('2026-11-01T10:00:00Z');
    await ctx.app.db.insert(comments).values(
      Array.from({ length: 2000 }, (_, i) => ({
        portfolioId: portfolio._id,
        entityType: entity.type,
        entityId: entity.id,
        body: `<p>Comentario ${i}</p>`,
        visibility: 'client' as const,
        authorId: author.id,
        // Pairs share a time: the id orders them.
        createdAt: new Date(start + Math.floor(i / 2) * 1000),
      })),
    );
  });
  afterAll(() => ctx?.close());

  /** The plan of the list's own query (the service's builder, its parameters written in as literals). */
  async function plan(internal: boolean, page: number, order: 'asc' | 'desc' = 'asc') {
    const query = commentPageQuery(ctx.app.db, entity, internal, { page, limit: 20, order }).toSQL();
    const text = query.sql.replace(/\$(\d+)/g, (_m, n: string) => {
      const value = query.params[Number(n) - 1];
      return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
    });
    const result = await ctx.app.db.execute(sql.raw(`explain ${text}`));
    return rowsOf<{ 'QUERY PLAN': string }>(result)
      .map((r) => r['QUERY PLAN'])
      .join('\n');
  }

  // A client reads the thread through the index of the comments meant for clients (schema/comments.ts).
  it.each([
    ['staff', true, 'comments_entity_idx'],
    ['a client', false, 'comments_entity_client_idx'],
  ])('for %s: an ordered index scan, no sort, oldest or newest first', async (_who, internal, index) => {
    for (const order of ['asc', 'desc'] as const)
      for (const page of [1, 3]) {
        const text = await plan(internal, page, order);
        expect(text, `${order}, page ${page}`).toMatch(new RegExp(`\\b${index}\\b`));
        expect(text, `${order}, page ${page}`).not.toMatch(/\bSort\b/);
      }
  });

  it('newest first: the same thread read backwards, page after page', async () => {
    const oldest = await commentPageQuery(ctx.app.db, entity, true, { page: 1, limit: 2000 });
    const pages = await Promise.all(
      [1, 2].map((page) => commentPageQuery(ctx.app.db, entity, true, { page, limit: 20, order: 'desc' })),
    );
    const newest = pages.flat().map((r) => r.c.id);
    expect(newest).toEqual(
      oldest
        .map((r) => r.c.id)
        .reverse()
        .slice(0, 40),
    );
  });

  it('the total is counted up to the cap and said to be a lower bound past it', async () => {
    const reader = { id: randomUUID(), role: 'admin' as const, permissions: [] };
    const page = await listComments(ctx.app.db, entity, true, { page: 1, limit: 20 }, reader);
    expect(page.items).toHaveLength(20);
    expect(page.total).toBe(TOTAL_CAP);
    expect(page.atLeast).toBe(true);
  });

  it('pages in created_at, then id, order', async () => {
    const first = await commentPageQuery(ctx.app.db, entity, true, { page: 1, limit: 20 });
    const second = await commentPageQuery(ctx.app.db, entity, true, { page: 2, limit: 20 });
    const rows = [...first, ...second].map((r) => r.c);
    expect(rows.map((r) => r.body)).toHaveLength(40);
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(
        a.createdAt.getTime() < b.createdAt.getTime() || (+a.createdAt === +b.createdAt && a.id < b.id),
      ).toBe(true);
    }
  });
});

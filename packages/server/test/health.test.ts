import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, testDb } from './helpers.ts';

describe(`health on ${testDb}`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers 200 ok while the database answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      checks: { database: { state: 'ok' }, redis: { state: 'off' }, smtp: { state: 'off' } },
    });
    expect(ctx.database.kind).toBe(testDb);
  });

  it('serves the OpenAPI document and answers unknown API paths with a JSON 404', async () => {
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths['/auth/login'].post.operationId).toBe('login');
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/nada' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Ruta no encontrada', code: 'ROUTE_NOT_FOUND' });
  });

  // PostgreSQL only (PGlite has no server to end connections): defined only in the postgres project.
  (testDb === 'postgres' ? it : ((() => undefined) as unknown as typeof it))(
    'survives PostgreSQL ending its idle connections, and answers on new ones',
    async () => {
      // Warm the pool (three statements at once: three connections; the health probe runs once a second), then
      // have PostgreSQL end every other connection to this test's own database.
      await Promise.all([1, 2, 3].map(() => ctx.app.db.execute(sql`select pg_sleep(0.05)`)));
      const pool = (ctx.app.db as unknown as { $client: pg.Pool }).$client;
      const open = pool.totalCount;
      const result = (await ctx.app.db.execute(sql`
        select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`)) as unknown as {
        rows: Array<{ ended: number }>;
      };
      expect(result.rows[0]!.ended).toBeGreaterThan(0);
      // The next request comes once the pool has seen its connections end (and discarded them).
      await expect.poll(() => pool.totalCount).toBe(open - result.rows[0]!.ended);
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
    },
  );

  it('answers 503 when the database stops answering', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'down',
      checks: { database: { state: 'down', error: 'La base de datos no responde' } },
    });
    await other.app.close();
  });
});

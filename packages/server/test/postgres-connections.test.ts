import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPool,
  isConnectionError,
  isRetryableRead,
  lostDatabaseConnection,
  RECOVERY_SETTLE_MS,
} from '../src/db/postgres.ts';
import { createDrainLoop } from '../src/lib/drain-loop.ts';
import { errorsPlugin } from '../src/plugins/errors.ts';
import {
  callsAs,
  createTestApp,
  freshDatabase,
  makePortfolio,
  makeUser,
  type TestContext,
  type TestUser,
  testDb,
} from './helpers.ts';

/**
 * Issue 45: PostgreSQL lost is a short 503, then recovery. Which errors are a lost connection and how the API
 * answers them (both projects); on PostgreSQL, the pool itself: a read lost with its connection is run once
 * more, a write never; a transaction's client whose connection ends neither ends the process nor keeps its
 * pool slot; the outage is told once; and no transaction sends a statement before the previous one answered.
 * The whole server under `pg_terminate_backend` is the fault suite's (test/faults/postgres.test.ts).
 */

/** drizzle's error for a failed statement, as it wraps the driver's. */
const queryError = (cause: unknown) =>
  Object.assign(new Error('Failed query: select 1\nparams: '), { query: 'select 1', params: [], cause });
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a lost connection, told apart from other errors', () => {
  it('is a lost connection: an ended backend, a refused or reset socket, pg’s own words', () => {
    for (const error of [
      queryError(withCode('terminating connection due to administrator command', '57P01')),
      queryError(withCode('the database system is starting up', '57P03')),
      queryError(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')),
      queryError(new Error('Client has encountered a connection error and is not queryable')),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ])
      expect(lostDatabaseConnection(error), error.message).toBe(true);
    for (const error of [
      queryError(withCode('duplicate key value violates unique constraint', '23505')),
      queryError(withCode('canceling statement due to statement timeout', '57014')),
      // The same socket error from another client (storage, a webhook) is not the database's.
      withCode('connect ECONNREFUSED 127.0.0.1:9000', 'ECONNREFUSED'),
      new Error('Connection refused by the SMTP server'),
    ])
      expect(lostDatabaseConnection(error), error.message).toBe(false);
    expect(isConnectionError(withCode('read ECONNRESET', 'ECONNRESET'))).toBe(true);
  });

  it('runs again only statements that only read', () => {
    expect(isRetryableRead('select "id", "updated_at" from "items" where "id" = $1')).toBe(true);
    expect(isRetryableRead('  with t as (select 1) select * from t')).toBe(true);
    expect(
      isRetryableRead('with sent as (insert into r select 1 returning id) select json_agg(id) from sent'),
    ).toBe(false);
    expect(isRetryableRead('update "items" set "title" = $1')).toBe(false);
    expect(isRetryableRead('insert into "items" ("id") values ($1)')).toBe(false);
    expect(isRetryableRead('select * from "items" for update')).toBe(false);
    expect(isRetryableRead("select nextval('s')")).toBe(false);
    expect(isRetryableRead('begin')).toBe(false);
  });

  it('a worker’s poll that lost the database is not logged again (app.health logs the outage once)', async () => {
    const logged: unknown[] = [];
    let failure: Error = queryError(withCode('terminating connection due to administrator command', '57P01'));
    const loop = createDrainLoop({
      drainOnce: async () => {
        throw failure;
      },
      pollMs: 60_000,
      onError: (err) => logged.push(err),
    });
    loop.kick();
    await new Promise((r) => setTimeout(r, 10));
    expect(logged).toEqual([]);
    failure = new Error('otro fallo');
    loop.kick();
    await new Promise((r) => setTimeout(r, 10));
    expect(logged).toEqual([failure]);
    await loop.stop();
  });

  it('answers 503 SERVICE_UNAVAILABLE in Spanish, never a 500; another client’s socket error stays a 500', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/lost', async () => {
      throw queryError(withCode('terminating connection due to administrator command', '57P01'));
    });
    app.get('/other', async () => {
      throw withCode('connect ECONNREFUSED 127.0.0.1:9000', 'ECONNREFUSED');
    });
    const lost = await app.inject({ method: 'GET', url: '/lost' });
    expect(lost.statusCode).toBe(503);
    expect(lost.headers['retry-after']).toBe('1');
    expect(lost.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Sin conexión con la base de datos. Inténtalo de nuevo en unos segundos.',
    });
    expect((await app.inject({ method: 'GET', url: '/other' })).json().code).toBe('INTERNAL');
    await app.close();
  });
});

// PostgreSQL only (PGlite has no server to lose): defined only in the postgres project.
if (testDb === 'postgres')
  describe('the PostgreSQL pool when the server ends its connections', () => {
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    let admin: pg.Client;
    beforeAll(async () => {
      database = await freshDatabase();
      admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      await admin.query('create table t (n int)');
    });
    afterAll(async () => {
      await admin.end();
      await database.close();
    });

    /** Ends the backends of this database running a statement that contains `marker` (all others: none given). */
    const terminate = async (marker?: string) => {
      const { rows } = await admin.query<{ ended: number }>(
        `select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()
           and ($1::text is null or (query like $1 and state = 'active'))`,
        [marker === undefined ? null : `%${marker}%`],
      );
      return rows[0]!.ended;
    };
    /** Waits until a backend runs a statement containing `marker`, then ends it. */
    const terminateWhenRunning = async (marker: string) => {
      await expect.poll(() => terminate(marker), { timeout: 5_000, interval: 20 }).toBe(1);
    };
    const rowsOfT = async () =>
      (await admin.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n;

    it('runs a read once more on a new connection when its connection ends under it', async () => {
      const { pool, watch } = createPool(database.url!);
      const heard: boolean[] = [];
      watch((ok) => heard.push(ok));
      try {
        const read = pool.query("select 'leída' as x, pg_sleep(0.3) as read_marker");
        await terminateWhenRunning('read_marker');
        expect((await read).rows[0].x).toBe('leída');
        expect(heard[0]).toBe(false);
      } finally {
        await pool.end();
      }
    });

    it('never runs a write again: it fails with its connection, and was applied at most once', async () => {
      const { pool } = createPool(database.url!);
      try {
        // Its failure is taken at once: it can settle while the termination is still being polled for, and a
        // rejection without a handler by then is an unhandled one (CI, once).
        const write = pool.query('insert into t select 1 from pg_sleep(0.3) as write_marker').then(
          () => undefined,
          (e: unknown) => e,
        );
        await terminateWhenRunning('write_marker');
        const error = await write;
        expect(isConnectionError(error)).toBe(true);
        await new Promise((r) => setTimeout(r, 500)); // a second run would have inserted by now
        expect(await rowsOfT()).toBe(0);
      } finally {
        await pool.end();
      }
    });

    it('a transaction whose connection ends: no crash, rolled back, its pool slot given back', async () => {
      const { pool } = createPool(database.url!);
      pool.options.max = 2;
      const db = drizzle({ client: pool });
      try {
        // More transactions than the pool has slots: a slot kept by a dead client would stall the last ones.
        for (let i = 0; i < 4; i++) {
          const error = await db
            .transaction(async (tx) => {
              await tx.execute(sql`insert into t values (2)`);
              const [{ pid }] = (await tx.execute(sql`select pg_backend_pid() as pid`)).rows as [
                { pid: number },
              ];
              await admin.query('select pg_terminate_backend($1)', [pid]);
              // The client hears its connection end while idle in the transaction: an 'error' event.
              await new Promise((r) => setTimeout(r, 100));
              await tx.execute(sql`insert into t values (3)`);
            })
            .then(
              () => undefined,
              (e: unknown) => e,
            );
          expect(lostDatabaseConnection(error), String(error)).toBe(true);
        }
        expect(await rowsOfT()).toBe(0);
        // A client checked out and lost before anyone used it goes back by itself (drizzle releases only after
        // its BEGIN succeeded); releasing it afterwards is harmless.
        const client = await pool.connect();
        const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
        const errored = new Promise((r) => client.once('error', r));
        await admin.query('select pg_terminate_backend($1)', [pid]);
        await errored;
        expect(pool.totalCount).toBe(0);
        client.release();
        expect((await db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
      } finally {
        await pool.end();
      }
    });

    it('tells one outage once: down at the first failed statement, back only after a quiet second', async () => {
      let clock = 0;
      const { pool, watch, settled } = createPool(database.url!, () => clock);
      const heard: boolean[] = [];
      watch((ok) => heard.push(ok));
      try {
        // Idle connections ended (a server may close them on purpose) are no outage: nobody's work failed.
        await Promise.all([pool.query('select pg_sleep(0.05)'), pool.query('select pg_sleep(0.05)')]);
        heard.length = 0;
        expect(await terminate()).toBeGreaterThanOrEqual(2);
        await expect.poll(() => pool.totalCount).toBe(0);
        expect(heard).toEqual([]);
        expect(settled()).toBe(true);
        // A statement that loses its connection is: down, and its second try's success is too soon to say ok.
        const read = pool.query('select pg_sleep(0.3) as outage_marker');
        await terminateWhenRunning('outage_marker');
        await read;
        expect(heard).toEqual([false]);
        expect(settled()).toBe(false);
        clock += RECOVERY_SETTLE_MS;
        await pool.query('select 1');
        expect(heard).toEqual([false, true]);
        expect(settled()).toBe(true);
      } finally {
        await pool.end();
      }
    });
  });

if (testDb === 'postgres')
  describe('a transaction sends one statement at a time', () => {
    let ctx: TestContext;
    let author: TestUser;
    let reviewer: TestUser;
    let client: TestUser;
    const { ok } = callsAs(() => ctx.app);
    /** Statements sent to a client still answering another one (pg queues them; deprecated, removed in pg 9). */
    const overlaps: string[] = [];
    const query = pg.Client.prototype.query;
    beforeAll(async () => {
      // Every client of this process is watched (the pool's clients are pg.Client's).
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const busy = this as unknown as { _activeQuery?: unknown; _queryQueue: unknown[] };
        if (busy._activeQuery || busy._queryQueue.length > 0) overlaps.push(new Error('overlap').stack ?? '');
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query;
      ctx = await createTestApp();
      author = await makeUser(ctx.app, 'employee');
      reviewer = await makeUser(ctx.app, 'employee');
      client = await makeUser(ctx.app, 'client');
    });
    afterAll(async () => {
      pg.Client.prototype.query = query;
      await ctx.close();
    });

    it('a comment with mentions and followers, an item through its review, a broadcast', async () => {
      const admin = await makeUser(ctx.app, 'admin');
      const portfolioId = (await makePortfolio(ctx.app, [author, reviewer, client]))._id;
      const cycleId = (
        await ok(author, 'POST', `/api/production/portfolios/${portfolioId}/start`, { cycleDuration: 14 })
      )._id;
      const item = await ok(author, 'POST', `/api/production/cycles/${cycleId}/items`, { title: 'Reel' });
      const mention = (u: TestUser) => `<span data-mention-id="${u.id}">@${u.role}</span>`;
      const comment = (u: TestUser, body: string, visibility?: string) =>
        ok(u, 'POST', '/api/comments', { entityId: item._id, entityType: 'item', body, visibility });
      await comment(reviewer, `<p>Mira esto ${mention(author)}</p>`);
      await comment(author, '<p>Hecho</p>');
      await ok(author, 'POST', `/api/production/items/${item._id}/mark-for-internal-review`, {
        materialData: { copy: '<p>Uno</p>' },
      });
      await ok(reviewer, 'POST', `/api/production/items/${item._id}/approve-for-client`, {});
      await comment(reviewer, `<p>Para ti ${mention(client)} y ${mention(author)}</p>`, 'client');
      await ok(client, 'POST', `/api/production/items/${item._id}/approve-client-review`, {});
      await ok(admin, 'POST', '/api/notifications/broadcast', {
        title: 'Aviso',
        content: 'Hola',
        url: '/admin/users',
      });
      expect(overlaps).toEqual([]);
    });
  });

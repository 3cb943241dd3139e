/**
 * PGlite's read cache (src/db/read-cache.ts): a read is answered again only while nothing has been written. First
 * the wrapper on its own (what counts as a write, a write that finishes during a read), then the item list through
 * the API: every kind of change (an edit, a new item, a grant revoked) shows on the very next read.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackWrites } from '../src/db/read-cache.ts';
import {
  createTestApp,
  makePortfolio,
  makeUser,
  type TestContext,
  type TestUser,
  testDb,
} from './helpers.ts';

describe('PGlite read cache', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = new PGlite();
    await pg.exec('create table t (n int)');
  });
  afterAll(() => pg.close());

  /** A read that counts how often it really asked the database. */
  function counter(client: PGlite) {
    let asked = 0;
    return {
      read: async () => {
        asked += 1;
        return (await client.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n;
      },
      asked: () => asked,
    };
  }

  it('answers again until a write, a transaction or an exec finishes; a plain select is not a write', async () => {
    const { client, cache } = trackWrites(pg);
    const c = counter(client);
    expect(await cache.get('k', c.read)).toBe(0);
    expect(await cache.get('k', c.read)).toBe(0);
    await client.query('select 1');
    expect(await cache.get('k', c.read)).toBe(0);
    expect(c.asked()).toBe(1);

    await client.query('insert into t values (1)');
    expect(await cache.get('k', c.read)).toBe(1);
    expect(c.asked()).toBe(2);

    await client.transaction(async (tx) => {
      await tx.query('insert into t values (2)');
    });
    expect(await cache.get('k', c.read)).toBe(2);

    // A rolled-back transaction counts too (erring towards reading again), and so does a failed statement.
    expect(c.asked()).toBe(3);
    await expect(
      client.transaction(async () => {
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await cache.get('k', c.read)).toBe(2);
    expect(c.asked()).toBe(4);
    await expect(client.query('insert into nope values (1)')).rejects.toThrow();
    expect(await cache.get('k', c.read)).toBe(2);
    expect(c.asked()).toBe(5);
    await client.exec('insert into t values (3)');
    expect(await cache.get('k', c.read)).toBe(3);
    expect(await cache.get('k', c.read)).toBe(3);
    expect(c.asked()).toBe(6);
    // Another key is its own answer.
    expect(await cache.get('other', async () => 'x')).toBe('x');
  });

  it('does not keep a read that a write finished during', async () => {
    const { client, cache } = trackWrites(pg);
    const c = counter(client);
    let release: (() => void) | undefined;
    const slow = cache.get('k', async () => {
      const n = await c.read();
      await new Promise<void>((r) => (release = r));
      return n;
    });
    // The write comes once the read has been made and its answer is still on its way to the cache.
    await expect.poll(() => release).toBeDefined();
    await client.query('insert into t values (4)');
    release?.();
    const before = await slow;
    // The answer read before the write is not kept: the next read asks again and sees it.
    expect(await cache.get('k', c.read)).toBe(before + 1);
    expect(c.asked()).toBe(2);
  });

  it('keeps at most 200 answers, the least recently used going first', async () => {
    const { cache } = trackWrites(pg);
    let asked = 0;
    const read = async () => ++asked;
    for (let i = 0; i < 201; i++) await cache.get(`k${i}`, read);
    expect(asked).toBe(201);
    await cache.get('k200', read);
    expect(asked).toBe(201);
    await cache.get('k0', read); // the oldest: gone
    expect(asked).toBe(202);
  });
});

// The API over PGlite (where the cache is on); on PostgreSQL the same reads always reach the database.
describe(`the item list through the API (${testDb})`, () => {
  let ctx: TestContext;
  let admin: TestUser;
  let employee: TestUser;
  let portfolioId: string;
  let cycleId: string;
  const as = (u: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const list = (u: TestUser) =>
    as(u, 'GET', `/api/production/cycles/${cycleId}/items?limit=50&sort=createdAt`);

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await makeUser(ctx.app, 'admin');
    employee = await makeUser(ctx.app, 'employee');
    portfolioId = (await makePortfolio(ctx.app, [employee]))._id;
    cycleId = (
      await as(employee, 'POST', '/api/production/cycles', {
        portfolioId,
        startDate: '2042-03-01',
        endDate: '2042-03-31',
      })
    ).json()._id;
  });
  afterAll(() => ctx.close());

  it('is on for PGlite only', () => {
    expect(Boolean(ctx.app.database.reads)).toBe(testDb === 'pglite');
  });

  it('shows an edit, a new item and a revoked grant on the very next read; each viewer gets their own page', async () => {
    const item = (
      await as(employee, 'POST', `/api/production/cycles/${cycleId}/items`, { title: 'Primera' })
    ).json();
    expect((await list(employee)).json().items.map((i: { title: string }) => i.title)).toEqual(['Primera']);
    expect((await list(employee)).json().total).toBe(1);

    const edited = await as(employee, 'PUT', `/api/production/items/${item._id}`, {
      title: 'Primera, editada',
      version: item.version,
    });
    expect(edited.statusCode).toBe(200);
    expect((await list(employee)).json().items[0].title).toBe('Primera, editada');

    await as(employee, 'POST', `/api/production/cycles/${cycleId}/items`, { title: 'Segunda' });
    expect((await list(employee)).json().total).toBe(2);

    // Read (and kept) with access, then the grant goes: the next read is 404.
    expect((await list(employee)).statusCode).toBe(200);
    const revoke = await as(admin, 'DELETE', `/api/users/${employee.id}/portfolio-access/${portfolioId}`);
    expect(revoke.statusCode).toBe(200);
    expect((await list(employee)).statusCode).toBe(404);
    // A client of the portfolio gets the client's view (no drafts), not a staff page read before.
    const asClient = await makeUser(ctx.app, 'client');
    await as(admin, 'POST', `/api/users/${asClient.id}/portfolio-access`, { portfolioId });
    const page = await list(asClient);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ items: [], total: 0 });
  });
});

describe(`the notification list through the API (${testDb})`, () => {
  let ctx: TestContext;
  let admin: TestUser;
  let a: TestUser;
  let b: TestUser;
  const as = (u: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const titles = async (u: TestUser, query = '') =>
    (await as(u, 'GET', `/api/notifications${query}`)).json().map((n: { title: string }) => n.title);

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await makeUser(ctx.app, 'admin');
    a = await makeUser(ctx.app, 'employee');
    b = await makeUser(ctx.app, 'employee');
  });
  afterAll(() => ctx.close());

  it('shows a new notification, a read and an archive on the very next read; each person gets their own list', async () => {
    const broadcast = (title: string, userIds: string[]) =>
      as(admin, 'POST', '/api/notifications/broadcast', { title, content: 'Hola', criteria: { userIds } });
    await broadcast('Uno', [a.id]);
    expect(await titles(a)).toEqual(['Uno']);
    expect(await titles(a)).toEqual(['Uno']);
    expect(await titles(b)).toEqual([]);

    await broadcast('Dos', [a.id, b.id]);
    expect(await titles(a)).toEqual(['Dos', 'Uno']);
    expect(await titles(b)).toEqual(['Dos']);

    const [dos] = (await as(a, 'GET', '/api/notifications')).json();
    await as(a, 'PUT', `/api/notifications/${dos._id}/read`);
    expect((await as(a, 'GET', '/api/notifications')).json()[0]).toMatchObject({ title: 'Dos', read: true });
    expect((await as(b, 'GET', '/api/notifications')).json()[0]).toMatchObject({ title: 'Dos', read: false });

    await as(a, 'PUT', `/api/notifications/${dos._id}/archive`);
    expect(await titles(a)).toEqual(['Uno']);
    expect(await titles(a, '?includeArchived=true')).toEqual(['Dos', 'Uno']);
  });
});

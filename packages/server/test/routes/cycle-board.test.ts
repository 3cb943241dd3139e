import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callsAs,
  createTestApp,
  makePortfolio,
  makeUser,
  type TestContext,
  type TestUser,
} from '../helpers.ts';

type Column = {
  status: string;
  items: Array<{ _id: string; title: string; status: string; allowedActions: string[] }>;
  total: number;
  page: number;
  limit: number;
  atLeast?: boolean;
};

/** A board's first pages in one read (issue 48): each column asked for, as the list answers it for that status. */
describe('GET /production/cycles/:id/board', () => {
  let ctx: TestContext;
  let employee: TestUser;
  let reviewer: TestUser;
  let client: TestUser;
  let outsider: TestUser;
  let cycleId: string;
  let otherCycleId: string;
  const ids: Record<string, string> = {};

  const { as } = callsAs(() => ctx.app);
  const board = async (u: TestUser, query: string, cycle = cycleId) =>
    as(u, 'GET', `/api/production/cycles/${cycle}/board${query}`);
  const list = async (u: TestUser, query: string) =>
    as(u, 'GET', `/api/production/cycles/${cycleId}/items${query}`);

  beforeAll(async () => {
    ctx = await createTestApp();
    employee = await makeUser(ctx.app, 'employee');
    reviewer = await makeUser(ctx.app, 'employee');
    client = await makeUser(ctx.app, 'client');
    outsider = await makeUser(ctx.app, 'employee');
    const portfolioId = (await makePortfolio(ctx.app, [employee, reviewer, client]))._id;
    const other = (await makePortfolio(ctx.app, [outsider]))._id;
    const start = (id: string, u: TestUser) =>
      as(u, 'POST', `/api/production/portfolios/${id}/start`, { cycleDuration: 14 });
    cycleId = (await start(portfolioId, employee)).json()._id;
    otherCycleId = (await start(other, outsider)).json()._id;
    for (const [title, format] of [
      ['Uno', 'Reel'],
      ['Dos', 'Post'],
      ['Tres', 'Reel'],
      ['Cuatro', 'Post'],
    ] as const) {
      const res = await as(employee, 'POST', `/api/production/cycles/${cycleId}/items`, { title, format });
      expect(res.statusCode).toBe(201);
      ids[title] = res.json()._id;
    }
    // One in internal review, one sent to the client.
    const flow = (u: TestUser, title: string, action: string) =>
      as(u, 'POST', `/api/production/items/${ids[title]}/${action}`, {});
    expect((await flow(employee, 'Dos', 'mark-for-internal-review')).statusCode).toBe(200);
    expect((await flow(employee, 'Tres', 'mark-for-internal-review')).statusCode).toBe(200);
    expect((await flow(reviewer, 'Tres', 'approve-for-client')).statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  it('answers each column asked for, in that order, as the list answers that status alone', async () => {
    const query = '?status=client_review&status=draft&status=internal_review&limit=1&sort=title';
    const res = await board(employee, query);
    expect(res.statusCode).toBe(200);
    const { columns } = res.json() as { columns: Column[] };
    expect(columns.map((c) => c.status)).toEqual(['client_review', 'draft', 'internal_review']);
    for (const column of columns) {
      const alone = await list(employee, `?status=${column.status}&limit=1&page=1&sort=title`);
      const { status, ...page } = column;
      expect(page).toEqual(alone.json());
    }
    // Two drafts, one on the page of 1 (by title: «Cuatro»), with what the caller may do on it.
    expect(columns[1]).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(columns[1]!.items.map((i) => i.title)).toEqual(['Cuatro']);
    expect(columns[1]!.items[0]!.allowedActions.length).toBeGreaterThan(0);
  });

  it('filters every column as the plan does, and asks for a column once', async () => {
    const res = await board(employee, '?status=draft&status=draft&status=client_review&format=Reel');
    const { columns } = res.json() as { columns: Column[] };
    expect(columns.map((c) => [c.status, c.items.map((i) => i.title)])).toEqual([
      ['draft', ['Uno']],
      ['client_review', ['Tres']],
    ]);
    const none = (await board(employee, '?status=draft&q=ninguna')).json() as { columns: Column[] };
    expect(none.columns).toEqual([{ status: 'draft', items: [], total: 0, page: 1, limit: 10 }]);
  });

  it('shows a client only what is in its review or after: its draft column is empty', async () => {
    const res = await board(client, '?status=draft&status=internal_review&status=client_review');
    expect(res.statusCode).toBe(200);
    const { columns } = res.json() as { columns: Column[] };
    expect(columns.map((c) => [c.status, c.total, c.items.map((i) => i.title)])).toEqual([
      ['draft', 0, []],
      ['internal_review', 0, []],
      ['client_review', 1, ['Tres']],
    ]);
  });

  it('answers 404 for a cycle the caller may not see, 401 without a session, a Spanish 400 for bad input', async () => {
    expect((await board(outsider, '?status=draft')).statusCode).toBe(404);
    expect((await board(employee, '?status=draft', otherCycleId)).statusCode).toBe(404);
    expect((await board(employee, '?status=draft', 'no-existe')).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/production/cycles/${cycleId}/board?status=draft`,
    });
    expect(anonymous.statusCode).toBe(401);
    // Each refused with the API's error shape, naming the field in Spanish.
    for (const [query, field] of [
      ['', 'status'], // no column asked for
      ['?status=publicada', 'status'],
      ['?status=draft&limit=101', 'limit'],
      ['?status=draft&limit=0', 'limit'],
      [`?status=draft&q=${'a'.repeat(201)}`, 'q'],
      [`?${Array.from({ length: 7 }, () => 'status=draft').join('&')}`, 'status'],
      ['?status=draft&sort=secreto', 'sort'],
    ]) {
      const bad = await board(employee, query!);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().message, query).toMatch(
        new RegExp(`^(Falta el campo obligatorio|El campo) '${field}`),
      );
    }
  });

  it('shows a change at once (PGlite keeps reads until a write)', async () => {
    const before = (await board(employee, '?status=draft')).json() as { columns: Column[] };
    expect(before.columns[0]!.total).toBe(2);
    expect((await as(employee, 'DELETE', `/api/production/items/${ids.Uno}`)).statusCode).toBe(200);
    const after = (await board(employee, '?status=draft')).json() as { columns: Column[] };
    expect(after.columns[0]!.items.map((i) => i.title)).toEqual(['Cuatro']);
    expect(after.columns[0]!.total).toBe(1);
  });
});

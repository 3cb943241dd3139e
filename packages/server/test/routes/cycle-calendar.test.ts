import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../../src/db/schema.ts';
import { readCalendar } from '../../src/services/review/index.ts';
import {
  callsAs,
  createTestApp,
  makePortfolio,
  makeUser,
  type TestContext,
  type TestUser,
} from '../helpers.ts';

type Entry = { _id: string; title: string; status: string; publishDate: string | null; version: number };

/** A cycle's calendar (issue 48): one read of what the calendar draws, filtered as the plan is, for whom may see it. */
describe('GET /production/cycles/:id/calendar', () => {
  let ctx: TestContext;
  let employee: TestUser;
  let reviewer: TestUser;
  let client: TestUser;
  let outsider: TestUser;
  let cycleId: string;
  let otherCycleId: string;
  const ids: Record<string, string> = {};

  const { as } = callsAs(() => ctx.app);
  const calendar = async (u: TestUser, query = '', cycle = cycleId) =>
    as(u, 'GET', `/api/production/cycles/${cycle}/calendar${query}`);

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
    const cycle = (await start(portfolioId, employee)).json() as { _id: string; startDate: string };
    cycleId = cycle._id;
    otherCycleId = (await start(other, outsider)).json()._id;
    const day = (n: number) => {
      const d = new Date(`${cycle.startDate}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + n);
      return d.toISOString().slice(0, 10);
    };
    // Created out of date order, one undated, one sent to the client.
    for (const [title, date, format] of [
      ['Tercera', day(5), 'Reel'],
      ['Sin fecha', null, 'Post'],
      ['Primera', day(1), 'Post'],
      ['Segunda', day(3), 'Reel'],
    ] as const) {
      const res = await as(employee, 'POST', `/api/production/cycles/${cycleId}/items`, {
        title,
        ...(date ? { publishDate: date } : {}),
        format,
      });
      expect(res.statusCode).toBe(201);
      ids[title] = res.json()._id;
    }
    const flow = (u: TestUser, action: string) =>
      as(u, 'POST', `/api/production/items/${ids.Segunda}/${action}`, {});
    expect((await flow(employee, 'mark-for-internal-review')).statusCode).toBe(200);
    expect((await flow(reviewer, 'approve-for-client')).statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  it('answers every piece in the plan’s order, undated last, with only what the calendar draws', async () => {
    const res = await calendar(employee);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { entries: Entry[]; more: boolean };
    expect(body.more).toBe(false);
    expect(body.entries.map((e) => e.title)).toEqual(['Primera', 'Segunda', 'Tercera', 'Sin fecha']);
    for (const e of body.entries)
      expect(Object.keys(e).sort()).toEqual(['_id', 'publishDate', 'status', 'title', 'version']);
    const [item] = await ctx.app.db.select().from(items).where(eq(items.id, ids.Segunda!));
    expect(body.entries[1]).toEqual({
      _id: ids.Segunda,
      title: 'Segunda',
      status: 'client_review',
      publishDate: item!.publishDate,
      version: item!.version,
    });
    expect(body.entries[3]!.publishDate).toBeNull();
  });

  it('filters as the plan does', async () => {
    const titles = async (query: string) =>
      ((await calendar(employee, query)).json() as { entries: Entry[] }).entries.map((e) => e.title);
    expect(await titles('?format=Reel')).toEqual(['Segunda', 'Tercera']);
    expect(await titles('?status=draft&status=client_review')).toEqual([
      'Primera',
      'Segunda',
      'Tercera',
      'Sin fecha',
    ]);
    expect(await titles('?status=client_review')).toEqual(['Segunda']);
    expect(await titles('?q=fecha')).toEqual(['Sin fecha']);
    expect(await titles('?format=Carrusel')).toEqual([]);
  });

  it('shows a client only what is in its review or after', async () => {
    const res = await calendar(client);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { entries: Entry[] }).entries.map((e) => e.title)).toEqual(['Segunda']);
    // Asking for drafts does not show them.
    expect((await calendar(client, '?status=draft')).json().entries).toEqual([]);
  });

  it('answers 404 for a cycle the caller may not see, and a Spanish 400 for a malformed filter', async () => {
    expect((await calendar(outsider)).statusCode).toBe(404);
    expect((await calendar(employee, '', otherCycleId)).statusCode).toBe(404);
    expect((await calendar(employee, '', 'no-existe')).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/production/cycles/${cycleId}/calendar`,
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await calendar(employee, '?status=publicada');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/status/);
    const huge = await calendar(employee, `?q=${'a'.repeat(201)}`);
    expect(huge.statusCode).toBe(400);
    // The calendar has no pages: a list's page size is dropped, as every unknown parameter is.
    expect((await calendar(employee, '?limit=1')).json().entries).toHaveLength(4);
  });

  it('shows a change at once (PGlite keeps reads until a write)', async () => {
    expect((await calendar(employee)).statusCode).toBe(200);
    const primera = ((await calendar(employee)).json() as { entries: Entry[] }).entries[0]!;
    const moved = await as(employee, 'PUT', `/api/production/items/${primera._id}`, {
      publishDate: '2099-12-31',
      version: primera.version,
    });
    expect(moved.statusCode).toBe(200);
    const after = ((await calendar(employee)).json() as { entries: Entry[] }).entries;
    expect(after.map((e) => e.title)).toEqual(['Segunda', 'Tercera', 'Primera', 'Sin fecha']);
    expect(after[2]).toMatchObject({ publishDate: '2099-12-31', version: primera.version + 1 });
  });

  it('reads at most its bound, and says that there is more', async () => {
    const actor = { id: employee.id, role: 'employee' as const, permissions: [] };
    const capped = await readCalendar(ctx.app.db, actor, cycleId, {}, 2);
    expect(capped.entries.map((e) => e.title)).toEqual(['Segunda', 'Tercera']);
    expect(capped.more).toBe(true);
    expect((await readCalendar(ctx.app.db, actor, cycleId, {}, 4)).more).toBe(false);
  });
});

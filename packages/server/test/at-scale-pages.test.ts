/**
 * Issue 30: what a screen reads costs the same with years of data behind it.
 *
 * The inbox pages with a cursor, the unread count stops at its cap, a page's total comes from the tallies (or a
 * capped count marked `atLeast`; a text search's from one row read past its page), and the retention job removes
 * exactly what everyone has read, once a day. The planner's proof on PostgreSQL is in at-scale-planner.test.ts.
 */
import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { TOTAL_CAP } from '../src/db/pages.ts';
import { portfolioAccess } from '../src/db/schema/grants.ts';
import type { ItemStatus } from '../src/db/schema.ts';
import { Paginated } from '../src/lib/schemas.ts';
import { clientVisibleStatuses, defaultPortfolioPermissions } from '../src/policy.ts';
import { ItemSchema } from '../src/routes/production/schemas.ts';
import { UNREAD_CAP } from '../src/services/notify/notifications.ts';
import {
  callsAs,
  createTestApp,
  insertNotification,
  makePortfolio,
  makeUser,
  type TestContext,
  type TestUser,
  testDb,
} from './helpers.ts';
import { fillCycle, fillInbox, startCycle, startCycleAfter } from './support/at-scale-fill.ts';

describe(`the inbox and the pages at scale on ${testDb}`, () => {
  let ctx: TestContext;
  let admin: TestUser;
  let employee: TestUser;
  let cycleId: string;
  const { as } = callsAs(() => ctx.app);

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await makeUser(ctx.app, 'admin');
    employee = await makeUser(ctx.app, 'employee');
    const portfolio = await makePortfolio(ctx.app, [employee]);
    cycleId = await startCycle(ctx, admin, portfolio._id);
    await fillCycle(ctx, portfolio._id, cycleId, 1_500, employee.id);
    await fillInbox(ctx, employee.id, 250);
  });
  afterAll(() => ctx?.close());

  it('pages the inbox newest first with a cursor, without gaps or repeats, and in each view', async () => {
    const seen: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 6; page++) {
      const res = await as(
        employee,
        'GET',
        `/api/notifications?limit=50${before ? `&before=${before}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      const list = res.json() as Array<{ _id: string; createdAt: string }>;
      if (list.length === 0) break;
      const times = list.map((n) => n.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      seen.push(...list.map((n) => n._id));
      before = list.at(-1)!._id;
    }
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
    // Another person's notification is no cursor of mine.
    const theirs = await insertNotification(ctx.app.db, [admin.id], { content: 'Suya' });
    expect((await as(employee, 'GET', `/api/notifications?before=${theirs.id}`)).json()).toEqual([]);
    // Archived: only in the archived view; the active list no longer shows it.
    expect((await as(employee, 'PUT', `/api/notifications/${seen[0]}/archive`)).statusCode).toBe(200);
    const archived = (await as(employee, 'GET', '/api/notifications?archived=true')).json();
    expect(archived.map((n: { _id: string }) => n._id)).toEqual([seen[0]]);
    const active = (await as(employee, 'GET', '/api/notifications?limit=1')).json();
    expect(active[0]._id).toBe(seen[1]);
    const all = (await as(employee, 'GET', '/api/notifications?includeArchived=true&limit=1')).json();
    expect(all[0]._id).toBe(seen[0]);
    expect((await as(employee, 'GET', '/api/notifications?limit=0')).statusCode).toBe(400);
    expect((await as(employee, 'GET', '/api/notifications?limit=201')).statusCode).toBe(400);
  });

  it('counts the unread up to its cap, then says "at least"', async () => {
    const count = async () => (await as(employee, 'GET', '/api/notifications/unread-count')).json();
    expect(await count()).toEqual({ count: UNREAD_CAP, atLeast: true });
    await as(employee, 'POST', '/api/notifications/mark-all-read');
    expect(await count()).toEqual({ count: 0, atLeast: false });
    await insertNotification(ctx.app.db, [employee.id], { content: 'Nueva' });
    expect(await count()).toEqual({ count: 1, atLeast: false });
  });

  it("gives each page the tallies' exact total, and a capped count marked atLeast where they cannot answer", async () => {
    const page = async (query: string) => {
      const res = await as(employee, 'GET', `/api/production/cycles/${cycleId}/items?limit=50&${query}`);
      expect(res.statusCode).toBe(200);
      return res.json() as {
        items: Array<{ status: string; format: string }>;
        total: number;
        atLeast?: boolean;
      };
    };
    const counted = async (where: ReturnType<typeof sql>) =>
      Number(
        rowsOf<{ n: number }>(
          await ctx.app.db.execute(
            sql`select count(*)::int as n from items where cycle_id = ${cycleId} and ${where}`,
          ),
        )[0]!.n,
      );
    const everything = await page('page=1');
    expect(everything.total).toBe(await counted(sql`true`));
    expect(everything.atLeast).toBeUndefined();
    const reels = await page('format=Reel&status=draft');
    expect(reels.total).toBe(await counted(sql`format = 'Reel' and status = 'draft'`));
    expect(reels.items.every((i) => i.format === 'Reel' && i.status === 'draft')).toBe(true);
    // Moving an item moves the tallies with it, in the same transaction.
    const [moved] = rowsOf<{ id: string }>(
      await ctx.app.db.execute(
        sql`update items set status = 'approved' where id = (select id from items where cycle_id = ${cycleId} and format = 'Reel' and status = 'draft' limit 1) returning id`,
      ),
    );
    expect(moved).toBeDefined();
    expect((await page('format=Reel&status=draft')).total).toBe(reels.total - 1);
    // The assignee's filter counts up to the cap: 375 here, exact.
    const mine = await page(`assigneeId=${employee.id}`);
    expect(mine.total).toBe(await counted(sql`assignee_id = ${employee.id}`));
    expect(mine.total).toBeLessThan(TOTAL_CAP);
    // The text search: the trigram-indexed ilike, `%` typed by the user is literal.
    const found = await page('q=Pieza 1499');
    expect(found.total).toBe(1);
    expect((await page('q=%25')).total).toBe(0);
    // A text search reads one row past its page: its total says how far the matches go up to there, and
    // whether there is more (a lower bound), never counting the rest.
    const matches = await counted(sql`(title || ' ' || description) ilike '%Pieza 11%'`);
    expect(matches).toBeGreaterThan(101);
    const first = await page('q=Pieza 11');
    expect(first).toMatchObject({ total: 51, atLeast: true });
    expect(first.items).toHaveLength(50);
    expect((await page('q=Pieza 11&page=2')).total).toBe(101);
    const lastPage = Math.ceil(matches / 50);
    const last = await page(`q=Pieza 11&page=${lastPage}`);
    expect(last.total).toBe(matches);
    expect(last.atLeast).toBeUndefined();
    expect(last.items).toHaveLength(matches - (lastPage - 1) * 50);
    expect(await page(`q=Pieza 11&page=${lastPage + 2}`)).toMatchObject({ total: matches, items: [] });
    // Newest first.
    const newest = await page('sort=createdAt&order=desc');
    expect(newest.items).toHaveLength(50);
  });

  it('reads the page with its access in one statement, and still refuses and narrows as the policy says', async () => {
    const statuses = async (user: TestUser, id = cycleId) => {
      const res = await as(user, 'GET', `/api/production/cycles/${id}/items?limit=100`);
      return {
        code: res.statusCode,
        statuses: new Set((res.json().items ?? []).map((i: { status: string }) => i.status)),
      };
    };
    // A member who may only look: the page is read for internal work first, then again for client material.
    const looker = await makeUser(ctx.app, 'employee');
    const { portfolioId } = rowsOf<{ portfolioId: string }>(
      await ctx.app.db.execute(sql`select portfolio_id as "portfolioId" from cycles where id = ${cycleId}`),
    )[0]!;
    await ctx.app.db
      .insert(portfolioAccess)
      .values({ userId: looker.id, portfolioId, permissions: ['portfolio.view', 'production.view'] });
    const looked = await statuses(looker);
    expect(looked.code).toBe(200);
    expect([...looked.statuses].every((st) => clientVisibleStatuses.includes(st as ItemStatus))).toBe(true);
    const shown = (await as(looker, 'GET', `/api/production/cycles/${cycleId}/items?status=draft`)).json();
    expect(shown).toMatchObject({ items: [], total: 0 });
    // The staff of the portfolio see the drafts; anyone outside gets a 404 although rows exist.
    const drafts = (await as(employee, 'GET', `/api/production/cycles/${cycleId}/items?status=draft`)).json();
    expect(drafts.total).toBeGreaterThan(0);
    const outsider = await makeUser(ctx.app, 'employee');
    expect((await statuses(outsider)).code).toBe(404);
    const client = await makeUser(ctx.app, 'client');
    expect((await statuses(client)).code).toBe(404);
    await ctx.app.db
      .insert(portfolioAccess)
      .values({ userId: client.id, portfolioId, permissions: [...defaultPortfolioPermissions.client] });
    const seenByClient = await statuses(client);
    expect(seenByClient.code).toBe(200);
    expect(seenByClient.statuses.has('draft')).toBe(false);
    expect(seenByClient.statuses.size).toBeGreaterThan(0);
    // No row to carry the access: an empty page of a member's cycle is empty, an unknown cycle is a 404.
    const empty = await startCycleAfter(ctx, admin, portfolioId);
    expect(await statuses(employee, empty)).toEqual({ code: 200, statuses: new Set() });
    expect((await statuses(outsider, empty)).code).toBe(404);
    expect((await statuses(employee, '00000000-0000-4000-8000-000000000000')).code).toBe(404);
    // A page past the end still says how many there are.
    const past = (
      await as(employee, 'GET', `/api/production/cycles/${cycleId}/items?limit=100&page=500`)
    ).json();
    expect(past.items).toEqual([]);
    expect(past.total).toBe(1_500);
  });

  it('answers the page exactly as its schema says, property for property (it is serialised natively)', async () => {
    FormatRegistry.Set('date-time', (v) => !Number.isNaN(Date.parse(v)));
    FormatRegistry.Set('date', (v) => /^\d{4}-\d{2}-\d{2}$/.test(v));
    const schema = Paginated(ItemSchema, 'ItemPage');
    for (const query of ['limit=50', 'limit=50&status=draft', 'limit=20&q=Pieza 1']) {
      const res = await as(employee, 'GET', `/api/production/cycles/${cycleId}/items?${query}`);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      expect([...Value.Errors(schema, body)].map((e) => `${e.path}: ${e.message}`)).toEqual([]);
      expect(body.items.length).toBeGreaterThan(0);
      for (const item of body.items)
        expect(Object.keys(item).sort()).toEqual(Object.keys(ItemSchema.properties).sort());
    }
  });

  it('removes, once a day, the notifications older than NOTIFICATION_RETENTION_DAYS that everyone read', async () => {
    const other = await createTestApp({ NOTIFICATION_RETENTION_DAYS: '30' });
    try {
      const a = await makeUser(other.app, 'employee');
      const b = await makeUser(other.app, 'employee');
      const old = new Date(Date.now() - 31 * 86_400_000);
      const readByAll = await insertNotification(other.app.db, [a.id, b.id], {
        content: 'vieja',
        createdAt: old,
      });
      const halfRead = await insertNotification(other.app.db, [a.id, b.id], {
        content: 'a medias',
        createdAt: old,
      });
      const recent = await insertNotification(other.app.db, [a.id], {
        content: 'reciente',
        createdAt: new Date(Date.now() - 29 * 86_400_000),
      });
      await other.app.db.execute(sql`
        update notification_receipts set read = true
        where notification_id in (${readByAll.id}, ${recent.id}) or (notification_id = ${halfRead.id} and user_id = ${a.id})`);
      expect(await other.app.retention.runNow()).toEqual({ ran: true, removed: 1 });
      const left = rowsOf<{ id: string }>(
        await other.app.db.execute(sql`select id from notifications order by id`),
      );
      expect(left.map((r) => r.id).sort()).toEqual([halfRead.id, recent.id].sort());
      // The day's claim: a second run (another instance) does nothing.
      expect(await other.app.retention.runNow()).toEqual({ ran: false, removed: 0 });
    } finally {
      await other.close();
    }
  });
});

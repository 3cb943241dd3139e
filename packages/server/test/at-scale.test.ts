/**
 * Issue 30: what a screen reads costs the same with years of data behind it.
 *
 * - The inbox pages with a cursor, the unread count stops at its cap, a page's total comes from the tallies (or a
 *   capped count marked `atLeast`; a text search's from one row read past its page), and the retention job removes exactly what everyone has read, once a day.
 * - On PostgreSQL, the planner proves it: the tables are filled past 10,000 rows, every statement the screens'
 *   requests send is captured on the wire and explained (`EXPLAIN (FORMAT JSON)`), and none may scan a growing
 *   table sequentially or sort one.
 */

import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { sql } from 'drizzle-orm';
import pg from 'pg';
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

const ITEMS = 12_000;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** A cycle under way today in the portfolio: its id. */
async function startCycle(ctx: TestContext, admin: TestUser, portfolioId: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/production/cycles',
    headers: admin.headers,
    payload: { portfolioId, startDate: day(-1), endDate: day(13) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}
/** An empty cycle right after the portfolio's last one: its id. */
async function startCycleAfter(ctx: TestContext, admin: TestUser, portfolioId: string) {
  const [last] = rowsOf<{ end: string }>(
    await ctx.app.db.execute(
      sql`select to_char(max(end_date) + 1, 'YYYY-MM-DD') as "end" from cycles where portfolio_id = ${portfolioId}`,
    ),
  );
  const start = last!.end;
  const end = new Date(Date.parse(`${start}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/production/cycles',
    headers: admin.headers,
    payload: { portfolioId, startDate: start, endDate: end },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}
const NOTIFICATIONS = 10_500;

/** `n` items in a cycle, written in one statement: statuses, formats, assignees and dates spread over them. */
async function fillCycle(
  ctx: TestContext,
  portfolioId: string,
  cycleId: string,
  n: number,
  assigneeId: string,
) {
  await ctx.app.db.execute(sql`
    insert into items (id, portfolio_id, cycle_id, title, description, format, pilar, status, assignee_id,
      publish_date, created_at)
    select gen_random_uuid()::text, ${portfolioId}, ${cycleId}, 'Pieza ' || g, 'Texto de la pieza ' || g,
      (array['Reel', 'Carrusel', 'Historia'])[1 + g % 3], (array['Origen', 'Proceso'])[1 + g % 2],
      -- Years of work: most approved, a few of each status waiting.
      case when g % 200 < 5 then (array['draft', 'internal_review', 'internal_changes', 'client_review', 'client_changes'])[1 + g % 200]
        else 'approved' end,
      case when g % 4 = 0 then ${assigneeId} end,
      case when g % 5 <> 0 then date '2026-11-01' + (g % 28) end,
      now() - make_interval(secs => g)
    from generate_series(1, ${n}) g`);
  await ctx.app.db.execute(sql`
    insert into item_history (id, item_id, actor_id, action, to_status, created_at)
    select gen_random_uuid()::text, i.id, ${assigneeId}, 'create', 'draft', i.created_at
    from items i where i.cycle_id = ${cycleId}`);
  await ctx.app.db.execute(sql`
    insert into item_versions (id, item_id, number, material_data, author_id, created_at)
    select gen_random_uuid()::text, i.id, 1, '{"copy": "", "files": [], "links": []}'::jsonb, ${assigneeId}, i.created_at
    from items i where i.cycle_id = ${cycleId}`);
}

/** `n` notifications to one user, the newest last-numbered; one in `unreadEvery` left unread. */
async function fillInbox(ctx: TestContext, userId: string, n: number, unreadEvery = 1) {
  await ctx.app.db.execute(sql`
    with made as (
      insert into notifications (id, title, content, created_at)
      select gen_random_uuid()::text, 'Aviso', 'Aviso ' || g, timestamptz '2026-01-01' + make_interval(secs => g)
      from generate_series(1, ${n}) g
      returning id, created_at)
    insert into notification_receipts (notification_id, user_id, created_at, read)
    select id, ${userId}, created_at, row_number() over () % ${unreadEvery} <> 0 from made`);
}

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

/** The tables that grow with an agency's years: none may be read whole or sorted whole by a screen. */
const GROWING = new Set([
  'users',
  'items',
  'item_history',
  'item_versions',
  'comments',
  'notifications',
  'notification_receipts',
  'files',
  'tasks',
  'mail_outbox',
  'notion_syncs',
]);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Actual Loops'?: number;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

/** The trigram indexes of the text searches (items, users). */
const SEARCH_INDEXES = ['items_search_trgm_idx', 'users_search_trgm_idx'];

/**
 * Rows of a growing table a plan may read and throw away (its filter's): a page reads tens of rows, a capped total
 * a thousand. An index walked in order while most of its rows fail the filter is as unflat as a sequential scan
 * (a client's dashboard walked every internal comment of the portfolio to find its few).
 */
const DISCARD_LIMIT = 2000;

/**
 * Rows of a growing table a plan may return from one of its scans: a page, a capped count (1,000). More is an answer
 * that grows with the years (an agent's detail once carried every task it ever had).
 */
const READ_LIMIT = 2000;

/**
 * What is wrong with a plan: a sequential scan of a growing table, a sort over one with no limit below it, more
 * than `DISCARD_LIMIT` of its rows read and filtered out, or more than `READ_LIMIT` of them read at all.
 */
function faults(node: PlanNode, out: string[] = [], opts: { queue?: boolean } = {}): string[] {
  const relation = node['Relation Name'];
  if (node['Node Type'] === 'Seq Scan' && relation && GROWING.has(relation))
    out.push(`Seq Scan on ${relation}`);
  const discarded =
    ((node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) *
    (node['Actual Loops'] ?? 1);
  if (relation && GROWING.has(relation) && discarded > DISCARD_LIMIT)
    out.push(`${node['Node Type']} on ${relation} discarding ${discarded} rows`);
  const read = (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);
  if (relation && GROWING.has(relation) && read > READ_LIMIT)
    out.push(`${node['Node Type']} on ${relation} reading ${read} rows`);
  if (node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort') {
    // A text search sorts what a trigram index found (its matches, not the table): that sort is allowed.
    // So is a queue's (`opts.queue`: the pending tasks): what waits is work in progress, not years of history,
    // and the planner rightly sorts its few rows rather than walk an index for them. The read limit still holds.
    const below = readsUnbounded(node);
    if (below && !SEARCH_INDEXES.some((index) => usesIndex(node, index)) && !opts.queue)
      out.push(`${node['Node Type']} over ${below}`);
  }
  for (const child of node.Plans ?? []) faults(child, out, opts);
  return out;
}

/** Whether a plan reads through this index anywhere below. */
const usesIndex = (node: PlanNode, name: string): boolean =>
  node['Index Name'] === name || (node.Plans ?? []).some((child) => usesIndex(child, name));

/** The growing table a node reads without a Limit in between, if any. */
function readsUnbounded(node: PlanNode): string | undefined {
  for (const child of node.Plans ?? []) {
    if (child['Node Type'] === 'Limit') continue;
    const relation = child['Relation Name'];
    if (relation && GROWING.has(relation)) return relation;
    const deeper = readsUnbounded(child);
    if (deeper) return deeper;
  }
  return undefined;
}

// PostgreSQL's project only (it exists whenever DATABASE_URL is set, as on CI, where a database that does not
// answer fails the suite rather than skipping it).
describe.runIf(testDb === 'postgres')('the planner at scale (PostgreSQL)', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let employee: TestUser;
  let client: TestUser;
  let portfolioId: string;
  let cycleId: string;
  let itemId: string;
  const { as } = callsAs(() => ctx.app);

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await makeUser(ctx.app, 'admin');
    employee = await makeUser(ctx.app, 'employee');
    client = await makeUser(ctx.app, 'client');
    const portfolio = await makePortfolio(ctx.app, [employee, client]);
    portfolioId = portfolio._id;
    cycleId = await startCycle(ctx, admin, portfolioId);
    // Another cycle with as many: a cycle's reads must not depend on the others either.
    const other = await makePortfolio(ctx.app, [employee]);
    await fillCycle(ctx, other._id, await startCycle(ctx, admin, other._id), ITEMS, employee.id);
    await fillCycle(ctx, portfolioId, cycleId, ITEMS, employee.id);
    await fillInbox(ctx, employee.id, NOTIFICATIONS, 20);
    await fillInbox(ctx, admin.id, NOTIFICATIONS, 20);
    [{ id: itemId }] = rowsOf<{ id: string }>(
      await ctx.app.db.execute(sql`select id from items where cycle_id = ${cycleId} limit 1`),
    ) as [{ id: string }];
    await ctx.app.db.execute(sql`
      insert into comments (id, portfolio_id, entity_type, entity_id, body, visibility, author_id, created_at)
      select gen_random_uuid()::text, ${portfolioId}, 'item', i.id, '<p>Nota</p>',
        -- Most comments are the team's own; one in fifty is meant for the client.
        case when abs(hashtext(i.id)) % 50 = 0 then 'client' else 'internal' end, ${employee.id}, i.created_at
      from items i where i.cycle_id = ${cycleId}`);
    // An agent with years of tasks, mostly done; and an agency's worth of accounts, some deleted.
    await ctx.app.db.execute(
      sql`insert into agents (id, portfolio_id, name) values ('agente', ${portfolioId}, 'Agente')`,
    );
    await ctx.app.db.execute(sql`
      insert into tasks (id, portfolio_id, agent_id, title, status, created_by, created_at)
      select gen_random_uuid()::text, ${portfolioId}, 'agente', 'Tarea ' || g,
        case when g % 100 = 0 then 'pending' else 'done' end, ${employee.id}, now() - make_interval(secs => g)
      from generate_series(1, ${ITEMS}) g`);
    await ctx.app.db.execute(sql`
      insert into users (id, email, name, password_hash, role, deleted_at)
      select gen_random_uuid()::text, 'persona' || g || '@agencia.es', 'Persona ' || g, 'x', 'client',
        case when g % 10 = 0 then now() end
      from generate_series(1, ${ITEMS}) g`);
    // A Notion page linked for years: every piece of the cycle synced to it. And years of mail, a few failed.
    await ctx.app.db.execute(sql`
      insert into portfolio_integrations (id, portfolio_id, pagina_notion_id) values ('pagina', ${portfolioId}, 'p1')`);
    await ctx.app.db.execute(sql`
      insert into notion_syncs (id, portfolio_id, item_id, integration_id, status, synced_at, updated_at)
      select gen_random_uuid()::text, ${portfolioId}, i.id, 'pagina', 'done', i.created_at, i.created_at
      from items i where i.cycle_id = ${cycleId}`);
    await ctx.app.db.execute(sql`
      insert into mail_outbox (id, user_id, to_address, template, status, run_after, created_at)
      select gen_random_uuid()::text, ${employee.id}, 'empleada@agencia.es', 'notification',
        case when g % 200 = 0 then 'failed' else 'sent' end, now() - make_interval(secs => g), now() - make_interval(secs => g)
      from generate_series(1, ${ITEMS}) g`);
    await ctx.app.db.execute(sql`analyze`);
  }, 240_000);
  afterAll(() => ctx?.close());

  /**
   * Every statement sent while the requests run, captured on the wire (node-postgres), with its parameters. The
   * server's own workers (the mail and Notion queues, the agents' runner, the jobs) poll on timers too: a poll that
   * falls inside the window is captured as well (`ofThePlan` leaves them out where statements are counted).
   */
  async function statementsOf(requests: () => Promise<unknown>) {
    const seen: Array<{ text: string; values: unknown[] }> = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown];
      const text = typeof first === 'string' ? first : first.text;
      const values =
        (typeof first === 'string' ? undefined : first.values) ?? (Array.isArray(second) ? second : []);
      if (/^\s*(select|with)\b/i.test(text)) seen.push({ text, values });
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
    try {
      await requests();
    } finally {
      pg.Client.prototype.query = original;
    }
    return seen;
  }

  async function explain(statement: { text: string; values: unknown[] }) {
    const url = process.env.DATABASE_URL!;
    // The test's own database: the app's pool points at it; read its name from there.
    const [{ db }] = rowsOf<{ db: string }>(
      await ctx.app.db.execute(sql`select current_database() as db`),
    ) as [{ db: string }];
    const target = new URL(url);
    target.pathname = `/${db}`;
    const c = new pg.Client({ connectionString: target.toString() });
    await c.connect();
    try {
      // Run (analyze): what each node read and threw away, not only its shape.
      const res = await c.query(
        `explain (analyze, format json) ${statement.text}`,
        statement.values as unknown[],
      );
      const plan = (res.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]!.Plan;
      return plan;
    } finally {
      await c.end();
    }
  }

  const screens: Array<[string, () => TestUser, () => string, { queue?: boolean }?]> = [
    [
      'the plan (default order)',
      () => employee,
      () => `/api/production/cycles/${cycleId}/items?page=1&limit=50`,
    ],
    [
      'the 50 newest',
      () => employee,
      () => `/api/production/cycles/${cycleId}/items?sort=createdAt&order=desc&limit=50`,
    ],
    ['a board column', () => employee, () => `/api/production/cycles/${cycleId}/items?status=draft&limit=20`],
    ['a format filter', () => employee, () => `/api/production/cycles/${cycleId}/items?format=Reel&limit=50`],
    ['a pilar filter', () => employee, () => `/api/production/cycles/${cycleId}/items?pilar=Origen&limit=50`],
    [
      'an assignee filter',
      () => employee,
      () => `/api/production/cycles/${cycleId}/items?assigneeId=${employee.id}&limit=50`,
    ],
    ['a text search', () => employee, () => `/api/production/cycles/${cycleId}/items?q=11999&limit=50`],
    ['page 3 of the table', () => employee, () => `/api/production/cycles/${cycleId}/items?page=3&limit=50`],
    // The table's headers sort the cycle's pieces, either way.
    ...(['publishDate', 'title', 'status', 'format', 'createdAt', 'updatedAt'] as const).flatMap((sort) =>
      (['asc', 'desc'] as const).map(
        (order) =>
          [
            `the table by ${sort} ${order}`,
            () => employee,
            () => `/api/production/cycles/${cycleId}/items?page=2&limit=25&sort=${sort}&order=${order}`,
          ] as [string, () => TestUser, () => string],
      ),
    ),
    ['the coverage', () => employee, () => `/api/production/cycles/${cycleId}/items/strategy`],
    ['the cycles', () => employee, () => `/api/production/portfolios/${portfolioId}/cycles?page=1&limit=10`],
    [
      'the plan as the client sees it',
      () => client,
      () => `/api/production/cycles/${cycleId}/items?page=1&limit=50`,
    ],
    ["an agent's tasks", () => admin, () => '/api/tasks?agentId=agente&page=1&limit=100'],
    [
      "an agent's pending tasks",
      () => admin,
      () => '/api/tasks?agentId=agente&status=pending&page=1&limit=100',
    ],
    [
      "a portfolio's tasks, by page",
      () => admin,
      () => `/api/tasks?portfolioId=${portfolioId}&page=1&limit=50`,
    ],
    [
      "a portfolio's pending tasks",
      () => admin,
      () => `/api/tasks?portfolioId=${portfolioId}&status=pending&limit=50`,
    ],
    ['the pending tasks', () => admin, () => '/api/tasks?status=pending&page=1&limit=50', { queue: true }],
    ['the done tasks', () => admin, () => '/api/tasks?status=done&page=1&limit=50'],
    ['every task, by page', () => admin, () => '/api/tasks?page=2&limit=50'],
    ["an employee's tasks (its portfolios')", () => employee, () => '/api/tasks?page=1&limit=50'],
    ['the users', () => admin, () => '/api/users?page=1&limit=20'],
    // A header of the users screen sorts the whole list, either way.
    ...(['name', 'email', 'role', 'createdAt'] as const).flatMap((sort) =>
      (['asc', 'desc'] as const).map(
        (order) =>
          [
            `the users by ${sort} ${order}`,
            () => admin,
            () => `/api/users?page=2&limit=20&sort=${sort}&order=${order}`,
          ] as [string, () => TestUser, () => string],
      ),
    ),
    // «persona 1» is in one name of nine (a page read in the name order); «persona 11999» in one.
    ['the users, a common term', () => admin, () => '/api/users?query=persona%201&page=1&limit=20'],
    ['the users, a rare term', () => admin, () => '/api/users?query=persona%2011999&page=1&limit=20'],
    [
      'the users, past the end of a search',
      () => admin,
      () => '/api/users?query=persona%2011999&page=3&limit=20',
    ],
    ["the people picker's search", () => admin, () => '/api/users/search?query=persona%2011999'],
    ['the inbox', () => employee, () => '/api/notifications?limit=50'],
    ['the archived', () => employee, () => '/api/notifications?archived=true&limit=50'],
    ['the unread count', () => employee, () => '/api/notifications/unread-count'],
    [
      'an item comments',
      () => employee,
      () => `/api/comments?entityType=item&entityId=${itemId}&page=1&limit=20`,
    ],
    [
      'an item comments, newest first (as its thread opens)',
      () => employee,
      () => `/api/comments?entityType=item&entityId=${itemId}&page=1&limit=100&order=desc`,
    ],
    ['the dashboard', () => employee, () => `/api/production/portfolios/${portfolioId}/dashboard`],
    [
      'the client dashboard',
      () => client,
      () => `/api/production/portfolios/${portfolioId}/client-dashboard`,
    ],
    ['the review queues', () => employee, () => `/api/production/portfolios/${portfolioId}/review-queues`],
    ['the pieces awaiting internal review', () => employee, () => '/api/production/internal-review/pending'],
    [
      'the pieces awaiting internal review, every portfolio (an admin)',
      () => admin,
      () => '/api/production/internal-review/pending',
    ],
    ['an item', () => employee, () => `/api/production/items/${itemId}`],
    // The agents screen: each agent's open tasks counted from the open ones (1 in 100 of the agent's years).
    ['the agents', () => admin, () => `/api/agents/${portfolioId}`],
    ["an agent's detail (its newest tasks)", () => admin, () => `/api/agents/${portfolioId}/agente`],
    [
      'the Notion syncs of the portfolio',
      () => admin,
      () => `/api/portfolios/${portfolioId}/integraciones/notion/sincronizaciones`,
    ],
    ['the mail that could not be sent', () => admin, () => '/api/admin/mail-failures'],
    // What waits to be sent is work in progress (a queue), like the pending tasks.
    ['the mail waiting to be sent', () => admin, () => '/api/admin/mail-pending', { queue: true }],
    ['an item history', () => employee, () => `/api/production/items/${itemId}/material-version-history`],
  ];

  it.each(screens)('%s: no sequential scan or sort of a growing table', async (_name, who, url, opts) => {
    const statements = await statementsOf(async () => {
      const res = await as(who(), 'GET', url());
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(statements.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const s of statements) {
      const plan = await explain(s);
      const found = faults(plan, [], opts);
      // PLAN_DUMP=1 prints the whole plan of a statement found at fault, to read what it did.
      if (process.env.PLAN_DUMP && found.length > 0) console.log(JSON.stringify(plan, null, 1));
      if (found.length > 0) problems.push(`${found.join(', ')} in: ${s.text.slice(0, 300)}`);
    }
    expect(problems).toEqual([]);
  });

  it('the next page of the inbox: no scan or sort either', async () => {
    const first = (await as(employee, 'GET', '/api/notifications?limit=50')).json();
    const statements = await statementsOf(() =>
      as(employee, 'GET', `/api/notifications?limit=50&before=${first.at(-1)._id}`),
    );
    for (const s of statements) expect(faults(await explain(s)), s.text).toEqual([]);
  });

  it('the inbox writes its page size into its statement, so PostgreSQL keeps the generic plan', async () => {
    // With `limit $n` the generic plan was costed for a tenth of the user's receipts and lost to a custom plan made
    // again at every execution (services/notify/notifications.ts).
    for (const url of ['/api/notifications?limit=50', '/api/notifications?archived=true&limit=20']) {
      const statements = await statementsOf(async () => {
        expect((await as(employee, 'GET', url)).statusCode).toBe(200);
      });
      const page = statements.find((s) => /from "notification_receipts"/.test(s.text));
      expect(page?.text, url).toMatch(/ limit (50|20)$/);
      expect(page?.values, url).not.toContain(50);
    }
  });

  /**
   * What the page itself sends: not a worker's poll of its queue (the agents' runner, the Notion sync, the mail),
   * which runs on its own timer, nor the session's user (cached for a while, read again once its time is up, which
   * a slow machine reaches in the middle of this file).
   */
  const ofThePlan = (s: { text: string }) =>
    !/"(tasks|notion_syncs|mail_outbox|scheduled_runs)"/.test(s.text) && !/"token_version"/.test(s.text);

  it("a page of the plan is one statement: the reader's access travels with it", async () => {
    // A client's page adds one: each item's newest version sent to it (a LATERAL read, views.ts).
    for (const [who, query, statements] of [
      [employee, 'sort=createdAt&order=desc&limit=50', 1],
      [employee, 'status=draft&limit=20', 1],
      [client, 'limit=50', 2],
    ] as const) {
      const sent = await statementsOf(() =>
        as(who, 'GET', `/api/production/cycles/${cycleId}/items?${query}`),
      );
      const texts = sent.filter(ofThePlan).map((s) => s.text.slice(0, 80));
      expect(texts.length, `${who.role}: ${query}: ${JSON.stringify(texts)}`).toBe(statements);
    }
  });

  it('a plan with a sequential scan is caught (the check itself can fail)', async () => {
    const plan = await explain({
      text: "select * from items where title like '%x%' order by updated_at",
      values: [],
    });
    expect(faults(plan).length).toBeGreaterThan(0);
  });

  it('an index walked while its rows are thrown away is caught too', async () => {
    // The client dashboard's comments before their partial index: the portfolio's, newest first, read through
    // the index of all of them (the `|| ''` keeps the planner off the client comments' own index).
    const plan = await explain({
      text: `select id from comments where portfolio_id = $1 and visibility || '' = 'client'
             order by created_at desc limit 5 offset 500`,
      values: [portfolioId],
    });
    expect(faults(plan)).toContainEqual(expect.stringMatching(/on comments discarding \d+ rows/));
  });
});

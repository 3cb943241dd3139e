/**
 * Issue 30, on PostgreSQL: the planner proves that what a screen reads costs the same with years of data behind
 * it. The tables are filled past 10,000 rows, every statement the screens' requests send is captured on the wire
 * and explained (`EXPLAIN (FORMAT JSON)`), and none may scan a growing table sequentially or sort one. The
 * inbox and the pages are in at-scale-pages.test.ts.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import type { TestContext, TestUser } from './helpers.ts';
import { callsAs, createTestApp, makePortfolio, makeUser, testDb } from './helpers.ts';
import { fillCycle, fillInbox, ITEMS, NOTIFICATIONS, startCycle } from './support/at-scale-fill.ts';
import { faults, type PlanNode } from './support/query-plans.ts';

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
    // The calendar reads the cycle's first 2,000 in the plan's order, through the same indexes as the pages.
    ['the calendar', () => employee, () => `/api/production/cycles/${cycleId}/calendar`],
    [
      'the calendar, a format filter',
      () => employee,
      () => `/api/production/cycles/${cycleId}/calendar?format=Reel`,
    ],
    ['the calendar as the client sees it', () => client, () => `/api/production/cycles/${cycleId}/calendar`],
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

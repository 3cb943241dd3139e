import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { itemHistory, notifications, scheduledRuns } from '../src/db/schema.ts';
import { loadEnv } from '../src/env.ts';
import {
  createTestApp,
  makePortfolio,
  makeUser,
  sentTo,
  type TestContext,
  type TestUser,
  testDb,
} from './helpers.ts';

const HOUR = 3_600_000;

describe('daily review reminders', () => {
  let ctx: TestContext;
  let author: TestUser;
  let reviewer: TestUser;
  let client: TestUser;
  let portfolioId: string;
  let cycleId: string;
  const now = new Date('2030-03-10T09:00:00Z');

  const as = (u: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const flow = async (u: TestUser, id: string, action: string, body: object = {}) =>
    expect((await as(u, 'POST', `/api/production/items/${id}/${action}`, body)).statusCode).toBe(200);
  const newItem = async (title: string) =>
    (await as(author, 'POST', `/api/production/cycles/${cycleId}/items`, { title })).json()._id as string;
  /** Moves an item's entry into its queue `hours` before `now`. */
  const waited = (itemId: string, hours: number) =>
    ctx.app.db
      .update(itemHistory)
      .set({ createdAt: new Date(now.getTime() - hours * HOUR) })
      .where(eq(itemHistory.itemId, itemId));
  const reminders = (u: TestUser) =>
    ctx.app.db
      .select()
      .from(notifications)
      .where(and(sentTo(u.id), eq(notifications.title, 'Recordatorio')));

  beforeAll(async () => {
    ctx = await createTestApp({ REVIEW_REMINDER_HOURS: '24' });
    author = await makeUser(ctx.app, 'employee');
    reviewer = await makeUser(ctx.app, 'employee');
    client = await makeUser(ctx.app, 'client');
    portfolioId = (await makePortfolio(ctx.app, [author, reviewer, client]))._id;
    cycleId = (
      await as(author, 'POST', `/api/production/portfolios/${portfolioId}/start`, { cycleDuration: 14 })
    ).json()._id;
  });
  afterAll(() => ctx.close());

  it('sends each reviewer one summary a day of what waited longer than REVIEW_REMINDER_HOURS', async () => {
    const old = await newItem('Lleva dos días');
    await flow(author, old, 'mark-for-internal-review');
    const recent = await newItem('Recién enviada');
    await flow(author, recent, 'mark-for-internal-review');
    const forClient = await newItem('Para el cliente');
    await flow(author, forClient, 'mark-for-internal-review');
    await flow(reviewer, forClient, 'approve-for-client');
    await newItem('Borrador');
    await waited(old, 30);
    await waited(recent, 2);
    await waited(forClient, 30);

    expect(await ctx.app.reminders.runNow(now)).toEqual({ ran: true, notified: 2 });
    const reviewerNotes = await reminders(reviewer);
    expect(reviewerNotes.map((n) => n.content)).toEqual(['1 ítem espera tu revisión']);
    expect(reviewerNotes[0]!.payload.url).toBe(`/portfolios/${portfolioId}/review`);
    expect((await reminders(client)).map((n) => n.content)).toEqual(['1 ítem espera tu revisión']);
    expect(await reminders(author)).toEqual([]); // never about their own item

    // The same day again: nothing more, even though another item is now overdue.
    await waited(recent, 30);
    expect(await ctx.app.reminders.runNow(new Date(now.getTime() + 3 * HOUR))).toEqual({
      ran: false,
      notified: 0,
    });
    expect(await reminders(reviewer)).toHaveLength(1);

    // The next day: one summary with both, not one reminder per item.
    expect((await ctx.app.reminders.runNow(new Date(now.getTime() + 24 * HOUR))).ran).toBe(true);
    expect((await reminders(reviewer)).map((n) => n.content)).toEqual([
      '1 ítem espera tu revisión',
      '2 ítems esperan tu revisión',
    ]);
  });

  it('asks only who may take the decision: never the author of the version under review, nor a grant without portfolio.view', async () => {
    const day = new Date('2030-05-01T09:00:00Z');
    // The reviewer writes the version under review of the author's item: the four-eyes rule keeps the reviewer
    // from approving it, so the reminder goes to the item's author, who may.
    const rewritten = await newItem('Reescrita por quien revisa');
    await flow(reviewer, rewritten, 'mark-for-internal-review', {
      materialData: { copy: '<p>Del revisor</p>' },
    });
    // Someone whose grant holds every review permission but not portfolio.view does not see the portfolio.
    const admin = await makeUser(ctx.app, 'admin');
    const unseen = await makeUser(ctx.app, 'employee');
    const grant = await as(admin, 'POST', `/api/users/${unseen.id}/portfolio-access`, {
      portfolioId,
      permissions: ['production.view', 'production.edit', 'review.internal'],
    });
    expect(grant.statusCode, grant.body).toBe(200);
    await ctx.app.db
      .update(itemHistory)
      .set({ createdAt: new Date(day.getTime() - 30 * HOUR) })
      .where(eq(itemHistory.itemId, rewritten));
    const before = { author: (await reminders(author)).length, reviewer: (await reminders(reviewer)).length };

    expect((await ctx.app.reminders.runNow(day)).ran).toBe(true);
    expect(await reminders(unseen)).toEqual([]);
    const contents = async (u: TestUser, from = 0) => (await reminders(u)).slice(from).map((n) => n.content);
    // Waiting in internal review: the two items the author wrote (first test) and the one the reviewer rewrote.
    // The reviewer is asked about the author's two, not about its own version; the author about the rewritten one.
    expect(await contents(reviewer, before.reviewer)).toEqual(['2 ítems esperan tu revisión']);
    expect(await contents(author, before.author)).toEqual(['1 ítem espera tu revisión']);
    // An admin reviews every portfolio (as it is told of each review request): all three.
    expect(await contents(admin)).toEqual(['3 ítems esperan tu revisión']);
  });

  it('runs exactly once when two server instances check at the same moment', async () => {
    const day = new Date('2030-04-01T08:00:00Z');
    let second = ctx.app;
    let closeSecond = async () => {};
    if (testDb === 'postgres') {
      // A second instance of the server on the same database, as in a deployment with two nodes.
      const url = (ctx.database as { url?: string }).url!;
      const database = await openDatabase({ databaseUrl: url });
      second = await buildApp({
        env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/crw-test-data' }),
        database,
        logger: false,
      });
      await second.ready();
      closeSecond = async () => {
        await second.close();
        await database.close();
      };
    }
    try {
      const before = (await reminders(reviewer)).length;
      const results = await Promise.all([
        ctx.app.reminders.runNow(day),
        second.reminders.runNow(day),
        ctx.app.reminders.runNow(day),
        second.reminders.runNow(day),
      ]);
      expect(results.filter((r) => r.ran)).toHaveLength(1);
      expect(await reminders(reviewer)).toHaveLength(before + 1);
      const claims = await ctx.app.db
        .select()
        .from(scheduledRuns)
        .where(inArray(scheduledRuns.period, ['2030-04-01']));
      expect(claims).toHaveLength(1);
    } finally {
      await closeSecond();
    }
  });

  it('waits as long as the setting says', async () => {
    const patient = await createTestApp({ REVIEW_REMINDER_HOURS: '72' });
    try {
      const a = await makeUser(patient.app, 'employee');
      const r = await makeUser(patient.app, 'employee');
      const p = (await makePortfolio(patient.app, [a, r]))._id;
      const c = (
        await patient.app.inject({
          method: 'POST',
          url: `/api/production/portfolios/${p}/start`,
          headers: a.headers,
          payload: { cycleDuration: 14 },
        })
      ).json()._id;
      const item = (
        await patient.app.inject({
          method: 'POST',
          url: `/api/production/cycles/${c}/items`,
          headers: a.headers,
          payload: { title: 'Paciencia' },
        })
      ).json()._id;
      await patient.app.inject({
        method: 'POST',
        url: `/api/production/items/${item}/mark-for-internal-review`,
        headers: a.headers,
        payload: {},
      });
      const age = (hours: number) =>
        patient.app.db
          .update(itemHistory)
          .set({ createdAt: new Date(now.getTime() - hours * HOUR) })
          .where(eq(itemHistory.itemId, item));
      await age(30);
      expect(await patient.app.reminders.runNow(now)).toEqual({ ran: true, notified: 0 });
      await age(80);
      expect(await patient.app.reminders.runNow(new Date(now.getTime() + 24 * HOUR))).toEqual({
        ran: true,
        notified: 1,
      });
    } finally {
      await patient.close();
    }
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { itemVersions, notificationReceipts, notifications } from '../../src/db/schema.ts';
import {
  callsAs,
  createTestApp,
  makePortfolio,
  makeUser,
  type TestContext,
  type TestUser,
} from '../helpers.ts';

/**
 * Issue 47's review loop (points 2–4): a portfolio with an author, two internal reviewers, an admin and two
 * clients, and the calls its tests make.
 */
export interface ReviewLoopWorld {
  ctx: TestContext;
  author: TestUser;
  reviewer: TestUser;
  reviewer2: TestUser;
  admin: TestUser;
  client: TestUser;
  client2: TestUser;
  portfolioId: string;
  cycleId: string;
}

export async function reviewLoopWorld(env: Record<string, string> = {}): Promise<ReviewLoopWorld> {
  const ctx = await createTestApp(env);
  const author = await makeUser(ctx.app, 'employee');
  const reviewer = await makeUser(ctx.app, 'employee');
  const reviewer2 = await makeUser(ctx.app, 'employee');
  const admin = await makeUser(ctx.app, 'admin');
  const client = await makeUser(ctx.app, 'client');
  const client2 = await makeUser(ctx.app, 'client');
  const portfolioId = (await makePortfolio(ctx.app, [author, reviewer, reviewer2, client, client2]))._id;
  const { ok } = callsAs(() => ctx.app);
  const cycleId = (
    await ok(author, 'POST', `/api/production/portfolios/${portfolioId}/start`, { cycleDuration: 14 })
  )._id as string;
  return { ctx, author, reviewer, reviewer2, admin, client, client2, portfolioId, cycleId };
}

/** The calls of the tests, on the world `w()` answers (set in a `beforeAll`). */
export function loopCalls(w: () => ReviewLoopWorld) {
  const { as, ok } = callsAs(() => w().ctx.app);
  const db = () => w().ctx.app.db;
  const step = (u: TestUser, id: string, action: string, body: object = {}) =>
    as(u, 'POST', `/api/production/items/${id}/${action}`, body);
  const stepOk = async (u: TestUser, id: string, action: string, body: object = {}) => {
    const res = await step(u, id, action, body);
    expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
    return res.json();
  };
  return {
    as,
    ok,
    step,
    stepOk,
    newItem: async (title: string) =>
      (await ok(w().author, 'POST', `/api/production/cycles/${w().cycleId}/items`, { title }))._id as string,
    /** Written by the author, approved by the first reviewer: the clients review version 1. */
    sentItem: async (title: string, copy = '<p>Uno</p>') => {
      const id = (await ok(w().author, 'POST', `/api/production/cycles/${w().cycleId}/items`, { title }))
        ._id as string;
      await stepOk(w().author, id, 'mark-for-internal-review', { materialData: { copy } });
      await stepOk(w().reviewer, id, 'approve-for-client');
      return id;
    },
    get: (u: TestUser, id: string) => ok(u, 'GET', `/api/production/items/${id}`),
    /** The item's stored version numbers, oldest first. */
    versions: async (id: string) =>
      (
        await db()
          .select({ n: itemVersions.number })
          .from(itemVersions)
          .where(eq(itemVersions.itemId, id))
          .orderBy(itemVersions.number)
      ).map((v) => v.n),
    /** What the user was told about the item (content, read, payload), oldest first. */
    told: async (u: TestUser, itemId: string) =>
      (
        await db()
          .select({
            id: notifications.id,
            content: notifications.content,
            payload: notifications.payload,
            read: notificationReceipts.read,
          })
          .from(notificationReceipts)
          .innerJoin(notifications, eq(notifications.id, notificationReceipts.notificationId))
          .where(
            and(eq(notificationReceipts.userId, u.id), sql`${notifications.payload}->>'itemId' = ${itemId}`),
          )
          .orderBy(notifications.createdAt)
      ).map((n) => ({ ...n, payload: n.payload as Record<string, unknown> })),
    /** The user's reminders (content and read), oldest first. */
    reminders: async (u: TestUser) =>
      rowsOf<{ content: string; read: boolean }>(
        await db().execute(sql`
          select n.content, r.read from notification_receipts r join notifications n on n.id = r.notification_id
          where r.user_id = ${u.id} and n.title = 'Recordatorio' order by n.created_at`),
      ),
    unread: async (u: TestUser) => (await ok(u, 'GET', '/api/notifications/unread-count')).count as number,
    /** The email queued to the user about the item, newest last. */
    mails: async (u: TestUser) =>
      rowsOf<{ data: Record<string, unknown> }>(
        await db().execute(sql`select data from mail_outbox where user_id = ${u.id} order by created_at`),
      ).map((m) => m.data),
  };
}

import type { ServerToClientEvents } from '@crw/contracts/events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { resolveStatement } from '../src/services/notify/asks.ts';
import { testDb } from './helpers.ts';
import { faults, type PlanNode } from './support/query-plans.ts';
import { loopCalls, type ReviewLoopWorld, reviewLoopWorld } from './support/review-loop-world.ts';
import { listenOnLoopback, socketPool } from './support/sockets.ts';

type Notification = Parameters<ServerToClientEvents['notification:updated']>[0];
const HOUR = 3_600_000;

/**
 * Issue 47, point 4: a notification that asks someone to act on a piece (a review request, «… espera tu
 * revisión», a reminder) is read for everyone it asked once the piece leaves that status, whoever acted; their
 * open bells are told at once. News of a decision stays unread.
 */
describe('notifications resolve themselves', () => {
  let w: ReviewLoopWorld;
  let base = '';
  const c = loopCalls(() => w);
  const pool = socketPool(() => base);

  beforeAll(async () => {
    w = await reviewLoopWorld();
    base = await listenOnLoopback(w.ctx.app);
  });
  afterAll(async () => {
    pool.closeAll();
    await w.ctx.close();
  });

  it('a reminder is read once none of the pieces it counts still waits', async () => {
    const one = await c.newItem('Recordada uno');
    const two = await c.newItem('Recordada dos');
    await c.stepOk(w.author, one, 'mark-for-internal-review');
    await c.stepOk(w.author, two, 'mark-for-internal-review');
    expect((await w.ctx.app.reminders.runNow(new Date(Date.now() + 48 * HOUR))).ran).toBe(true);
    expect(await c.reminders(w.reviewer2)).toEqual([{ content: '2 ítems esperan tu revisión', read: false }]);
    // One decided: the other still waits, so the reminder stands.
    await c.stepOk(w.reviewer, one, 'request-internal-changes', { reviewComments: 'Falta el logo' });
    expect(await c.reminders(w.reviewer2)).toEqual([{ content: '2 ítems esperan tu revisión', read: false }]);
    await c.stepOk(w.reviewer, two, 'approve-for-client');
    expect(await c.reminders(w.reviewer2)).toEqual([{ content: '2 ítems esperan tu revisión', read: true }]);
    expect(await c.reminders(w.reviewer)).toEqual([{ content: '2 ítems esperan tu revisión', read: true }]);
  });

  it('one reviewer decides: the other reviewers’ request is read, their count drops and their open bell is told', async () => {
    const id = await c.newItem('Dos revisores');
    await c.stepOk(w.author, id, 'mark-for-internal-review', { materialData: { copy: '<p>Uno</p>' } });
    const request = '«Dos revisores» está lista para revisión interna (versión 1)';
    const [asked] = await c.told(w.reviewer2, id);
    expect(asked).toMatchObject({ content: request, read: false, payload: { asks: 'internal_review' } });
    expect((await c.told(w.admin, id)).map((n) => n.read)).toEqual([false]);
    const countBefore = await c.unread(w.reviewer2);
    const socket = await pool.open(w.reviewer2.token);
    const updated = new Promise<Notification>((resolve) => socket.on('notification:updated', resolve));
    // A second tab of the author's: it hears of no request (the author was never asked).
    const authorTab = await pool.open(w.author.token);
    const authorUpdates: Notification[] = [];
    authorTab.on('notification:updated', (n) => authorUpdates.push(n));

    await c.stepOk(w.reviewer, id, 'approve-for-client');
    const told = await updated;
    expect(told).toMatchObject({ _id: asked!.id, read: true, content: request });
    expect(await c.unread(w.reviewer2)).toBe(countBefore - 1);
    expect((await c.told(w.reviewer2, id)).map((n) => n.read)).toEqual([true]);
    expect((await c.told(w.admin, id)).map((n) => n.read)).toEqual([true]);
    // The news of the decision stays unread for the author; the client is now asked.
    expect((await c.told(w.author, id)).map((n) => [n.content, n.read])).toEqual([
      ['«Dos revisores» se aprobó y se envió al cliente', false],
    ]);
    expect(authorUpdates).toEqual([]);
    expect((await c.told(w.client, id)).map((n) => [n.content, n.read])).toEqual([
      ['«Dos revisores» espera tu revisión (versión 1)', false],
    ]);
  });

  it('the client approves: «espera tu revisión» is read for her and the other client; the news stays unread', async () => {
    const id = await c.sentItem('Aprobada por ella');
    const before = await c.unread(w.client2);
    await c.stepOk(w.client, id, 'approve-client-review');
    for (const u of [w.client, w.client2])
      expect((await c.told(u, id)).map((n) => [n.content, n.read])).toEqual([
        ['«Aprobada por ella» espera tu revisión (versión 1)', true],
      ]);
    expect(await c.unread(w.client2)).toBe(before - 1);
    expect((await c.told(w.author, id)).map((n) => [n.content, n.read])).toEqual([
      ['«Aprobada por ella» se aprobó y se envió al cliente', false],
      ['El cliente aprobó «Aprobada por ella»', false],
    ]);
  });

  it('a withdrawal resolves the client’s request; a new version in internal review keeps asking; another piece is untouched', async () => {
    const id = await c.sentItem('Retirada');
    const other = await c.sentItem('Otra pieza');
    await c.stepOk(w.author, id, 'withdraw-from-client-review', { reviewComments: 'Un ajuste' });
    expect((await c.told(w.client, id)).map((n) => n.read)).toEqual([true, false]);
    expect((await c.told(w.client, other)).map((n) => n.read)).toEqual([false]);
    // Status unchanged (a new version in internal review): nothing is resolved, the new one asks too.
    await c.stepOk(w.author, id, 'mark-for-internal-review', { materialData: { copy: '<p>Dos</p>' } });
    await c.stepOk(w.author, id, 'create-material-version', { materialData: { copy: '<p>Tres</p>' } });
    const asks = (await c.told(w.reviewer2, id)).slice(-2);
    expect(asks.map((n) => [n.content, n.read])).toEqual([
      ['«Retirada» está lista para revisión interna (versión 2)', false],
      ['Versión 3 de «Retirada»: la revisión interna empieza de nuevo', false],
    ]);
    await c.stepOk(w.reviewer, id, 'request-internal-changes', { reviewComments: 'No' });
    expect((await c.told(w.reviewer2, id)).every((n) => n.read)).toBe(true);
    // The request for internal changes is news for the author: unread.
    expect((await c.told(w.author, id)).at(-1)).toMatchObject({
      content: 'Se pidieron cambios internos en «Retirada»',
      read: false,
    });
  });

  // PostgreSQL: the resolution finds its rows through the asks' item index and the receipts' key, whatever the
  // number of notifications.
  it.runIf(testDb === 'postgres')('the resolution reads no table whole at scale (PostgreSQL)', async () => {
    const db = w.ctx.app.db;
    // Two thousand more pieces (only their rows: the asks point at them), most approved.
    await db.execute(sql`
      insert into items (id, portfolio_id, cycle_id, title, status, created_at)
      select gen_random_uuid()::text, ${w.portfolioId}, ${w.cycleId}, 'Pieza ' || g,
        case when g % 10 = 0 then 'internal_review' else 'approved' end, now() - make_interval(secs => g)
      from generate_series(1, 2000) g`);
    await db.execute(sql`
      with made as (
        insert into notifications (id, title, content, created_at)
        select gen_random_uuid()::text, 'Producción', 'Aviso ' || g, now() from generate_series(1, 12000) g
        returning id),
      numbered as (select id, row_number() over () as n from made),
      receipts as (
        insert into notification_receipts (notification_id, user_id, created_at)
        select id, ${w.reviewer2.id}, now() from numbered returning notification_id)
      insert into notification_asks (notification_id, item_id, status)
      select numbered.id, i.id, 'internal_review' from numbered
      join (select id, row_number() over (order by id) as n from items where cycle_id = ${w.cycleId}) i
        on i.n = 1 + numbered.n % 2000`);
    await db.execute(
      sql`analyze notifications; analyze notification_receipts; analyze notification_asks; analyze items`,
    );
    const [{ id }] = rowsOf<{ id: string }>(
      await db.execute(sql`select item_id as id from notification_asks limit 1`),
    ) as [{ id: string }];
    const [row] = rowsOf<{ 'QUERY PLAN': PlanNode[] }>(
      await db.execute(sql`explain (format json) ${resolveStatement(id, 'internal_review')}`),
    );
    const plan = (row!['QUERY PLAN'] as unknown as Array<{ Plan: PlanNode }>)[0]!.Plan;
    expect(faults(plan)).toEqual([]);
    expect(JSON.stringify(plan)).toContain('notification_asks_item_idx');
  });
});

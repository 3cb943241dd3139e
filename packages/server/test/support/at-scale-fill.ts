/** Filling a test database to scale (issue 30): cycles, thousands of items in one statement, a full inbox. */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import type { TestContext, TestUser } from '../helpers.ts';

export const ITEMS = 12_000;

export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** A cycle under way today in the portfolio: its id. */
export async function startCycle(ctx: TestContext, admin: TestUser, portfolioId: string) {
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
export async function startCycleAfter(ctx: TestContext, admin: TestUser, portfolioId: string) {
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
export const NOTIFICATIONS = 10_500;

/** `n` items in a cycle, written in one statement: statuses, formats, assignees and dates spread over them. */
export async function fillCycle(
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
export async function fillInbox(ctx: TestContext, userId: string, n: number, unreadEvery = 1) {
  await ctx.app.db.execute(sql`
    with made as (
      insert into notifications (id, title, content, created_at)
      select gen_random_uuid()::text, 'Aviso', 'Aviso ' || g, timestamptz '2026-01-01' + make_interval(secs => g)
      from generate_series(1, ${n}) g
      returning id, created_at)
    insert into notification_receipts (notification_id, user_id, created_at, read)
    select id, ${userId}, created_at, row_number() over () % ${unreadEvery} <> 0 from made`);
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/services/people/bootstrap.ts';
import { createTestApp, type TestContext } from '../helpers.ts';

/**
 * The demo (`--demo`) is what a new team walks first: each piece past the draft carries the version the
 * workflow would have left it (the client's queue says «Versión 1», and the client reviews real material),
 * and seeding twice adds nothing.
 */
describe('the demo seed', () => {
  let ctx: TestContext;
  const token = async (email: string, password: string) =>
    (await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).json()
      .token as string;

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemo(ctx.app.db);
    await seedDemo(ctx.app.db);
  });
  afterAll(() => ctx?.close());

  it('gives every reviewed piece its first version, and the client sees the one sent to it', async () => {
    const staff = await token('empleado@demo.local', 'demo-empleado-123');
    const client = await token('cliente@demo.local', 'demo-cliente-123');
    const get = async (auth: string, url: string) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${auth}` } });
      expect(res.statusCode, url).toBe(200);
      return res.json();
    };
    const portfolios = (await get(staff, '/api/portfolios')) as Array<{ _id: string }>;
    expect(portfolios).toHaveLength(2);
    for (const p of portfolios) {
      const cycles = await get(staff, `/api/production/portfolios/${p._id}/cycles?page=1&limit=10`);
      expect(cycles.total).toBe(1);
      const page = await get(staff, `/api/production/cycles/${cycles.items[0]._id}/items?limit=50`);
      const byStatus = new Map(
        (page.items as Array<{ _id: string; status: string; currentVersion: number }>).map((i) => [
          i.status,
          i,
        ]),
      );
      expect([...byStatus.keys()].sort()).toEqual(['approved', 'client_review', 'draft', 'internal_review']);
      expect(byStatus.get('draft')!.currentVersion).toBe(0);
      for (const status of ['internal_review', 'client_review', 'approved']) {
        const item = byStatus.get(status)!;
        expect(item.currentVersion, status).toBe(1);
        const history = await get(staff, `/api/production/items/${item._id}/material-version-history`);
        expect(
          history.versions.map((v: { number: number; materialData: { copy: string } }) => v.number),
          status,
        ).toEqual([1]);
        expect(history.versions[0].materialData.copy, status).toContain('texto de ejemplo');
      }
    }
    // The client's queue holds the piece sent to it, at its first version, with material to review.
    const clientPortfolios = (await get(client, '/api/portfolios')) as Array<{ _id: string }>;
    const queues = await get(client, `/api/production/portfolios/${clientPortfolios[0]!._id}/review-queues`);
    expect(queues.client).toHaveLength(1);
    expect(queues.client[0].item.currentVersion).toBe(1);
    const sent = await get(
      client,
      `/api/production/items/${queues.client[0].item._id}/material-version-history`,
    );
    expect(sent.versions).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makePortfolio, makeUser, type TestContext, type TestUser } from '../helpers.ts';

type Method = 'GET' | 'POST';

const inDays = (n: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * The portfolio dashboard (staff) and "Mi Dashboard" (anyone who may view the portfolio), product-design §7:
 * counts per status straight after the flow, and nothing internal reaches a client, not even as a count.
 */
describe('dashboards', () => {
  let ctx: TestContext;
  let employee: TestUser;
  let reviewer: TestUser;
  let client: TestUser;
  let stranger: TestUser;
  let portfolioId: string;
  let otherPortfolioId: string;
  let cycleId: string;
  const ids: Record<string, string> = {};

  const as = (u: TestUser, method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const flow = async (u: TestUser, id: string, action: string, body: object = {}) => {
    const res = await as(u, 'POST', `/api/production/items/${id}/${action}`, body);
    expect(res.statusCode, res.body).toBe(200);
  };
  const newItem = async (title: string, publishDate?: string) => {
    const res = await as(employee, 'POST', `/api/production/cycles/${cycleId}/items`, {
      title,
      ...(publishDate ? { publishDate } : {}),
    });
    expect(res.statusCode).toBe(201);
    return (res.json() as { _id: string })._id;
  };
  const comment = async (u: TestUser, itemId: string, body: string, visibility?: 'internal' | 'client') => {
    const res = await as(u, 'POST', '/api/comments', {
      entityType: 'item',
      entityId: itemId,
      body,
      ...(visibility ? { visibility } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const dashboard = (u: TestUser, id = portfolioId) =>
    as(u, 'GET', `/api/production/portfolios/${id}/dashboard`);
  const mine = (u: TestUser, id = portfolioId) =>
    as(u, 'GET', `/api/production/portfolios/${id}/client-dashboard`);

  beforeAll(async () => {
    ctx = await createTestApp();
    employee = await makeUser(ctx.app, 'employee');
    reviewer = await makeUser(ctx.app, 'employee');
    client = await makeUser(ctx.app, 'client');
    stranger = await makeUser(ctx.app, 'employee');
    portfolioId = (await makePortfolio(ctx.app, [employee, reviewer, client]))._id;
    otherPortfolioId = (await makePortfolio(ctx.app, [stranger]))._id;
    cycleId = (
      await as(employee, 'POST', `/api/production/portfolios/${portfolioId}/start`, { cycleDuration: 14 })
    ).json()._id;

    ids.draft = await newItem('Borrador secreto', inDays(2));
    ids.draft2 = await newItem('Otro borrador');
    ids.inReview = await newItem('En revisión interna', inDays(3));
    await flow(employee, ids.inReview, 'mark-for-internal-review', { materialData: { copy: '<p>v1</p>' } });
    ids.internalChanges = await newItem('Con cambios internos');
    await flow(employee, ids.internalChanges, 'mark-for-internal-review');
    await flow(reviewer, ids.internalChanges, 'request-internal-changes', { reviewComments: 'Rehacer' });
    ids.clientReview = await newItem('Para el cliente', inDays(1));
    await flow(employee, ids.clientReview, 'mark-for-internal-review');
    await flow(reviewer, ids.clientReview, 'approve-for-client', { reviewComments: 'Nota interna' });
    ids.clientChanges = await newItem('Cambios del cliente');
    await flow(employee, ids.clientChanges, 'mark-for-internal-review');
    await flow(reviewer, ids.clientChanges, 'approve-for-client');
    await flow(client, ids.clientChanges, 'request-client-changes', { reviewComments: 'Otro color' });
    ids.approved = await newItem('Aprobada');
    await flow(employee, ids.approved, 'mark-for-internal-review');
    await flow(reviewer, ids.approved, 'approve-for-client');
    await flow(client, ids.approved, 'approve-client-review');
    // A piece far in the future: not in the next 7 days.
    await newItem('Lejana', inDays(10)).then((id) => {
      ids.far = id;
    });

    await comment(employee, ids.draft, '<p>Secreto interno del borrador</p>');
    await comment(employee, ids.clientReview, '<p>Solo para el equipo</p>', 'internal');
    await comment(client, ids.clientReview, '<p>Me gusta <strong>mucho</strong></p>');
  });
  afterAll(() => ctx.close());

  it('counts the current cycle per status straight after the flow, with the review queues', async () => {
    const res = await dashboard(employee);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d.counts).toEqual({
      draft: 3,
      internal_review: 1,
      internal_changes: 1,
      client_review: 1,
      client_changes: 1,
      approved: 1,
    });
    expect(d.currentCycle).toMatchObject({
      _id: cycleId,
      totalDays: 14,
      daysLeft: 14,
      approved: 1,
      total: 8,
    });
    expect(d.currentCycle.progress).toBeCloseTo(1 / 8);
    expect(d.pendingInternalReview.count).toBe(1);
    expect(d.pendingInternalReview.items.map((i: { _id: string }) => i._id)).toEqual([ids.inReview]);
    expect(Date.parse(d.pendingInternalReview.items[0].since)).not.toBeNaN();
    expect(d.clientChanges).toMatchObject({ count: 1, items: [{ _id: ids.clientChanges }] });
    expect(d.upcoming.map((i: { _id: string }) => i._id)).toEqual([
      ids.clientReview,
      ids.draft,
      ids.inReview,
    ]);
    expect(d.upcoming[0]).toMatchObject({ publishDate: inDays(1), status: 'client_review' });

    expect(d.activity).toHaveLength(15);
    const times = d.activity.map((a: { createdAt: string }) => a.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(d.activity[0]).toMatchObject({
      kind: 'comment',
      excerpt: 'Me gusta mucho',
      item: { _id: ids.clientReview, title: 'Para el cliente' },
    });
    // Staff read internal comments in the activity.
    expect(JSON.stringify(d.activity)).toContain('Solo para el equipo');

    // The same numbers after one more step.
    await flow(reviewer, ids.inReview, 'approve-for-client');
    const after = (await dashboard(employee)).json();
    expect(after.counts).toMatchObject({ internal_review: 0, client_review: 2 });
    expect(after.pendingInternalReview).toEqual({ count: 0, items: [] });
    expect(after.activity[0]).toMatchObject({
      kind: 'history',
      action: 'approve-for-client',
      fromStatus: 'internal_review',
      toStatus: 'client_review',
      item: { _id: ids.inReview },
    });
  });

  it('shows a client only what awaits it, never drafts, internal reviews or internal comments', async () => {
    expect((await dashboard(client)).statusCode).toBe(404);

    const res = await mine(client);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d.currentCycle).toMatchObject({ _id: cycleId, daysLeft: 14 });
    expect(d.awaitingReview.status).toBe('client_review');
    const awaiting = d.awaitingReview.items.map((i: { _id: string }) => i._id).sort();
    expect(awaiting).toEqual([ids.clientReview, ids.inReview].sort());
    expect(d.awaitingReview.count).toBe(2);
    expect(d.approvedThisCycle).toMatchObject({
      count: 1,
      items: [{ _id: ids.approved, title: 'Aprobada' }],
    });
    expect(d.recentComments).toHaveLength(1);
    expect(d.recentComments[0]).toMatchObject({
      excerpt: 'Me gusta mucho',
      visibility: 'client',
      item: { _id: ids.clientReview },
    });

    const text = res.body;
    for (const hidden of ['Borrador secreto', 'Otro borrador', 'Con cambios internos', 'Lejana']) {
      expect(text).not.toContain(hidden);
    }
    for (const hidden of [ids.draft, ids.draft2, ids.internalChanges, ids.far]) {
      expect(text).not.toContain(hidden);
    }
    expect(text).not.toContain('Secreto interno');
    expect(text).not.toContain('Solo para el equipo');
    expect(text).not.toContain('Nota interna');
    expect(text).not.toMatch(/draft|internal_review|internal_changes/);
  });

  it('shows staff with review.internal the internal review queue as "awaiting my review"', async () => {
    const extra = await newItem('Otra en revisión');
    await flow(employee, extra, 'mark-for-internal-review');
    const d = (await mine(reviewer)).json();
    expect(d.awaitingReview).toMatchObject({ status: 'internal_review', count: 1, items: [{ _id: extra }] });
    // Staff read internal comments too.
    expect(d.recentComments.map((c: { excerpt: string }) => c.excerpt)).toEqual(
      expect.arrayContaining(['Secreto interno del borrador', 'Solo para el equipo']),
    );
  });

  it('answers 404 for another portfolio, a user without grant or an unknown id, and 400/404 for a malformed one', async () => {
    for (const path of ['dashboard', 'client-dashboard']) {
      const url = (id: string) => `/api/production/portfolios/${id}/${path}`;
      expect((await as(employee, 'GET', url(otherPortfolioId))).statusCode).toBe(404);
      expect((await as(stranger, 'GET', url(portfolioId))).statusCode).toBe(404);
      expect((await as(employee, 'GET', url('no-existe'))).statusCode).toBe(404);
      expect((await as(employee, 'GET', url("x'; drop table items; --"))).statusCode).toBe(404);
      for (const malformed of ['%E0%A4%A', '%00', ' ']) {
        expect([400, 404]).toContain((await as(employee, 'GET', url(malformed))).statusCode);
      }
      // Too long for the id schema (or the URL limits): a client error, never a 500.
      const long = (await as(employee, 'GET', url('x'.repeat(101)))).statusCode;
      expect(long >= 400 && long < 500).toBe(true);
      expect((await ctx.app.inject({ method: 'GET', url: url(portfolioId) })).statusCode).toBe(401);
    }
  });

  it('answers a portfolio without a cycle with currentCycle null and zero counts', async () => {
    const fresh = (await makePortfolio(ctx.app, [employee, client]))._id;
    const d = (await dashboard(employee, fresh)).json();
    expect(d.currentCycle).toBeNull();
    expect(Object.values(d.counts)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(d).toMatchObject({
      pendingInternalReview: { count: 0, items: [] },
      clientChanges: { count: 0, items: [] },
      upcoming: [],
      activity: [],
    });
    const c = (await mine(client, fresh)).json();
    expect(c).toEqual({
      currentCycle: null,
      awaitingReview: { status: 'client_review', count: 0, items: [] },
      approvedThisCycle: { count: 0, items: [] },
      recentComments: [],
    });
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../../src/db/schema.ts';
import { portfolioAccess } from '../../src/db/schema/grants.ts';
import { createTestApp, makePortfolio, makeUser, type TestContext, type TestUser } from '../helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const IN_CLIENT_REVIEW = 'La pieza está en revisión del cliente: retírala de la revisión antes de cambiarla';

/**
 * Issue 47, point 1: while the client reviews a piece, what the client is shown (title, description, format,
 * publish date, the material) does not change, and the piece is neither moved nor deleted; the team's own fields
 * (owner, strategy) stay editable. The answer says which calls and fields are withheld, and why.
 */
describe('the client view is frozen while the client reviews', () => {
  let ctx: TestContext;
  let author: TestUser;
  let reviewer: TestUser;
  let viewer: TestUser;
  let client: TestUser;
  let portfolioId: string;
  let cycleId: string;
  let nextCycleId: string;

  const as = (u: TestUser, method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const flow = (u: TestUser, id: string, action: string, body: object = {}) =>
    as(u, 'POST', `/api/production/items/${id}/${action}`, body);
  const get = async (u: TestUser, id: string) => (await as(u, 'GET', `/api/production/items/${id}`)).json();
  /** In client review: written by the author, approved for the client by the reviewer. */
  const inClientReview = async (title: string) => {
    const res = await as(author, 'POST', `/api/production/cycles/${cycleId}/items`, {
      title,
      description: 'Lo que ve el cliente',
      format: 'Reel',
      publishDate: '2026-12-14',
      pilar: 'A',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json()._id as string;
    expect(
      (await flow(author, id, 'mark-for-internal-review', { materialData: { copy: '<p>V1</p>' } }))
        .statusCode,
    ).toBe(200);
    expect((await flow(reviewer, id, 'approve-for-client', {})).statusCode).toBe(200);
    return id;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    author = await makeUser(ctx.app, 'employee');
    reviewer = await makeUser(ctx.app, 'employee');
    viewer = await makeUser(ctx.app, 'employee');
    client = await makeUser(ctx.app, 'client');
    portfolioId = (await makePortfolio(ctx.app, [author, reviewer, viewer, client]))._id;
    cycleId = (
      await as(author, 'POST', `/api/production/portfolios/${portfolioId}/start`, { cycleDuration: 30 })
    ).json()._id;
    nextCycleId = (
      await as(author, 'POST', `/api/production/portfolios/${portfolioId}/next-cycle`, {})
    ).json()._id;
    expect(nextCycleId).toBeTruthy();
    // A member of the team who reviews but may not edit the production.
    await ctx.app.db
      .update(portfolioAccess)
      .set({ permissions: ['portfolio.view', 'production.view', 'review.internal', 'comments.write'] })
      .where(and(eq(portfolioAccess.userId, viewer.id), eq(portfolioAccess.portfolioId, portfolioId)));
  });
  afterAll(() => ctx.close());

  it('refuses each detail the client sees with 409 and the reason, and takes the team’s own', async () => {
    const id = await inClientReview('Congelada');
    const before = await get(author, id);
    expect(before.frozenFields).toEqual(
      ['title', 'description', 'format', 'publishDate'].map((field) => ({ field, reason: IN_CLIENT_REVIEW })),
    );
    for (const [field, value] of [
      ['title', 'Otro título'],
      ['description', 'Otra descripción'],
      ['format', 'Post'],
      ['publishDate', '2026-12-20'],
      ['publishDate', null],
    ] as const) {
      const res = await as(author, 'PUT', `/api/production/items/${id}`, {
        [field]: value,
        version: before.version,
      });
      expect(res.statusCode, field).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', message: IN_CLIENT_REVIEW, details: [{ field }] });
    }
    // Nothing was half-written.
    const [row] = await ctx.app.db.select().from(items).where(eq(items.id, id));
    expect(row).toMatchObject({
      title: 'Congelada',
      format: 'Reel',
      publishDate: '2026-12-14',
      version: before.version,
    });
    // A frozen detail sent unchanged beside an editable one is not a change: the owner and the strategy change.
    const ok = await as(author, 'PUT', `/api/production/items/${id}`, {
      title: 'Congelada',
      assigneeId: reviewer.id,
      pilar: 'B',
      funnelPhase: 'conversion',
      version: before.version,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ assigneeId: reviewer.id, pilar: 'B', status: 'client_review' });
    // Mixed: one frozen change refuses the whole write.
    const mixed = await as(author, 'PUT', `/api/production/items/${id}`, {
      title: 'Cambio',
      pilar: 'A',
      version: ok.json().version,
    });
    expect(mixed.statusCode).toBe(409);
    expect((await get(author, id)).pilar).toBe('B');
  });

  it('refuses deleting and moving it, alone, in a batch, and leaves it behind when the rest carries over', async () => {
    const id = await inClientReview('Quieta');
    const draft = (
      await as(author, 'POST', `/api/production/cycles/${cycleId}/items`, { title: 'Borrador' })
    ).json()._id;
    const del = await as(author, 'DELETE', `/api/production/items/${id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(IN_CLIENT_REVIEW);
    const move = await as(author, 'POST', `/api/production/items/${id}/move`, { nextCycleId });
    expect(move.statusCode).toBe(409);
    expect(move.json().message).toBe(IN_CLIENT_REVIEW);
    const batch = await as(author, 'POST', '/api/production/items/move', {
      itemIds: [draft, id],
      nextCycleId,
    });
    expect(batch.statusCode).toBe(409);
    expect(batch.json().message).toMatch(/«Quieta»/);
    // All or none: the draft did not move either.
    expect((await get(author, draft)).cycleId).toBe(cycleId);
    const carried = await as(author, 'POST', `/api/production/cycles/${cycleId}/carry-over`, { nextCycleId });
    expect(carried.statusCode).toBe(200);
    const moved = carried.json().map((i: { _id: string }) => i._id);
    expect(moved).toContain(draft);
    expect(moved).not.toContain(id);
    expect((await get(author, id)).cycleId).toBe(cycleId);

    const answer = await get(author, id);
    expect(answer.allowedActions).not.toContain('move-item');
    expect(answer.allowedActions).not.toContain('delete-item');
    expect(answer.blockedActions).toEqual(
      expect.arrayContaining([
        { action: 'move-item', reason: IN_CLIENT_REVIEW },
        { action: 'delete-item', reason: IN_CLIENT_REVIEW },
        { action: 'create-material-version', reason: IN_CLIENT_REVIEW },
        { action: 'update-material', reason: IN_CLIENT_REVIEW },
      ]),
    );
    // The client is told nothing of the team's calls.
    const forClient = await get(client, id);
    expect(forClient.blockedActions).toEqual([]);
    expect(forClient.frozenFields).toEqual([]);
    expect(forClient.allowedActions).toEqual(['approve-client-review', 'request-client-changes']);
  });

  it('after withdrawing, everything may change again', async () => {
    const id = await inClientReview('Retirada');
    expect(
      (await flow(author, id, 'withdraw-from-client-review', { reviewComments: 'Cambiamos el título' }))
        .statusCode,
    ).toBe(200);
    const item = await get(author, id);
    expect(item.frozenFields).toEqual([]);
    expect(item.allowedActions).toEqual(expect.arrayContaining(['update-item', 'move-item', 'delete-item']));
    const res = await as(author, 'PUT', `/api/production/items/${id}`, {
      title: 'Nuevo título',
      version: item.version,
    });
    expect(res.statusCode).toBe(200);
    expect((await as(author, 'DELETE', `/api/production/items/${id}`)).statusCode).toBe(200);
  });

  it('tells a member of the team without a permission which one, and still refuses the call (403)', async () => {
    const id = await inClientReview('Solo mirar');
    const answer = await get(viewer, id);
    expect(answer.allowedActions).toEqual([]);
    expect(answer.blockedActions).toEqual(
      expect.arrayContaining([
        {
          action: 'withdraw-from-client-review',
          reason: expect.stringMatching(/^No tienes el permiso «Editar la producción/),
        },
        { action: 'update-item', reason: expect.stringMatching(/^No tienes el permiso/) },
      ]),
    );
    expect((await as(viewer, 'DELETE', `/api/production/items/${id}`)).statusCode).toBe(403);
    // Another portfolio's piece stays invisible: 404, not a reason.
    const stranger = await makeUser(ctx.app, 'employee');
    expect((await as(stranger, 'GET', `/api/production/items/${id}`)).statusCode).toBe(404);
    expect((await as(stranger, 'PUT', `/api/production/items/${id}`, { title: 'x' })).statusCode).toBe(404);
  });
});

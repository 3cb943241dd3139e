import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, notifications, portfolios } from '../../src/db/schema.ts';
import {
  createTestApp,
  makePortfolio,
  makeUser,
  sentTo,
  type TestContext,
  type TestUser,
} from '../helpers.ts';

type Method = 'GET' | 'POST' | 'PUT';

/**
 * Issue 28: what the client approves is what was reviewed. A decision decides one version; nothing changes
 * behind a reviewer's back; the author does not approve her own work; a client is answered the client view.
 */
describe('review integrity', () => {
  let ctx: TestContext;
  let author: TestUser;
  let reviewer: TestUser;
  let admin: TestUser;
  let client: TestUser;
  let portfolioId: string;
  let cycleId: string;

  const as = (u: TestUser, method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const flow = (u: TestUser, id: string, action: string, body: object = {}) =>
    as(u, 'POST', `/api/production/items/${id}/${action}`, body);
  const get = async (u: TestUser, id: string) => (await as(u, 'GET', `/api/production/items/${id}`)).json();
  const newItem = async (title: string) => {
    const res = await as(author, 'POST', `/api/production/cycles/${cycleId}/items`, { title });
    expect(res.statusCode).toBe(201);
    return res.json() as { _id: string; allowedActions: string[] };
  };
  /** Written by the author, approved for the client by the reviewer: the client reviews version 1. */
  const sentItem = async (title: string, copy: string) => {
    const item = await newItem(title);
    expect(
      (await flow(author, item._id, 'mark-for-internal-review', { materialData: { copy } })).statusCode,
    ).toBe(200);
    const sent = await flow(reviewer, item._id, 'approve-for-client', { reviewComments: 'Nota interna' });
    expect(sent.statusCode).toBe(200);
    return item;
  };
  const inbox = async (u: TestUser, itemId: string) =>
    ctx.app.db
      .select()
      .from(notifications)
      .where(and(sentTo(u.id), eq(notifications.title, 'Producción')))
      .then((rows) => rows.filter((n) => n.payload.itemId === itemId));

  beforeAll(async () => {
    ctx = await createTestApp();
    author = await makeUser(ctx.app, 'employee');
    reviewer = await makeUser(ctx.app, 'employee');
    admin = await makeUser(ctx.app, 'admin');
    client = await makeUser(ctx.app, 'client');
    portfolioId = (await makePortfolio(ctx.app, [author, reviewer, client]))._id;
    cycleId = (
      await as(author, 'POST', `/api/production/portfolios/${portfolioId}/start`, { cycleDuration: 30 })
    ).json()._id;
  });
  afterAll(() => ctx.close());

  it('refuses a new version or a material change while the client reviews; withdrawing takes it back', async () => {
    const item = await sentItem('Retirada', '<p>V1</p>');
    const refusal = 'La pieza está en revisión del cliente: retírala de la revisión antes de cambiarla';
    for (const action of ['create-material-version', 'update-material']) {
      const res = await flow(author, item._id, action, { materialData: { copy: '<p>V2 a escondidas</p>' } });
      expect(res.statusCode, action).toBe(409);
      expect(res.json().message).toBe(refusal);
    }
    const staffView = await get(author, item._id);
    expect(staffView.materialData.copy).toBe('<p>V1</p>');
    expect(staffView.allowedActions).toEqual(['withdraw-from-client-review', 'update-item']);
    expect((await get(client, item._id)).allowedActions).toEqual([
      'approve-client-review',
      'request-client-changes',
    ]);

    // A reason is required; the client cannot withdraw.
    expect((await flow(author, item._id, 'withdraw-from-client-review', {})).statusCode).toBe(400);
    expect(
      (await flow(client, item._id, 'withdraw-from-client-review', { reviewComments: 'No' })).statusCode,
    ).toBe(403);
    const withdrawn = await flow(author, item._id, 'withdraw-from-client-review', {
      reviewComments: 'Cambia el precio',
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: 'internal_changes' });
    // No longer the client's to see: gone from its queue, its item 404, and it was told with a link to its
    // dashboard.
    expect((await as(client, 'GET', `/api/production/items/${item._id}`)).statusCode).toBe(404);
    const queues = (
      await as(client, 'GET', `/api/production/portfolios/${portfolioId}/review-queues`)
    ).json();
    expect(queues.client.map((e: { item: { _id: string } }) => e.item._id)).not.toContain(item._id);
    const told = await inbox(client, item._id);
    expect(told.map((n) => [n.content, n.payload.url])).toContainEqual([
      'El equipo retiró «Retirada» de tu revisión para cambiarla',
      `/portfolios/${portfolioId}/client-dashboard`,
    ]);
    // Now the team may change it.
    expect(
      (await flow(author, item._id, 'update-material', { materialData: { copy: '<p>V2</p>' } })).statusCode,
    ).toBe(200);
  });

  it('a decision decides one version: a stale one answers 409, and the approved content is that version', async () => {
    const item = await sentItem('Carrera', '<p>Primera</p>');
    // The client loaded version 1. The team withdraws it, writes version 2 and sends that.
    await flow(author, item._id, 'withdraw-from-client-review', { reviewComments: 'Otra versión' });
    await flow(author, item._id, 'mark-for-internal-review', { materialData: { copy: '<p>Segunda</p>' } });
    await flow(reviewer, item._id, 'approve-for-client', {});
    const stale = await flow(client, item._id, 'approve-client-review', { versionNumber: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('La versión 1 ya no es la que está en revisión');
    expect((await get(client, item._id)).status).toBe('client_review');

    const approved = await flow(client, item._id, 'approve-client-review', { versionNumber: 2 });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', currentVersion: 2, allowedActions: [] });
    expect(approved.json().materialData.copy).toBe('<p>Segunda</p>');
    const [row] = await ctx.app.db.select().from(items).where(eq(items.id, item._id));
    expect(row!.materialData.copy).toBe('<p>Segunda</p>');
    const history = (
      await as(author, 'GET', `/api/production/items/${item._id}/material-version-history`)
    ).json();
    const decided = history.history
      .filter((h: { action: string }) => h.action !== 'create' && h.action !== 'withdraw-from-client-review')
      .map((h: { action: string; versionNumber: number | null }) => [h.action, h.versionNumber]);
    expect(decided).toEqual([
      ['approve-client-review', 2],
      ['approve-for-client', 2],
      ['mark-for-internal-review', 2],
      ['approve-for-client', 1],
      ['mark-for-internal-review', 1],
    ]);
  });

  it('staff decide the current version; a stale item version answers 409', async () => {
    const item = await newItem('Interna');
    await flow(author, item._id, 'mark-for-internal-review', { materialData: { copy: '<p>A</p>' } });
    const { version } = await get(reviewer, item._id);
    // A new version during internal review restarts it, and the reviewers are told.
    const v2 = await flow(author, item._id, 'create-material-version', {
      materialData: { copy: '<p>B</p>' },
    });
    expect(v2.json()).toMatchObject({ status: 'internal_review', currentVersion: 2 });
    expect((await inbox(reviewer, item._id)).map((n) => n.content)).toContain(
      'Versión 2 de «Interna»: la revisión interna empieza de nuevo',
    );
    expect((await flow(reviewer, item._id, 'approve-for-client', { versionNumber: 1 })).statusCode).toBe(409);
    expect((await flow(reviewer, item._id, 'approve-for-client', { version })).statusCode).toBe(409);
    const ok = await flow(reviewer, item._id, 'approve-for-client', { versionNumber: 2 });
    expect(ok.statusCode).toBe(200);
  });

  it('two reviewers deciding at once: exactly one wins', async () => {
    const item = await newItem('Dos a la vez');
    await flow(author, item._id, 'mark-for-internal-review', { materialData: { copy: '<p>X</p>' } });
    const [a, b] = await Promise.all([
      flow(reviewer, item._id, 'approve-for-client', {}),
      flow(admin, item._id, 'request-internal-changes', { reviewComments: 'No' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('four eyes: the author of the current version does not approve it for the client, admins included', async () => {
    const item = await newItem('Cuatro ojos');
    await flow(author, item._id, 'mark-for-internal-review', { materialData: { copy: '<p>Mío</p>' } });
    expect((await get(author, item._id)).allowedActions).not.toContain('approve-for-client');
    expect((await get(reviewer, item._id)).allowedActions).toContain('approve-for-client');
    const own = await flow(author, item._id, 'approve-for-client', {});
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(
      'No puedes aprobar para el cliente una versión que escribiste tú: debe revisarla otra persona del equipo',
    );
    // An admin who writes the current version is held to the same rule.
    await flow(admin, item._id, 'create-material-version', { materialData: { copy: '<p>Del admin</p>' } });
    expect((await flow(admin, item._id, 'approve-for-client', {})).statusCode).toBe(403);
    // The author may approve the admin's version.
    expect((await get(author, item._id)).allowedActions).toContain('approve-for-client');

    // A one-person team lifts the rule for its portfolio.
    const lift = await as(author, 'PUT', `/api/portfolios/${portfolioId}`, { allowSelfApproval: true });
    expect(lift.json().allowSelfApproval).toBe(true);
    expect((await get(admin, item._id)).allowedActions).toContain('approve-for-client');
    expect((await flow(admin, item._id, 'approve-for-client', {})).statusCode).toBe(200);
    await ctx.app.db
      .update(portfolios)
      .set({ allowSelfApproval: false })
      .where(eq(portfolios.id, portfolioId));
  });

  it("answers a client's decision with the client view: no internal notes, no unsent copy", async () => {
    const item = await newItem('Vista del cliente');
    await flow(author, item._id, 'mark-for-internal-review', {
      materialData: { copy: '<p>Enviada</p>' },
      changeDescription: 'Descripción interna',
    });
    await flow(reviewer, item._id, 'approve-for-client', {});
    const answer = await flow(client, item._id, 'request-client-changes', { reviewComments: 'Cambia' });
    expect(answer.statusCode).toBe(200);
    const view = answer.json();
    expect(view.changeDescription).toBeNull();
    expect(view.materialData.copy).toBe('<p>Enviada</p>');
    expect(view.allowedActions).toEqual([]);
    // Staff write a working copy the client never received; the client's reads do not show it.
    await flow(author, item._id, 'update-material', { materialData: { copy: '<p>Borrador del equipo</p>' } });
    expect((await get(client, item._id)).materialData.copy).toBe('<p>Enviada</p>');
  });
});

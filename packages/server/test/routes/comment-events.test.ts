import type { CommentsEvent } from '@crw/contracts/events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userRoom } from '../../src/services/notify/notifier.ts';
import { createTestApp, makePortfolio, makeUser, type TestContext, type TestUser } from '../helpers.ts';
import { listenOnLoopback, socketPool } from '../support/sockets.ts';

type Method = 'POST' | 'PUT' | 'DELETE';

/**
 * `comments:changed` keeps threads and dashboards live, and follows the client-visibility rule: a client
 * never hears of an internal comment, nobody hears of another portfolio's.
 */
describe('comment events', () => {
  let ctx: TestContext;
  let base = '';
  let employee: TestUser;
  let reviewer: TestUser;
  let client: TestUser;
  let outsider: TestUser;
  let draftId: string;
  let sentId: string;
  let portfolioId: string;
  const pool = socketPool(() => base);
  const heard = new Map<string, CommentsEvent[]>();

  const as = (u: TestUser, method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });

  async function listen(u: TestUser) {
    const events: CommentsEvent[] = [];
    heard.set(u.id, events);
    (await pool.open(u.token)).on('comments:changed', (e) => events.push(e));
  }

  const of = (u: TestUser, commentId: string) =>
    (heard.get(u.id) ?? []).filter((e) => e.commentId === commentId);
  const wait = { timeout: 5000, interval: 20 };
  let controls = 0;
  /**
   * Waits until the staff socket (told of everything here) has the event: the server emitted it to all its
   * rooms in that one call. Then a positive control goes to every other socket through its user room, and
   * is awaited there: a socket delivers in order, so anything the change sent it arrived before its control.
   */
  const settle = async (commentId: string, kind: CommentsEvent['kind']) => {
    await vi.waitFor(() => expect(of(employee, commentId).map((e) => e.kind)).toContain(kind), wait);
    const control = `control-${++controls}`;
    const others = [...heard.keys()].filter((id) => id !== employee.id);
    for (const id of others)
      ctx.app.io
        .to(userRoom(id))
        .emit('comments:changed', { ...of(employee, commentId)[0]!, commentId: control });
    await vi.waitFor(() => {
      for (const id of others) expect(heard.get(id)?.map((e) => e.commentId)).toContain(control);
    }, wait);
  };
  const comment = async (u: TestUser, entityId: string, extra: object = {}) => {
    const res = await as(u, 'POST', '/api/comments', {
      entityId,
      entityType: 'item',
      body: '<p>Hola</p>',
      ...extra,
    });
    expect(res.statusCode).toBe(201);
    return res.json()._id as string;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    base = await listenOnLoopback(ctx.app);
    employee = await makeUser(ctx.app, 'employee');
    reviewer = await makeUser(ctx.app, 'employee');
    client = await makeUser(ctx.app, 'client');
    outsider = await makeUser(ctx.app, 'employee');
    portfolioId = (await makePortfolio(ctx.app, [employee, reviewer, client]))._id;
    await makePortfolio(ctx.app, [outsider]);
    const cycle = (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/production/portfolios/${portfolioId}/start`,
        headers: employee.headers,
        payload: { cycleDuration: 14 },
      })
    ).json();
    const item = async (title: string) =>
      (await as(employee, 'POST', `/api/production/cycles/${cycle._id}/items`, { title })).json()
        ._id as string;
    draftId = await item('Borrador');
    sentId = await item('Enviada');
    await as(employee, 'POST', `/api/production/items/${sentId}/mark-for-internal-review`, {});
    expect(
      (await as(reviewer, 'POST', `/api/production/items/${sentId}/approve-for-client`, {})).statusCode,
    ).toBe(200);
    for (const u of [employee, client, outsider]) await listen(u);
  });
  afterAll(async () => {
    pool.closeAll();
    await ctx.close();
  });

  it('tells staff of an internal comment and never the client or another portfolio', async () => {
    const id = await comment(reviewer, sentId, { visibility: 'internal' });
    await settle(id, 'comment.created');
    expect(of(employee, id)).toEqual([
      expect.objectContaining({ kind: 'comment.created', entityId: sentId, actorId: reviewer.id }),
    ]);
    expect(of(client, id)).toEqual([]);
    expect(of(outsider, id)).toEqual([]);

    const onDraft = await comment(reviewer, draftId);
    await settle(onDraft, 'comment.created');
    expect(of(client, onDraft)).toEqual([]);
  });

  it('tells the client of a comment meant for it, and when one leaves its view', async () => {
    const id = await comment(reviewer, sentId, { visibility: 'client' });
    await settle(id, 'comment.created');
    expect(of(client, id).map((e) => e.kind)).toEqual(['comment.created']);

    expect((await as(reviewer, 'PUT', `/api/comments/${id}`, { visibility: 'internal' })).statusCode).toBe(
      200,
    );
    await settle(id, 'comment.updated');
    expect(of(client, id).map((e) => e.kind)).toEqual(['comment.created', 'comment.updated']);

    // Now internal: its deletion is no business of the client's.
    expect((await as(reviewer, 'DELETE', `/api/comments/${id}`)).statusCode).toBe(200);
    await settle(id, 'comment.deleted');
    expect(of(client, id).map((e) => e.kind)).toEqual(['comment.created', 'comment.updated']);
    expect(of(outsider, id)).toEqual([]);
  });

  it("tells staff of the client's own comment", async () => {
    const id = await comment(client, sentId);
    await settle(id, 'comment.created');
    expect(of(client, id)).toHaveLength(1);
    expect(of(outsider, id)).toEqual([]);
  });

  it('a grant, a revoke and a new admin count at once, though the audience was read moments before', async () => {
    const admin = await makeUser(ctx.app, 'admin');
    const grants = `/api/users/${outsider.id}/portfolio-access`;
    // Read (and kept) with the outsider still outside.
    const before = await comment(employee, draftId);
    await settle(before, 'comment.created');
    expect(of(outsider, before)).toEqual([]);

    expect((await as(admin, 'POST', grants, { portfolioId })).statusCode).toBe(200);
    const granted = await comment(employee, draftId);
    await settle(granted, 'comment.created');
    expect(of(outsider, granted)).toHaveLength(1);

    expect((await as(admin, 'DELETE', `${grants}/${portfolioId}`)).statusCode).toBe(200);
    const revoked = await comment(employee, draftId);
    await settle(revoked, 'comment.created');
    expect(of(outsider, revoked)).toEqual([]);

    // An admin created through the API sees every portfolio from its first moment.
    const email = `nuevo-admin-${Date.now()}@test.local`;
    const created = await as(admin, 'POST', '/api/users', {
      email,
      name: 'Nueva administradora',
      role: 'admin',
      password: 'contraseña-segura-1',
    });
    expect(created.statusCode).toBe(201);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.250.0.1',
      payload: { email, password: 'contraseña-segura-1' },
    });
    expect(login.statusCode).toBe(200);
    const newcomer = { id: created.json()._id as string, token: login.json().token as string } as TestUser;
    await listen(newcomer);
    const welcomed = await comment(employee, draftId);
    await settle(welcomed, 'comment.created');
    expect(of(newcomer, welcomed)).toHaveLength(1);
  });
});

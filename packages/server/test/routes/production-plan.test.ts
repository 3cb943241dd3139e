import type { AddressInfo } from 'node:net';
import type { ProductionEvent, ServerToClientEvents } from '@crw/contracts/events';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemHistory } from '../../src/db/schema.ts';
import { userRoom } from '../../src/services/notify/notifier.ts';
import { createTestApp, makePortfolio, makeUser, type TestContext, type TestUser } from '../helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What the production plan screen needs from the API: cycles, bulk moves, members, one item, realtime. */
describe('production plan API', () => {
  let ctx: TestContext;
  let base = '';
  let employee: TestUser;
  let colleague: TestUser;
  let reviewer: TestUser;
  let client: TestUser;
  let outsider: TestUser;
  let portfolioId: string;
  let cycleId: string;
  const sockets: Socket[] = [];

  const as = (u: TestUser, method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const flow = (u: TestUser, id: string, action: string, body: object = {}) =>
    as(u, 'POST', `/api/production/items/${id}/${action}`, body);
  const newItem = async (title: string, cycle = cycleId) =>
    (await as(employee, 'POST', `/api/production/cycles/${cycle}/items`, { title })).json() as {
      _id: string;
      cycleId: string;
    };

  /** A socket for `u` that records every production event it receives. */
  async function listen(u: TestUser) {
    const socket: Socket<ServerToClientEvents> = connect(base, {
      path: '/socket.io',
      auth: { token: u.token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    const events: ProductionEvent[] = [];
    socket.on('production:changed', (e) => events.push(e));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return events;
  }
  const until = (check: () => boolean) => expect.poll(check, { timeout: 3000, interval: 20 }).toBe(true);
  /**
   * A positive control: an event sent through each user's room after a change the colleague has heard (the
   * server emits a change to all its rooms in one call). A socket delivers in order, so once the control is
   * in, anything that change sent these users is in too.
   */
  const control = async (...listeners: Array<{ user: TestUser; events: ProductionEvent[] }>) => {
    const event: ProductionEvent = {
      kind: 'item.updated',
      portfolioId: 'control',
      cycleId: 'control',
      itemId: `control-${Math.random()}`,
      actorId: 'control',
    };
    for (const { user } of listeners) ctx.app.io.to(userRoom(user.id)).emit('production:changed', event);
    for (const { events } of listeners) await until(() => events.some((e) => e.itemId === event.itemId));
    for (const { events } of listeners)
      events.splice(
        events.findIndex((e) => e.itemId === event.itemId),
        1,
      );
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    employee = await makeUser(ctx.app, 'employee');
    colleague = await makeUser(ctx.app, 'employee');
    reviewer = await makeUser(ctx.app, 'employee');
    client = await makeUser(ctx.app, 'client');
    outsider = await makeUser(ctx.app, 'employee');
    portfolioId = (await makePortfolio(ctx.app, [employee, colleague, reviewer, client]))._id;
    await makePortfolio(ctx.app, [outsider]);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await ctx.close();
  });

  it('creates the next cycle the day after the latest one ends', async () => {
    const early = await as(employee, 'POST', `/api/production/portfolios/${portfolioId}/next-cycle`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('inicia la producción');
    const first = (
      await as(employee, 'POST', `/api/production/portfolios/${portfolioId}/start`, { cycleDuration: 14 })
    ).json();
    cycleId = first._id;
    const next = await as(employee, 'POST', `/api/production/portfolios/${portfolioId}/next-cycle`, {});
    expect(next.statusCode).toBe(201);
    const dayAfter = new Date(`${first.endDate}T00:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    expect(next.json().startDate).toBe(dayAfter.toISOString().slice(0, 10));
    expect((Date.parse(next.json().endDate) - Date.parse(next.json().startDate)) / 86_400_000).toBe(13);
    const short = (
      await as(employee, 'POST', `/api/production/portfolios/${portfolioId}/next-cycle`, { cycleDuration: 7 })
    ).json();
    expect((Date.parse(short.endDate) - Date.parse(short.startDate)) / 86_400_000).toBe(6);
    expect(
      (await as(client, 'POST', `/api/production/portfolios/${portfolioId}/next-cycle`, {})).statusCode,
    ).toBe(403);
  });

  it('lists cycles with the number of items each viewer may see', async () => {
    const draft = await newItem('Borrador');
    const sent = await newItem('Enviada');
    await flow(employee, sent._id, 'mark-for-internal-review', {});
    await flow(reviewer, sent._id, 'approve-for-client', {});
    const count = async (u: TestUser) =>
      (await as(u, 'GET', `/api/production/portfolios/${portfolioId}/cycles?limit=100`))
        .json()
        .items.find((c: { _id: string }) => c._id === cycleId).itemCount;
    expect(await count(employee)).toBe(2);
    expect(await count(client)).toBe(1);
    expect((await as(client, 'GET', `/api/production/items/${draft._id}`)).statusCode).toBe(404);
    expect((await as(client, 'GET', `/api/production/items/${sent._id}`)).json().status).toBe(
      'client_review',
    );
    expect((await as(outsider, 'GET', `/api/production/items/${sent._id}`)).statusCode).toBe(404);
  });

  it('lists the members of a portfolio, without e-mail addresses for a client', async () => {
    const staffView = (await as(employee, 'GET', `/api/production/portfolios/${portfolioId}/members`)).json();
    const ids = staffView.map((m: { _id: string }) => m._id);
    expect(ids).toEqual(expect.arrayContaining([employee.id, colleague.id, reviewer.id, client.id]));
    expect(ids).not.toContain(outsider.id);
    const clientRow = staffView.find((m: { _id: string }) => m._id === client.id);
    expect(clientRow).toMatchObject({ role: 'client', staff: false, email: client.email });
    const clientView = (await as(client, 'GET', `/api/production/portfolios/${portfolioId}/members`)).json();
    expect(clientView.every((m: { email: string | null }) => m.email === null)).toBe(true);
    expect((await as(outsider, 'GET', `/api/production/portfolios/${portfolioId}/members`)).statusCode).toBe(
      404,
    );
  });

  it('moves several items at once, all or none, and carries the pending ones over', async () => {
    const target = (
      await as(employee, 'POST', `/api/production/portfolios/${portfolioId}/next-cycle`, {
        cycleDuration: 14,
      })
    ).json()._id;
    const a = await newItem('Mover A');
    const b = await newItem('Mover B');
    const done = await newItem('Aprobada');
    await flow(employee, done._id, 'mark-for-internal-review', {});
    await flow(reviewer, done._id, 'approve-for-client', {});
    await flow(client, done._id, 'approve-client-review', {});

    const refused = await as(employee, 'POST', '/api/production/items/move', {
      itemIds: [a._id, done._id],
      nextCycleId: target,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('«Aprobada»');
    expect((await as(employee, 'GET', `/api/production/items/${a._id}`)).json().cycleId).toBe(cycleId);

    const moved = await as(employee, 'POST', '/api/production/items/move', {
      itemIds: [a._id, b._id],
      nextCycleId: target,
    });
    expect(moved.json().map((i: { cycleId: string }) => i.cycleId)).toEqual([target, target]);
    const history = await ctx.app.db.select().from(itemHistory).where(eq(itemHistory.itemId, b._id));
    expect(history.map((h) => h.action)).toContain('move');
    const foreign = await makePortfolio(ctx.app, [outsider]);
    const foreignCycle = (
      await as(outsider, 'POST', `/api/production/portfolios/${foreign._id}/start`, { cycleDuration: 3 })
    ).json()._id;
    expect(
      (
        await as(employee, 'POST', '/api/production/items/move', {
          itemIds: [a._id],
          nextCycleId: foreignCycle,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await as(outsider, 'POST', '/api/production/items/move', { itemIds: [a._id], nextCycleId: target }))
        .statusCode,
    ).toBe(404);

    const carried = await as(employee, 'POST', `/api/production/cycles/${cycleId}/carry-over`, {
      nextCycleId: target,
    });
    expect(carried.statusCode).toBe(200);
    const left = (await as(employee, 'GET', `/api/production/cycles/${cycleId}/items?limit=100`)).json();
    // What stays: the approved pieces, and what a client is reviewing (it does not move: issue 47).
    const statuses = left.items.map((i: { status: string }) => i.status);
    expect(statuses).toContain('approved');
    expect(statuses.filter((s: string) => s !== 'approved' && s !== 'client_review')).toEqual([]);
  });

  it('refuses a stale edit with 409 and keeps the newer one', async () => {
    const item = await newItem('Concurrente');
    const first = await as(employee, 'PUT', `/api/production/items/${item._id}`, {
      title: 'Primera',
      version: 1,
    });
    expect(first.json()).toMatchObject({ title: 'Primera', version: 2 });
    const stale = await as(colleague, 'PUT', `/api/production/items/${item._id}`, {
      title: 'Vieja',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONCURRENT_UPDATE');
    expect((await as(employee, 'GET', `/api/production/items/${item._id}`)).json().title).toBe('Primera');
    expect((await as(employee, 'PUT', `/api/production/items/${item._id}`, { version: 2 })).statusCode).toBe(
      400,
    );
  });

  it('tells every open plan of the portfolio within a second, and a client only about what it may see', async () => {
    const colleagueEvents = await listen(colleague);
    const clientEvents = await listen(client);
    const outsiderEvents = await listen(outsider);
    const item = await newItem('En vivo');
    await until(() => colleagueEvents.some((e) => e.itemId === item._id && e.kind === 'item.created'));
    expect(colleagueEvents.find((e) => e.itemId === item._id)).toMatchObject({
      portfolioId,
      cycleId,
      actorId: employee.id,
      version: 1,
    });
    await as(employee, 'PUT', `/api/production/items/${item._id}`, { title: 'En vivo 2' });
    await until(() => colleagueEvents.some((e) => e.itemId === item._id && e.kind === 'item.updated'));

    await flow(employee, item._id, 'mark-for-internal-review', {});
    await flow(reviewer, item._id, 'approve-for-client', {});
    await until(() => clientEvents.some((e) => e.itemId === item._id));
    // The client heard nothing while the item was a draft or in internal review.
    expect(clientEvents.filter((e) => e.itemId === item._id)).toHaveLength(1);

    const draft = await newItem('Se borra');
    await as(employee, 'DELETE', `/api/production/items/${draft._id}`);
    await until(() => colleagueEvents.some((e) => e.itemId === draft._id && e.kind === 'item.deleted'));
    await control({ user: client, events: clientEvents }, { user: outsider, events: outsiderEvents });
    expect(clientEvents.some((e) => e.itemId === draft._id)).toBe(false);
    expect(outsiderEvents).toEqual([]);
  });
});

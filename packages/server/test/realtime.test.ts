import type { ServerToClientEvents } from '@crw/api-client/events';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, type TestContext, type TestUser } from './helpers.ts';
import { listenOnLoopback, socketPool } from './support/sockets.ts';

describe('realtime notifications over socket.io', () => {
  let ctx: TestContext;
  let base = '';
  const pool = socketPool(() => base);
  let admin: TestUser;
  let employee: TestUser;

  beforeAll(async () => {
    ctx = await createTestApp();
    base = await listenOnLoopback(ctx.app);
    admin = await makeUser(ctx.app, 'admin');
    employee = await makeUser(ctx.app, 'employee');
  });
  afterAll(async () => {
    pool.closeAll();
    await ctx.close();
  });

  const open = pool.open;

  const next = <E extends keyof ServerToClientEvents>(socket: Socket<ServerToClientEvents>, event: E) =>
    new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve) => {
      socket.once(event as 'notification:new', (payload) =>
        resolve(payload as Parameters<ServerToClientEvents[E]>[0]),
      );
    });

  it('delivers a broadcast to the recipient as notification:new, and only to them', async () => {
    const mine = await open(employee.token);
    const admins = await open(admin.token);
    let adminGot = 0;
    admins.on('notification:new', () => {
      adminGot += 1;
    });
    const received = next(mine, 'notification:new');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/broadcast',
      headers: admin.headers,
      payload: { title: 'En vivo', content: 'Llega al momento', criteria: { userIds: [employee.id] } },
    });
    expect(res.statusCode).toBe(200);
    const n = await received;
    expect(n).toMatchObject({ title: 'En vivo', content: 'Llega al momento', read: false });
    expect(n).not.toHaveProperty('userId');
    expect(adminGot).toBe(0);
  });

  it('a broadcast to several users is one frame per socket, with one shared id', async () => {
    const second = await makeUser(ctx.app, 'employee');
    const mine = await open(employee.token);
    const theirs = await open(second.token);
    const got: Record<string, string[]> = { mine: [], theirs: [] };
    mine.on('notification:new', (n) => got.mine!.push(n._id));
    theirs.on('notification:new', (n) => got.theirs!.push(n._id));
    const both = Promise.all([next(mine, 'notification:new'), next(theirs, 'notification:new')]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/broadcast',
      headers: admin.headers,
      payload: { title: 'A los dos', content: 'Una vez', criteria: { userIds: [employee.id, second.id] } },
    });
    expect(res.json()).toEqual({ success: true, count: 2 });
    const [a, b] = await both;
    expect(a._id).toBe(b._id);
    await new Promise((r) => setTimeout(r, 50));
    expect(got).toEqual({ mine: [a._id], theirs: [a._id] });
  });

  it("tells the owner's other tabs when a notification is read (notification:updated)", async () => {
    const tabA = await open(employee.token);
    const tabB = await open(employee.token);
    const arrived = next(tabA, 'notification:new');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/broadcast',
      headers: admin.headers,
      payload: { title: 'x', content: 'y', criteria: { userIds: [employee.id] } },
    });
    const n = await arrived;
    const updated = next(tabB, 'notification:updated');
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/notifications/${n._id}/read`,
      headers: employee.headers,
    });
    expect(await updated).toMatchObject({ _id: n._id, read: true });
  });

  it('refuses a bad or missing token', async () => {
    await expect(open('no-es-un-token')).rejects.toThrow('Sesión inválida o expirada');
    await expect(open('')).rejects.toThrow('No autenticado');
  });
});

import type { ServerToClientEvents } from '@crw/contracts/events';
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

  type Notification = Parameters<ServerToClientEvents['notification:new']>[0];
  let controls = 0;
  /**
   * A positive control instead of a pause: once a change has reached one socket (the server sent it to all
   * its rooms in one call), a control frame goes to each socket given and is awaited there. A socket delivers
   * in order, so whatever the change sent it arrived first. The controls are then taken out of `lists`.
   */
  const control = async (sockets: Socket<ServerToClientEvents>[], ...lists: string[][]) => {
    const _id = `control-${++controls}`;
    const arrived = Promise.all(sockets.map((s) => next(s, 'notification:new')));
    for (const s of sockets) ctx.app.io.to(s.id!).emit('notification:new', { _id } as Notification);
    const got = await arrived;
    expect(got.map((n) => n._id)).toEqual(sockets.map(() => _id));
    for (const list of lists) list.splice(0, list.length, ...list.filter((id) => id !== _id));
  };

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
    await control([admins]);
    expect(adminGot).toBe(1); // the control alone
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
    await control([mine, theirs], got.mine!, got.theirs!);
    expect(got).toEqual({ mine: [a._id], theirs: [a._id] });
  });

  const broadcast = (payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/notifications/broadcast', headers: admin.headers, payload });
  /** Every notification:new a socket gets from now on. */
  const collect = (socket: Socket<ServerToClientEvents>) => {
    const ids: string[] = [];
    socket.on('notification:new', (n) => ids.push(n._id));
    return ids;
  };
  const listed = async (user: TestUser) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: user.headers }))
      .json<Array<{ _id: string }>>()
      .map((n) => n._id);

  it('a broadcast by role reaches the sockets of that role (its room), and those people alone have it', async () => {
    const client = await makeUser(ctx.app, 'client');
    const [emp, cli, adm] = await Promise.all([open(employee.token), open(client.token), open(admin.token)]);
    const got = { emp: collect(emp), cli: collect(cli), adm: collect(adm) };
    const arrived = next(emp, 'notification:new');
    const res = await broadcast({
      title: 'Equipo',
      content: 'Solo empleados',
      criteria: { roles: ['employee'] },
    });
    expect(res.statusCode).toBe(200);
    const n = await arrived;
    await control([emp, cli, adm], got.emp, got.cli, got.adm);
    expect(got).toEqual({ emp: [n._id], cli: [], adm: [] });
    expect(await listed(employee)).toContain(n._id);
    expect(await listed(client)).not.toContain(n._id);

    // No role criterion is everyone: every role's room, one frame each.
    const all = Promise.all([emp, cli, adm].map((s) => next(s, 'notification:new')));
    expect((await broadcast({ title: 'Todos', content: 'Para todos' })).statusCode).toBe(200);
    const [a, b, c] = await all;
    expect(new Set([a._id, b._id, c._id]).size).toBe(1);
    await control([emp, cli, adm], got.emp, got.cli, got.adm);
    expect(got).toEqual({ emp: [n._id, a._id], cli: [a._id], adm: [a._id] });
  });

  it('after a role change, the next session is in the new role’s room and not in the old one', async () => {
    const user = await makeUser(ctx.app, 'employee');
    const before = await open(user.token);
    const ended = new Promise((resolve) => before.once('disconnect', resolve));
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: admin.headers,
      payload: { role: 'client' },
    });
    expect(changed.statusCode).toBe(200);
    await ended;
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.250.0.1',
      payload: { email: user.email, password: user.password },
    });
    const token = login.json<{ token: string }>().token;
    const socket = await open(token);
    const got = collect(socket);
    const employees = await broadcast({
      title: 'E',
      content: 'Empleados',
      criteria: { roles: ['employee'] },
    });
    const clients = await broadcast({ title: 'C', content: 'Clientes', criteria: { roles: ['client'] } });
    expect([employees.statusCode, clients.statusCode]).toEqual([200, 200]);
    // The clients' broadcast arrives; then a control, so the employees' one would have arrived before it.
    await expect.poll(() => got.length).toBeGreaterThan(0);
    await control([socket], got);
    expect(got).toHaveLength(1);
    const mine = await listed({ ...user, headers: { authorization: `Bearer ${token}` } });
    expect(mine).toContain(got[0]);
    expect(mine).toHaveLength(1);
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

/**
 * Sockets end with their session (also mid-handshake and through connection-state recovery), recovery replays
 * only what the socket may receive, and the socket Origin check. Role changes are in
 * sessions-role-change.test.ts, tokens in sessions-tokens.test.ts.
 */
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originAllowed } from '../src/plugins/realtime.ts';
import { userRoom } from '../src/services/notify/notifier.ts';
import { createTestApp, makeUser, type TestContext, type TestUser } from './helpers.ts';
import { type Client, openSocket, reconnected, sessionsWorld, within } from './support/sessions-world.ts';

/** Sessions end when the account changes: tokens, sockets, powers. */
describe('sessions and role changes', () => {
  const { sockets, as, open, userRow, current } = sessionsWorld();
  let ctx: TestContext,
    base = '',
    admin: TestUser;
  beforeAll(() => {
    ({ ctx, base, admin } = current());
  });

  describe('sockets', () => {
    it.each([
      [
        'a password change',
        (u: TestUser) => as(admin, 'PUT', `/api/users/${u.id}`, { password: 'nueva-contraseña-1' }),
      ],
      ['a role change', (u: TestUser) => as(admin, 'PUT', `/api/users/${u.id}`, { role: 'client' })],
      ['a deletion', (u: TestUser) => as(admin, 'DELETE', `/api/users/${u.id}`)],
    ])('%s closes every open socket at once, and the old token cannot reconnect', async (_name, change) => {
      const u = await makeUser(ctx.app, 'employee');
      const bystander = await makeUser(ctx.app, 'employee');
      const tabs = [await open(u.token), await open(u.token)];
      const other = await open(bystander.token);
      const closed = tabs.map((s) => new Promise<string>((resolve) => s.once('disconnect', resolve)));
      const before = (await userRow(u.id)).tokenVersion;
      expect((await change(u)).statusCode).toBe(200);
      expect(await within(Promise.all(closed), 'sockets cerrados')).toEqual([
        'io server disconnect',
        'io server disconnect',
      ]);
      expect((await userRow(u.id)).tokenVersion).toBe(before + 1);
      expect((await as(u, 'GET', '/api/auth/me')).statusCode).toBe(401);
      await expect(open(u.token)).rejects.toThrow(/Sesión inválida/);
      expect(other.connected).toBe(true);
    });

    it('a renamed user keeps its sockets: only role, password and deletion end a session', async () => {
      const u = await makeUser(ctx.app, 'employee');
      const socket = await open(u.token);
      expect((await as(admin, 'PUT', `/api/users/${u.id}`, { name: 'Otro nombre' })).statusCode).toBe(200);
      expect((await ctx.app.io.in(userRoom(u.id)).fetchSockets()).length).toBe(1);
      expect(socket.connected).toBe(true);
    });

    it('a handshake that passed authentication just before the session ended does not survive it', async () => {
      // A middleware after the real one holds handshakes that ask for it, between authentication and
      // connection: the window in which the password changes.
      let reached!: () => void;
      const atGate = new Promise<void>((resolve) => {
        reached = resolve;
      });
      let open_!: () => void;
      const gate = new Promise<void>((resolve) => {
        open_ = resolve;
      });
      ctx.app.io.use(async (socket, next) => {
        if ((socket.handshake.auth as { hold?: boolean }).hold) {
          reached();
          await gate;
        }
        next();
      });
      const u = await makeUser(ctx.app, 'employee');
      const socket: Client = connect(base, {
        path: '/socket.io',
        auth: { token: u.token, hold: true },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      await atGate;
      expect(
        (await as(admin, 'PUT', `/api/users/${u.id}`, { password: 'nueva-contraseña-2' })).statusCode,
      ).toBe(200);
      open_();
      expect(await within(closed, 'socket cerrado')).toBe('io server disconnect');
      await expect.poll(async () => (await ctx.app.io.in(userRoom(u.id)).fetchSockets()).length).toBe(0);
    });

    it('connection-state recovery does not bring back a session that ended while disconnected', async () => {
      const u = await makeUser(ctx.app, 'employee');
      const socket = await open(u.token);
      // Recovery needs an offset: one broadcast received.
      const got = new Promise((resolve) => socket.once('notification:new', resolve));
      await as(admin, 'POST', '/api/notifications/broadcast', {
        title: 'Hola',
        content: 'Para tener un offset',
        criteria: { userIds: [u.id] },
      });
      await got;
      const room = async () => (await ctx.app.io.in(userRoom(u.id)).fetchSockets()).length;
      const dropAndReconnect = async () => {
        const dropped = new Promise((resolve) => socket.once('disconnect', resolve));
        // The network goes away (not a clean disconnect): the server keeps the session for recovery.
        socket.io.engine.close();
        await dropped;
        await expect.poll(room).toBe(0);
      };

      // With the session still valid, the reconnection is a recovery: what the test below relies on.
      await dropAndReconnect();
      socket.connect();
      await reconnected(socket);
      expect(socket.recovered).toBe(true);

      // Ended while disconnected: the recovery runs the authentication again and is refused.
      await dropAndReconnect();
      expect(
        (await as(admin, 'PUT', `/api/users/${u.id}`, { password: 'nueva-contraseña-3' })).statusCode,
      ).toBe(200);
      socket.connect();
      await expect(reconnected(socket)).rejects.toThrow(/Sesión inválida/);
      expect(socket.connected).toBe(false);
      expect(await room()).toBe(0);
    });

    it('recovery replays what a dropped socket missed, and keeps no event that nobody could receive', async () => {
      // socket.io's store of events for recovery (RecoveryAdapter, lib/recovery-adapter.ts).
      const kept = () => (ctx.app.io.of('/').adapter as unknown as { packets: unknown[] }).packets.length;
      const u = await makeUser(ctx.app, 'employee');
      const nobody = await makeUser(ctx.app, 'employee');
      const socket = await open(u.token);
      const titles: string[] = [];
      socket.on('notification:new', (n) => titles.push(n.title));
      const send = async (to: TestUser, title: string) => {
        const res = await as(admin, 'POST', '/api/notifications/broadcast', {
          title,
          content: 'Prueba de recuperación',
          criteria: { userIds: [to.id] },
        });
        expect(res.json()).toEqual({ success: true, count: 1 });
      };
      const before = kept();
      // Someone connected in the room: kept (it is also the offset a later recovery starts from).
      await send(u, 'Primera');
      await expect.poll(() => titles).toEqual(['Primera']);
      expect(kept()).toBe(before + 1);
      // Nobody connected in that room and no session waiting for it: delivered to nobody, kept nowhere.
      await send(nobody, 'Para nadie');
      expect(kept()).toBe(before + 1);

      // The network goes away: the session waits, and an event for it meanwhile is kept and replayed.
      const dropped = new Promise((resolve) => socket.once('disconnect', resolve));
      socket.io.engine.close();
      await dropped;
      await expect.poll(async () => (await ctx.app.io.in(userRoom(u.id)).fetchSockets()).length).toBe(0);
      await send(u, 'Mientras tanto');
      expect(kept()).toBe(before + 2);
      socket.connect();
      await reconnected(socket);
      expect(socket.recovered).toBe(true);
      await expect.poll(() => titles).toEqual(['Primera', 'Mientras tanto']);
    });

    it.each([['websocket'], ['polling']] as const)(
      'refuses a browser handshake from another origin (%s), accepts its own and one without Origin',
      async (transport) => {
        const u = await makeUser(ctx.app, 'employee');
        const hs = (headers: Record<string, string>) =>
          openSocket(base, sockets, { token: u.token }, { headers, transports: [transport] });
        await expect(hs({ origin: 'https://evil.example' })).rejects.toThrow();
        await expect(hs({ origin: 'null' })).rejects.toThrow();
        // Same host, another port: another origin.
        await expect(
          hs({ origin: base.replace(/:(\d+)$/, (_m, p) => `:${Number(p) + 1}`) }),
        ).rejects.toThrow();
        expect((await hs({ origin: base })).connected).toBe(true);
        expect((await hs({})).connected).toBe(true);
        // A right origin does not replace the token.
        await expect(
          openSocket(
            base,
            sockets,
            { token: 'falso' },
            { headers: { origin: base }, transports: [transport] },
          ),
        ).rejects.toThrow(/Sesión inválida/);
      },
    );
  });
});

describe('socket Origin with PUBLIC_URL set', () => {
  let ctx: TestContext;
  let base = '';
  let user: TestUser;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // Only a name in a header: nothing is ever sent to it.
    ctx = await createTestApp({ PUBLIC_URL: 'https://estudio.example' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    user = await makeUser(ctx.app, 'employee');
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await ctx.close();
  });

  it('accepts only the configured public origin', async () => {
    const hs = (origin: string) => openSocket(base, sockets, { token: user.token }, { headers: { origin } });
    expect((await hs('https://estudio.example')).connected).toBe(true);
    // The request's own host is no longer enough, nor the public host on another scheme or port.
    await expect(hs(base)).rejects.toThrow();
    await expect(hs('http://estudio.example')).rejects.toThrow();
    await expect(hs('https://estudio.example:8443')).rejects.toThrow();
    await expect(hs('https://evil.example')).rejects.toThrow();
  });
});

describe('originAllowed', () => {
  it.each([
    // origin, Host header, PUBLIC_URL, allowed
    [undefined, 'app.test:3000', undefined, true],
    ['http://app.test:3000', 'app.test:3000', undefined, true],
    ['http://APP.test:3000', 'app.TEST:3000', undefined, true],
    ['https://app.test', 'app.test:443', undefined, true],
    ['http://app.test', 'app.test:80', undefined, true],
    ['http://app.test:3001', 'app.test:3000', undefined, false],
    ['http://app.test.evil.example:3000', 'app.test:3000', undefined, false],
    ['null', 'app.test:3000', undefined, false],
    ['', 'app.test:3000', undefined, false],
    ['no es un origen', 'app.test:3000', undefined, false],
    ['http://app.test:3000', undefined, undefined, false],
    ['https://estudio.example', 'interno:3000', 'https://estudio.example/', true],
    ['https://estudio.example:443', 'interno:3000', 'https://estudio.example', true],
    ['http://interno:3000', 'interno:3000', 'https://estudio.example', false],
    ['http://estudio.example', 'estudio.example', 'https://estudio.example', false],
  ])('%s with Host %s and PUBLIC_URL %s → %s', (origin, host, publicUrl, allowed) => {
    expect(originAllowed(origin, host, publicUrl)).toBe(allowed);
  });
});

/**
 * Two instances on one PostgreSQL database and one Redis: a broadcast made through instance A reaches a
 * socket held by instance B exactly once (socket.io Redis adapter), and a session ended through A (password,
 * role, deletion) closes the user's sockets on B. With Redis unreachable, an instance still closes its own. Needs DATABASE_URL and REDIS_URL; on
 * CI (CI=true) their absence is a failure, never a skip.
 */
import { type AddressInfo, createServer, connect as netConnect, type Socket as Socket_ } from 'node:net';
import type { ServerToClientEvents } from '@crw/contracts/events';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { loadEnv } from '../src/env.ts';
import { createTestApp, freshDatabase, makeUser, testDb } from './helpers.ts';

const onCi = process.env.CI === 'true';
const ready = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL) && testDb === 'postgres';
const shouldRun = ready || (onCi && testDb === 'postgres');

/** A real socket.io client on loopback to one instance; resolves once connected. */
const openOn = (app: App, token: string) => {
  const port = (app.server.address() as AddressInfo).port;
  const socket: Socket<ServerToClientEvents> = connect(`http://127.0.0.1:${port}`, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  return new Promise<Socket<ServerToClientEvents>>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(error);
    });
  });
};

describe.runIf(shouldRun)('two instances behind one Redis', () => {
  let database: Database;
  let second: Database;
  const apps: App[] = [];
  const redises: Redis[] = [];

  beforeAll(async () => {
    expect(process.env.DATABASE_URL, 'DATABASE_URL must be set').toBeTruthy();
    expect(process.env.REDIS_URL, 'REDIS_URL must be set').toBeTruthy();
    database = await freshDatabase();
    // Instance B opens its own pool on the same database.
    const url = (database as Database & { url?: string }).url!;
    second = await openDatabase({ databaseUrl: url });
    for (const db of [database, second]) {
      const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 3 });
      redises.push(redis);
      const env = loadEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: url,
        REDIS_URL: process.env.REDIS_URL,
      });
      const app = await buildApp({ env, database: db, redis, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const r of redises) r.disconnect();
    await second?.close();
    await database?.close();
  });

  it('a broadcast through A reaches a socket on B exactly once', async () => {
    const [a, b] = apps as [App, App];
    const admin = await makeUser(a, 'admin');
    const employee = await makeUser(a, 'employee');
    const port = (b.server.address() as AddressInfo).port;
    const socket: Socket<ServerToClientEvents> = connect(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      auth: { token: employee.token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const received: string[] = [];
    socket.on('notification:new', (n) => received.push(n.content));
    const res = await a.inject({
      method: 'POST',
      url: '/api/notifications/broadcast',
      headers: admin.headers,
      payload: { title: 'Escala', content: 'Desde A', criteria: { userIds: [employee.id] } },
    });
    expect(res.json()).toEqual({ success: true, count: 1 });
    await expect.poll(() => received.length).toBe(1);
    // A positive control down the same road (A → Redis → B → socket), which delivers in order: once the
    // control is in, a duplicate of the first would be in before it. None may be.
    const control = await a.inject({
      method: 'POST',
      url: '/api/notifications/broadcast',
      headers: admin.headers,
      payload: { title: 'Escala', content: 'Control', criteria: { userIds: [employee.id] } },
    });
    expect(control.statusCode).toBe(200);
    await expect.poll(() => received.at(-1)).toBe('Control');
    expect(received).toEqual(['Desde A', 'Control']);
    socket.disconnect();
  });

  it.each([
    [
      'a password changed',
      (id: string) => ({
        method: 'PUT',
        url: `/api/users/${id}`,
        payload: { password: 'otra-contraseña-segura' },
      }),
    ],
    [
      'a role changed',
      (id: string) => ({ method: 'PUT', url: `/api/users/${id}`, payload: { role: 'client' } }),
    ],
    ['a deletion', (id: string) => ({ method: 'DELETE', url: `/api/users/${id}` })],
  ] as const)("%s through A closes the user's sockets on B and on A", async (_name, request) => {
    const [a, b] = apps as [App, App];
    const admin = await makeUser(a, 'admin');
    const employee = await makeUser(a, 'employee');
    const bystander = await makeUser(a, 'employee');
    const onB = await openOn(b, employee.token);
    const onA = await openOn(a, employee.token);
    const other = await openOn(b, bystander.token);
    const closed = [onB, onA].map((s) => new Promise<string>((resolve) => s.once('disconnect', resolve)));
    // B has the user in its signed-in user cache.
    expect(
      (await b.inject({ method: 'GET', url: '/api/auth/me', headers: employee.headers })).statusCode,
    ).toBe(200);
    const res = await a.inject({ ...request(employee.id), headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(await withinASecond(Promise.all(closed))).toEqual([
      'io server disconnect',
      'io server disconnect',
    ]);
    // B refuses the old token too: the token version lives in the shared database.
    expect(
      (await b.inject({ method: 'GET', url: '/api/auth/me', headers: employee.headers })).statusCode,
    ).toBe(401);
    await expect(openOn(b, employee.token)).rejects.toThrow(/Sesión inválida/);
    expect(other.connected).toBe(true);
    other.disconnect();
  });

  it('permissions changed through A are what B sees next, though B had the user cached', async () => {
    const [a, b] = apps as [App, App];
    const admin = await makeUser(a, 'admin');
    const employee = await makeUser(a, 'employee');
    const me = async () =>
      (await b.inject({ method: 'GET', url: '/api/auth/me', headers: employee.headers })).json()
        .permissions as string[];
    const before = await me();
    const changed = before.includes('portfolios.create')
      ? before.filter((p) => p !== 'portfolios.create')
      : [...before, 'portfolios.create'];
    const res = await a.inject({
      method: 'PATCH',
      url: `/api/users/${employee.id}/permissions`,
      headers: admin.headers,
      payload: { permissions: changed },
    });
    expect(res.statusCode).toBe(200);
    // Redis carries the change to B in milliseconds; the cache's own expiry (5 s) is never what is waited for.
    await expect.poll(me, { timeout: 1000, interval: 20 }).toEqual(changed);
  });
});

/** What `promise` settles to, or 'still open after 1 s'. */
const withinASecond = <T>(promise: Promise<T>) =>
  Promise.race([
    promise,
    new Promise<string>((resolve) => setTimeout(() => resolve('still open after 1 s'), 1000)),
  ]);

/** A pass-through to the real Redis on loopback that can stop forwarding, as a partitioned network would. */
async function pausableRedisProxy(target: URL) {
  const peers = new Set<{ queue: Buffer[]; upstream: Socket_ }>();
  let paused = false;
  const server = createServer((client) => {
    const upstream = netConnect(Number(target.port || 6379), target.hostname);
    const peer = { queue: [] as Buffer[], upstream };
    peers.add(peer);
    client.on('data', (chunk) => (paused ? peer.queue.push(chunk) : upstream.write(chunk)));
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      peers.delete(peer);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      for (const peer of peers) for (const chunk of peer.queue.splice(0)) peer.upstream.write(chunk);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.runIf(shouldRun)('Redis unreachable', () => {
  it('an instance still closes its own sockets of an ended session at once', async () => {
    const proxy = await pausableRedisProxy(new URL(process.env.REDIS_URL!));
    const redis = new Redis({ host: '127.0.0.1', port: proxy.port, maxRetriesPerRequest: 3 });
    const ctx = await createTestApp({}, { redis });
    try {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const admin = await makeUser(ctx.app, 'admin');
      const employee = await makeUser(ctx.app, 'employee');
      const socket = await openOn(ctx.app, employee.token);
      const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      proxy.pause();
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/users/${employee.id}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(await withinASecond(closed)).toBe('io server disconnect');
    } finally {
      proxy.resume();
      await ctx.close();
      redis.disconnect();
      await proxy.close();
    }
  });
});

/**
 * Two instances on one PostgreSQL database and one Redis: a broadcast made through instance A reaches a
 * socket held by instance B exactly once (socket.io Redis adapter). Needs DATABASE_URL and REDIS_URL; on
 * CI (CI=true) their absence is a failure, never a skip.
 */
import type { AddressInfo } from 'node:net';
import type { ServerToClientEvents } from '@crw/api-client/events';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { loadEnv } from '../src/env.ts';
import { freshDatabase, makeUser, testDb } from './helpers.ts';

const onCi = process.env.CI === 'true';
const ready = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL) && testDb === 'postgres';
const shouldRun = ready || (onCi && testDb === 'postgres');

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
    // Give a duplicate the chance to arrive; none may.
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toEqual(['Desde A']);
    socket.disconnect();
  });
});

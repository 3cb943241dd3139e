import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { testDb } from './helpers.ts';
import { freshPostgres } from './support/postgres.ts';
import { halfSentPost, type ServerProcess, startServer } from './support/server-process.ts';

/**
 * The compiled server's life as an instance behind a balancer: it starts fast with the schema current, several
 * start at once on one database, and SIGTERM drains it (requests finished, sockets sent elsewhere, exit < 10 s).
 */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const password = 'contraseña-de-ciclo-1';

/** PGlite in a new folder, or a new PostgreSQL database (with Redis) in the PostgreSQL project. */
async function database(): Promise<Record<string, string>> {
  if (testDb === 'postgres')
    return { DATABASE_URL: await freshPostgres(), REDIS_URL: process.env.REDIS_URL ?? '' };
  const dir = mkdtempSync(join(tmpdir(), 'crw-lifecycle-'));
  dirs.push(dir);
  return { DATA_DIR: dir };
}

async function signIn(server: ServerProcess) {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe('graceful shutdown', () => {
  it('SIGTERM: the request under way is answered, sockets are dropped so clients reconnect, new connections are refused, exit 0 within 10 s', async () => {
    // LOG_LEVEL info: the server logs each request it has read the headers of, which this test waits for.
    const server = await startServer({ ...(await database()), ADMIN_PASSWORD: password, LOG_LEVEL: 'info' });
    const token = await signIn(server);

    // A client connected over WebSocket.
    const socket = connect(server.url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    // A request under way: headers and half of its body sent, the rest after SIGTERM.
    const underWay = halfSentPost(
      `${server.url}/api/auth/login?under=way`,
      Buffer.from(JSON.stringify({ email: 'admin@example.com', password })),
    );
    // The server has the request (its headers) before it is told to stop: it has logged it.
    await expect
      .poll(() => server.output(), { timeout: 10_000 })
      .toContain('"url":"/api/auth/login?under=way"');

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // Dropped as a lost connection ("transport close"), which socket.io clients reconnect after — never
    // the server's "io server disconnect", after which they stay away.
    expect(await dropped).toBe('transport close');
    // No new connection is accepted (refused, or a 503 while closing).
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${server.url}/api/health`)).status;
          } catch {
            return 'refused';
          }
        },
        { timeout: 5_000, interval: 50 },
      )
      .toMatch(/refused|503/);
    underWay.finish();
    const res = await underWay.answered;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toHaveProperty('token');

    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    socket.close();
  }, 90_000);
});

// Several instances on one database: PostgreSQL only (PGlite is one process per folder, see durability).
if (testDb === 'postgres')
  describe('start-up', () => {
    it('two instances starting at once on a new database both come up, migrated once; a third start applies nothing', async () => {
      const env = { DATABASE_URL: await freshPostgres(), ADMIN_PASSWORD: password };
      const [a, b] = await Promise.all([startServer(env), startServer(env)]);
      try {
        await signIn(a);
        await signIn(b);
        expect(a.output() + b.output()).not.toMatch(/error/i);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
      const c = new pg.Client({ connectionString: env.DATABASE_URL });
      await c.connect();
      const applied = async () =>
        (await c.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n as number;
      const migrations = await applied();
      expect(migrations).toBeGreaterThan(0);
      // A third start finds the schema current: nothing is applied again.
      const again = await startServer(env);
      await signIn(again);
      expect(await again.stop()).toBe(0);
      expect(await applied()).toBe(migrations);
      await c.end();
    }, 120_000);
  });

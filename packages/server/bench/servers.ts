/**
 * Child process for the broadcast benchmark: `app` starts the real workspace server (PGlite in a data folder of
 * its own, as `npm start` runs it, or the PostgreSQL database given as third argument) with N users; `raw` starts
 * a bare socket.io server. Both talk to the parent over IPC (port, tokens, memory, close).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getHeapSpaceStatistics } from 'node:v8';
import { Server } from 'socket.io';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { loadEnv } from '../src/env.ts';
import { hashPassword } from '../src/lib/password.ts';

const [mode, countArg, databaseUrl] = process.argv.slice(2);
const count = Number(countArg ?? 1000);
const send = (m: unknown) => process.send?.(m);
/**
 * After a full GC: RSS and where it is — V8's heap (used, and reserved per space: new space is the young
 * generation, which grows with the allocation rate and stays grown after a GC), external memory (PGlite's
 * WebAssembly memory is counted there) and Buffers (arrayBuffers).
 */
const memory = () => {
  global.gc?.();
  const m = process.memoryUsage();
  return {
    rss: m.rss,
    heapUsed: m.heapUsed,
    heapTotal: m.heapTotal,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
    spaces: Object.fromEntries(getHeapSpaceStatistics().map((x) => [x.space_name, x.space_size])),
  };
};

if (mode === 'raw') {
  const http = createServer();
  const io = new Server(http, { path: '/socket.io', serveClient: false });
  http.listen(0, '127.0.0.1', () =>
    send({ type: 'ready', port: (http.address() as AddressInfo).port, idle: memory() }),
  );
  process.on('message', (m: { type: string; payload?: unknown }) => {
    if (m.type === 'emit') io.emit('notification:new', m.payload);
    if (m.type === 'memory') send({ type: 'memory', ...memory() });
  });
} else {
  const env = loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'b'.repeat(40),
    DATA_DIR: '/tmp/crw-bench',
  });
  // On PGlite, a data folder of its own, as the workspace runs by default (not in memory).
  const pgliteDir = databaseUrl ? undefined : mkdtempSync(join(tmpdir(), 'crw-bench-broadcast-'));
  const database = await openDatabase(
    databaseUrl ? { databaseUrl } : { pgliteDir: join(pgliteDir!, 'pglite') },
  );
  const app = await buildApp({ env, database, logger: false });
  const passwordHash = await hashPassword('bench-password');
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: count + 1 }, (_, i) => ({
        email: `u${i}@bench.local`,
        name: `U${i}`,
        role: i === 0 ? ('admin' as const) : ('employee' as const),
        passwordHash,
      })),
    )
    .returning();
  const tokens = await Promise.all(rows.map((r) => app.tokens.sign(r)));
  await app.listen({ port: 0, host: '127.0.0.1' });
  // Steady state: the schemas compiled in the background after listen are done before the first broadcast.
  await app.warmedUp();
  send({
    type: 'ready',
    port: (app.server.address() as AddressInfo).port,
    adminToken: tokens[0],
    tokens: tokens.slice(1),
    idle: memory(),
  });
  process.on('message', (m: { type: string }) => {
    if (m.type === 'memory') send({ type: 'memory', ...memory() });
    if (m.type === 'close')
      void app
        .close()
        .then(() => database.close())
        .finally(() => {
          if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
          process.exit(0);
        });
  });
}

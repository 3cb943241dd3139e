import { Agent, request } from 'node:http';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { halfSentPost } from '../support/server-process.ts';
import {
  assertNoCrash,
  freshDatabase,
  freshDir,
  launch,
  logLines,
  redisAvailable,
  signIn,
  startRedis,
  withPostgres,
} from './support.ts';

/**
 * A rolling deploy (issue 45): SIGTERM with 20 requests in flight, idle keep-alive connections and a socket.
 * The health check says `draining` at once, then new connections are refused; each request in flight gets its
 * answer and its write is kept, the socket is dropped as a lost connection (so its client reconnects
 * elsewhere), and the process exits 0 within 5 s, on PGlite and on PostgreSQL with Redis.
 */
const password = 'contraseña-del-cierre-1';
const IN_FLIGHT = 20;

const portfolioBody = (identifier: string) =>
  Buffer.from(
    JSON.stringify({
      identifier,
      accountData: { businessName: `Cierre ${identifier}` },
      productionCycleData: { pilaresContenido: ['A'], angulosVenta: ['X'], formatosCreativos: ['Reel'] },
    }),
  );

/** A portfolio's creation under way: headers and half its body sent; `finish()` sends the rest. */
const halfSent = (url: string, token: string, identifier: string) =>
  halfSentPost(`${url}/api/portfolios?in-flight=${identifier}`, portfolioBody(identifier), {
    authorization: `Bearer ${token}`,
  });

/** A GET on a keep-alive agent: its connection stays open and idle afterwards. */
function keepAliveGet(url: string, agent: Agent) {
  return new Promise<number>((resolve, reject) => {
    request(`${url}/api/health`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

async function drainCase(env: Record<string, string>) {
  // LOG_LEVEL info: the server logs each request whose headers it has read, which the test waits for.
  const server = await launch({ ...env, ADMIN_PASSWORD: password, LOG_LEVEL: 'info' });
  const token = await signIn(server.url, 'admin@example.com', password);

  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  await Promise.all([1, 2, 3, 4].map(() => keepAliveGet(server.url, agent)));
  expect(Object.values(agent.freeSockets).flat().length).toBeGreaterThan(0);

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

  const run = Date.now().toString(36);
  const inFlight = Array.from({ length: IN_FLIGHT }, (_, i) =>
    halfSent(server.url, token, `cierre-${run}-${i}`),
  );
  // Every one of them has reached the server (it logged their headers) before it is told to stop.
  await expect
    .poll(
      () =>
        logLines(server.output()).filter((l) =>
          String((l.req as { url?: string })?.url).includes('in-flight='),
        ).length,
      {
        timeout: 15_000,
      },
    )
    .toBe(IN_FLIGHT);

  const signalled = Date.now();
  server.child.kill('SIGTERM');
  // What a balancer sees on new connections: 503 `draining` at once (while requests are still served), then
  // refused once the listener closes.
  const seen: string[] = [];
  while (Date.now() - signalled < 4_000) {
    try {
      const res = await fetch(`${server.url}/api/health`);
      const body = (await res.json()) as { status: string };
      seen.push(`${res.status} ${body.status}`);
    } catch {
      seen.push('refused');
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const sequence = [...new Set(seen)].join(' → ');
  // `503 draining` from the health route during the notice, then (the listener closing) from the closing hook.
  expect(sequence).toMatch(/^(200 ok → )?503 draining → refused$/);
  expect(await dropped).toBe('transport close');

  for (const r of inFlight) r.finish();
  const answers = await Promise.all(inFlight.map((r) => r.answered));
  expect(answers.map((a) => a.status)).toEqual(Array(IN_FLIGHT).fill(201));

  expect(await server.exited).toBe(0);
  const took = Date.now() - signalled;
  expect(took).toBeLessThan(5_000);
  assertNoCrash(server);
  const lines = logLines(server.output());
  expect(lines.some((l) => l.msg === 'cerrado')).toBe(true);
  expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  agent.destroy();
  socket.close();

  // Every acknowledged write is there after a restart on the same database.
  const again = await launch({ ...env, ADMIN_PASSWORD: password });
  try {
    const t = await signIn(again.url, 'admin@example.com', password);
    const list = (await (
      await fetch(`${again.url}/api/portfolios`, { headers: { authorization: `Bearer ${t}` } })
    ).json()) as Array<{ identifier: string }>;
    const ids = new Set(list.map((p) => p.identifier));
    for (let i = 0; i < IN_FLIGHT; i++) expect(ids.has(`cierre-${run}-${i}`)).toBe(true);
  } finally {
    expect(await again.stop()).toBe(0);
  }
  return took;
}

describe('SIGTERM with 20 requests in flight', () => {
  it('on PGlite: each answered and kept, exit 0 within 5 s', { timeout: 240_000 }, async () => {
    const took = await drainCase({ DATA_DIR: freshDir() });
    console.log(`PGlite: cierre en ${took} ms`);
  });

  it.runIf(withPostgres() && redisAvailable())(
    'on PostgreSQL with Redis: each answered and kept, exit 0 within 5 s',
    { timeout: 180_000 },
    async () => {
      const redis = await startRedis();
      const took = await drainCase({ DATABASE_URL: await freshDatabase(), REDIS_URL: redis.url });
      console.log(`PostgreSQL + Redis: cierre en ${took} ms`);
    },
  );
});

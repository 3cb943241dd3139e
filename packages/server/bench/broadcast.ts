/**
 * The broadcast rows: N sockets connected to one instance. For each of `rounds` broadcasts, the time from the
 * broadcast request to the last socket's delivery, beside a baseline measured in the same run: a raw socket.io
 * server emitting the same payload to the same number of sockets. Each server's memory is read after a GC twice
 * in the same process: once ready, before any socket connects (idle), and after the rounds; the memory rows
 * compare the increments (after − idle). Both sides first broadcast `warmup` rounds that are not counted, as the HTTP rows warm up
 * before they count: the first broadcasts of a fresh process compile its paths (raw socket.io's too) and took
 * 2–5× a steady one, so 10 counted rounds put p50 on whichever side warmed up slower. The servers are children
 * (servers.ts), one at a time; loopback only.
 */
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { io as connect, type Socket } from 'socket.io-client';
import { startEnv } from '../../../scripts/start-env.mjs';
import { track } from './processes.ts';

const serverScript = fileURLToPath(new URL('./servers.ts', import.meta.url));

type Msg = {
  type: string;
  port?: number;
  adminToken?: string;
  tokens?: string[];
  message?: string;
} & Partial<Memory> & { idle?: Memory };

/** What servers.ts reads after a GC (bytes): RSS, V8's heap (and each space's size), external memory. */
export interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  spaces: Record<string, number>;
}

function start(mode: 'app' | 'raw', sockets: number, databaseUrl?: string) {
  const child = fork(serverScript, [mode, String(sockets), ...(databaseUrl ? [databaseUrl] : [])], {
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      // BENCH_CPU_PROF=<dir>: a V8 CPU profile of each broadcast server, written there when it exits.
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    // The workspace runs with the environment its start script gives it (scripts/start-env.mjs); raw socket.io
    // as plain `node`.
    env: { ...process.env, ...(mode === 'app' ? startEnv() : {}) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  track(child);
  const next = (type: string) =>
    new Promise<Msg>((resolve, reject) => {
      const on = (m: Msg) => {
        if (m.type === type) {
          child.off('message', on);
          child.off('exit', onExit);
          resolve(m);
        }
      };
      const onExit = (code: number | null) => reject(new Error(`broadcast server (${mode}) exited: ${code}`));
      child.on('message', on);
      child.once('exit', onExit);
    });
  return { child, next };
}

async function connectAll(port: number, tokens: Array<string | undefined>) {
  const sockets: Socket[] = [];
  for (let i = 0; i < tokens.length; i += 100) {
    const batch = tokens.slice(i, i + 100).map(
      (token) =>
        new Promise<Socket>((resolve, reject) => {
          const s = connect(`http://127.0.0.1:${port}`, {
            path: '/socket.io',
            transports: ['websocket'],
            auth: token ? { token } : {},
            reconnection: false,
            forceNew: true,
          });
          s.once('connect', () => resolve(s));
          s.once('connect_error', reject);
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

function lastDelivery(sockets: Socket[]): Promise<number> {
  return new Promise((resolve) => {
    let left = sockets.length;
    for (const s of sockets) {
      s.once('notification:new', () => {
        left -= 1;
        if (left === 0) resolve(performance.now());
      });
    }
  });
}

/**
 * A POST over one kept-alive connection (node:http, as autocannon's client is), answered 200 or thrown. `fetch`'s
 * client (undici) took ~0.5 ms more of the bench's own time before the request reached the server (measured from
 * the call to the server's first hook: 1.1 against 0.5 ms, p50), a cost raw socket.io's IPC trigger never pays.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
function post(port: number, path: string, token: string, body: unknown) {
  const data = JSON.stringify(body);
  return new Promise<void>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve()
            : reject(new Error(`${path} ${res.statusCode}: ${Buffer.concat(chunks).toString()}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
};

export interface BroadcastSide {
  p50Ms: number;
  p99Ms: number;
  rss: number;
  heapUsed: number;
  /** RSS of the same process once ready, before any socket connected (after a GC). */
  idleRss: number;
  /** rss − idleRss: what the sockets and the broadcasts added. */
  rssIncrement: number;
  idle: Memory;
  after: Memory;
}

/**
 * Raw socket.io first, then the workspace: a real broadcast through the API to N users, one socket each, on
 * PGlite in a data folder of its own or on `databaseUrl` (a fresh PostgreSQL database of its own).
 */
export async function measureBroadcast(opts: {
  sockets: number;
  rounds: number;
  warmup: number;
  databaseUrl?: string;
}): Promise<{ raw: BroadcastSide; ours: BroadcastSide }> {
  const payload = {
    _id: 'x',
    title: 'Aviso',
    content: 'Contenido de una difusión de prueba',
    createdAt: new Date().toISOString(),
    read: false,
    archived: false,
    payload: {},
  };

  // Baseline: raw socket.io.
  const raw = start('raw', opts.sockets);
  const rawReady = await raw.next('ready');
  const rawSockets = await connectAll(rawReady.port!, Array(opts.sockets).fill(undefined));
  const rawTimes: number[] = [];
  for (let r = 0; r < opts.warmup + opts.rounds; r++) {
    const done = lastDelivery(rawSockets);
    const t0 = performance.now();
    raw.child.send({ type: 'emit', payload });
    const t = (await done) - t0;
    if (r >= opts.warmup) rawTimes.push(t);
  }
  raw.child.send({ type: 'memory' });
  const rawMemory = await raw.next('memory');
  for (const s of rawSockets) s.disconnect();
  raw.child.kill();

  // The workspace: a real broadcast through the API to N users, one socket each.
  const app = start('app', opts.sockets, opts.databaseUrl);
  const ready = await app.next('ready');
  const sockets = await connectAll(ready.port!, ready.tokens!);
  const times: number[] = [];
  try {
    for (let r = 0; r < opts.warmup + opts.rounds; r++) {
      const done = lastDelivery(sockets);
      const t0 = performance.now();
      await post(ready.port!, '/api/notifications/broadcast', ready.adminToken!, {
        title: 'Aviso',
        content: payload.content,
        criteria: { roles: ['employee'] },
      });
      const t = (await done) - t0;
      if (r >= opts.warmup) times.push(t);
    }
    app.child.send({ type: 'memory' });
    const appMemory = await app.next('memory');
    const side = (t: number[], idle: Memory, m: Msg): BroadcastSide => {
      const { type: _type, ...after } = m as Msg & Memory;
      return {
        p50Ms: percentile(t, 50),
        p99Ms: percentile(t, 99),
        rss: m.rss ?? 0,
        heapUsed: m.heapUsed ?? 0,
        idleRss: idle.rss,
        rssIncrement: (m.rss ?? 0) - idle.rss,
        idle,
        after: after as Memory,
      };
    };
    return { raw: side(rawTimes, rawReady.idle!, rawMemory), ours: side(times, ready.idle!, appMemory) };
  } finally {
    for (const s of sockets) s.disconnect();
    app.child.send({ type: 'close' });
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        app.child.kill('SIGKILL');
        resolve();
      }, 10_000);
      app.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

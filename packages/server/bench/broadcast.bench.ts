/**
 * `npm run bench`: 1,000 sockets connected to one instance. For each of ROUNDS broadcasts, the time from the
 * broadcast request to the last socket's delivery, beside a baseline measured in the same run: a raw socket.io
 * server emitting the same payload to the same number of sockets. Prints p50/p99, the ratio and each server's
 * memory. Loopback only; bounded; stops by itself.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { io as connect, type Socket } from 'socket.io-client';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const serverScript = fileURLToPath(new URL('./servers.ts', import.meta.url));

type Msg = {
  type: string;
  port?: number;
  adminToken?: string;
  tokens?: string[];
  rss?: number;
  heapUsed?: number;
};

function start(mode: 'app' | 'raw') {
  const child = fork(serverScript, [mode, String(SOCKETS)], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (type: string) =>
    new Promise<Msg>((resolve) => {
      const on = (m: Msg) => {
        if (m.type === type) {
          child.off('message', on);
          resolve(m);
        }
      };
      child.on('message', on);
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

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const mb = (bytes = 0) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
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
  const raw = start('raw');
  const rawReady = await raw.next('ready');
  const rawSockets = await connectAll(rawReady.port!, Array(SOCKETS).fill(undefined));
  const rawTimes: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const done = lastDelivery(rawSockets);
    const t0 = performance.now();
    raw.child.send({ type: 'emit', payload });
    rawTimes.push((await done) - t0);
  }
  raw.child.send({ type: 'memory' });
  const rawMemory = await raw.next('memory');
  for (const s of rawSockets) s.disconnect();
  raw.child.kill();

  // The workspace: a real broadcast through the API to 1,000 users, one socket each.
  const app = start('app');
  const ready = await app.next('ready');
  const sockets = await connectAll(ready.port!, ready.tokens!);
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const done = lastDelivery(sockets);
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${ready.port}/api/notifications/broadcast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ready.adminToken}` },
      body: JSON.stringify({ title: 'Aviso', content: payload.content, criteria: { roles: ['employee'] } }),
    });
    if (!res.ok) throw new Error(`broadcast ${res.status}: ${await res.text()}`);
    times.push((await done) - t0);
  }
  app.child.send({ type: 'memory' });
  const appMemory = await app.next('memory');
  for (const s of sockets) s.disconnect();
  app.child.kill();

  const row = (name: string, t: number[], m: Msg) =>
    `${name.padEnd(30)} p50 ${pct(t, 50).toFixed(1).padStart(8)} ms   p99 ${pct(t, 99).toFixed(1).padStart(8)} ms   rss ${mb(m.rss)}   heap ${mb(m.heapUsed)}`;
  console.log(`\nDifusión a ${SOCKETS} sockets, ${ROUNDS} rondas (petición → última entrega)`);
  console.log(row('socket.io directo (referencia)', rawTimes, rawMemory));
  console.log(row('workspace (API + BD + socket)', times, appMemory));
  console.log(
    `ratio workspace/referencia: p50 ×${(pct(times, 50) / pct(rawTimes, 50)).toFixed(2)}  p99 ×${(pct(times, 99) / pct(rawTimes, 99)).toFixed(2)}  rss ×${((appMemory.rss ?? 0) / (rawMemory.rss ?? 1)).toFixed(2)}`,
  );
  process.exit(0);
}

const timeout = setTimeout(() => {
  console.error('El benchmark superó los 3 minutos');
  process.exit(1);
}, 180_000);
timeout.unref();
await main();

import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEnv } from '../../scripts/start-env.mjs';

/**
 * Processes a spec starts for itself: instances of the compiled server, a real HAProxy in front of them, and a
 * fresh PostgreSQL database. Everything listens on and talks to 127.0.0.1 only, and every process started here
 * is killed when the test process exits, whatever happened.
 */
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const serverScript = join(repoRoot, 'packages/server/dist/server.js');
export const haproxyPath = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/**
 * A free TCP port on loopback, below Linux's ephemeral range (32768–60999): a port the kernel hands out for
 * `listen(0)` is also one it may give an outgoing connection (the database pool, a browser) in the seconds
 * before the process meant to listen on it starts. Tried at random until one binds.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** A process started by a test: what it printed, whether it still runs, and its exit code once it ends. */
export interface Child {
  process: ChildProcess;
  output(): string;
  running(): boolean;
  exited: Promise<number | null>;
}

const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

function spawnChild(command: string, args: string[], env: Record<string, string>): Child {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let printed = '';
  let ended = false;
  const keep = (d: Buffer) => {
    // The last 200 KB is plenty to tell what went wrong.
    printed = (printed + d.toString()).slice(-200_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code, signal) => {
      ended = true;
      started.delete(child);
      resolve(code ?? (signal ? -1 : null));
    });
    child.once('error', (error) => {
      printed += `\n${error.message}`;
      ended = true;
      started.delete(child);
      resolve(null);
    });
  });
  return { process: child, output: () => printed, running: () => !ended, exited };
}

/** Polls `check` every 100 ms until it holds; fails with what `child` printed if it ends or time runs out. */
export async function until(
  check: () => Promise<boolean>,
  what: string,
  child: Child,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (true) {
    if (!child.running()) throw new Error(`${what}: el proceso terminó antes:\n${child.output()}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: no ocurrió a tiempo:\n${child.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Ends a process: `signal`, then SIGKILL if it has not exited within `graceMs`. Answers its exit code and how
 * long it took (`killed` when SIGKILL was needed).
 */
export async function stop(child: Child, signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000) {
  const begin = Date.now();
  if (!child.running()) return { code: await child.exited, ms: 0, killed: false };
  child.process.kill(signal);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceMs);
  });
  const first = await Promise.race([child.exited, late]);
  clearTimeout(timer);
  if (first === 'late') {
    child.process.kill('SIGKILL');
    return { code: await child.exited, ms: Date.now() - begin, killed: true };
  }
  return { code: first, ms: Date.now() - begin, killed: false };
}

export interface Instance extends Child {
  name: string;
  port: number;
  url: string;
}

/**
 * Starts the compiled server (`packages/server/dist/server.js`, as `npm start` runs it) on 127.0.0.1:`port`
 * with `env`, and waits until its /api/health answers 200.
 */
export async function startInstance(opts: {
  name: string;
  port: number;
  env: Record<string, string>;
  demo?: boolean;
}): Promise<Instance> {
  const child = spawnChild(process.execPath, [serverScript, ...(opts.demo ? ['--demo'] : [])], {
    ...startEnv(),
    ...opts.env,
    HOST: '127.0.0.1',
    PORT: String(opts.port),
  });
  const url = `http://127.0.0.1:${opts.port}`;
  await until(async () => (await fetch(`${url}/api/health`)).ok, `${opts.name} en marcha`, child);
  return { ...child, name: opts.name, port: opts.port, url };
}

export interface Balancer extends Child {
  url: string;
  /** HAProxy's view of each server of the backend, from its stats page (CSV). */
  servers(): Promise<Record<string, ServerStats>>;
  /** Resolves once HAProxy sees every named server with `status` (e.g. 'UP'). */
  serversAre(status: string, names: string[]): Promise<void>;
}

export interface ServerStats {
  status: string;
  /** Requests this server answered, by class. */
  total: number;
  '5xx': number;
  /** Connections retried on it, and requests redispatched from it to another. */
  retries: number;
  redispatches: number;
}

/**
 * The shipped deploy/haproxy.cfg itself, on loopback: its listen address and servers replaced by this run's, plus
 * a stats page on its own port for the test to read. Round robin, health checks, the `crw_srv` cookie for
 * socket.io's polling fallback, `timeout tunnel`, retries and redispatch are the deployment's own.
 */
export function haproxyConfig(port: number, statsPort: number, servers: { name: string; port: number }[]) {
  const shipped = readFileSync(new URL('../../deploy/haproxy.cfg', import.meta.url), 'utf8');
  const config = shipped
    .replace(/^\s*bind :\d+$/m, `  bind 127.0.0.1:${port}`)
    .replace(/^\s*server app\d .*\n/gm, '')
    .replace(/\s*$/, '\n');
  if (!config.includes(`bind 127.0.0.1:${port}`))
    throw new Error('deploy/haproxy.cfg: no se encontró `bind`');
  return `${config}${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} cookie ${s.name}`).join('\n')}

listen stats
  bind 127.0.0.1:${statsPort}
  no log
  stats enable
  stats uri /
`;
}

/**
 * Starts Debian's HAProxy in the foreground (`-db`) with `haproxyConfig`, written into `dir`, and waits until
 * it answers /api/health and sees every server UP.
 */
export async function startHaproxy(opts: {
  dir: string;
  port: number;
  statsPort: number;
  servers: { name: string; port: number }[];
}): Promise<Balancer> {
  const file = join(opts.dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(opts.port, opts.statsPort, opts.servers));
  const child = spawnChild(haproxyPath, ['-db', '-f', file], {});
  const url = `http://127.0.0.1:${opts.port}`;
  const servers = async () => {
    const csv = await (await fetch(`http://127.0.0.1:${opts.statsPort}/;csv`)).text();
    const [header, ...rows] = csv.trim().split('\n');
    const columns = header!.replace(/^# /, '').split(',');
    const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
    const result: Record<string, ServerStats> = {};
    for (const line of rows) {
      const row = line.split(',');
      if (at(row, 'pxname') !== 'app' || ['FRONTEND', 'BACKEND'].includes(at(row, 'svname'))) continue;
      result[at(row, 'svname')] = {
        status: at(row, 'status'),
        total: Number(at(row, 'stot')),
        '5xx': Number(at(row, 'hrsp_5xx')),
        retries: Number(at(row, 'wretr')),
        redispatches: Number(at(row, 'wredis')),
      };
    }
    return result;
  };
  const serversAre = (status: string, names: string[]) =>
    until(
      async () => {
        const now = await servers();
        return names.every((n) => now[n]?.status === status);
      },
      `HAProxy ve ${names.join(', ')} ${status}`,
      child,
      30_000,
    );
  await until(async () => (await fetch(`${url}/api/health`)).ok, 'HAProxy responde', child, 30_000);
  await serversAre(
    'UP',
    opts.servers.map((s) => s.name),
  );
  return { ...child, url, servers, serversAre };
}

/** A new database on the PostgreSQL server of `baseUrl`; `drop()` removes it (and its connections). */
export { freshDatabase } from '../../scripts/fresh-database.mjs';

/** Whether PostgreSQL at `url` accepts a connection within 5 s. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** Whether Redis at `url` (redis://host:port, no password) answers PING within 5 s. */
export function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(5_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

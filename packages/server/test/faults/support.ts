import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, expect } from 'vitest';
import { freePort, type ServerProcess, startServer } from '../support/server-process.ts';

/**
 * What the fault suite's files share: a redis-server of their own on a free port (killed and started again by
 * the tests), fresh PostgreSQL databases, fresh data folders, and readers of the server's structured log.
 */

const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups.length = 0;
});

/** Runs at the end of the file (after its own afterAll hooks). */
export const atEnd = (cleanup: () => unknown) => cleanups.push(cleanup);

/** Starts the real server (test/support/server-process.ts) and kills it at the end of the file if a test left it. */
export async function launch(...args: Parameters<typeof startServer>): Promise<ServerProcess> {
  const server = await startServer(...args);
  atEnd(() => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  });
  return server;
}

/** PostgreSQL to make databases on: DATABASE_URL. Without it the PostgreSQL cases skip, except on CI. */
export const postgresUrl = process.env.DATABASE_URL;
export const onCi = process.env.CI === 'true';

/**
 * Whether the PostgreSQL cases run. On CI they always do (a missing DATABASE_URL fails the file, never a
 * silent skip); on a laptop without PostgreSQL they skip.
 */
export function withPostgres(): boolean {
  if (postgresUrl) return true;
  if (onCi)
    throw new Error('CI=true y DATABASE_URL no está definido: la suite de fallos necesita PostgreSQL');
  return false;
}

/** A fresh database on the PostgreSQL server, dropped at the end of the file. */
export async function freshDatabase(prefix = 'crw_fault'): Promise<string> {
  const base = postgresUrl!;
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  atEnd(async () => {
    const d = new pg.Client({ connectionString: base });
    await d.connect();
    await d.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await d.end();
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Ends every connection to `databaseUrl`'s database but this one (a failover, a restart of PostgreSQL). */
export async function terminateBackends(databaseUrl: string): Promise<number> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ ended: number }>(
      `select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows[0]!.ended;
  } finally {
    await c.end();
  }
}

/** A new data folder, removed at the end of the file. */
export function freshDir(prefix = 'crw-fault-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  atEnd(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface RedisProcess {
  port: number;
  url: string;
  /** SIGKILL: Redis gone at once, as a crashed container. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty: nothing persisted). */
  start(): Promise<void>;
  readonly running: boolean;
}

const redisBinary = process.env.REDIS_SERVER_BIN ?? 'redis-server';

/** Whether redis-server can be run here (CI installs it; a laptop may not have it). */
export function redisAvailable(): boolean {
  try {
    execFileSync(redisBinary, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    if (onCi) throw new Error('CI=true y no se encontró redis-server: la suite de fallos lo necesita');
    return false;
  }
}

/** A redis-server of this file's own on a free loopback port, without persistence. */
export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const proc = spawn(
      redisBinary,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--protected-mode',
        'no',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = proc;
    let printed = '';
    proc.stdout!.on('data', (d) => {
      printed += d;
    });
    await new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error(`redis-server no arrancó:\n${printed}`)), 10_000);
      const poll = setInterval(() => {
        if (printed.includes('Ready to accept connections')) {
          clearInterval(poll);
          clearTimeout(deadline);
          resolve();
        }
      }, 20);
      proc.once('exit', (code) => {
        clearInterval(poll);
        clearTimeout(deadline);
        reject(new Error(`redis-server terminó (${code}):\n${printed}`));
      });
    });
  };
  const kill = async () => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    const gone = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGKILL');
    await gone;
  };
  await start();
  atEnd(kill);
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    get running() {
      return child !== undefined && child.exitCode === null;
    },
  };
}

/** One line of the server's pino log (JSON), or undefined for a line that is not one. */
export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export function logLines(output: string): LogLine[] {
  const lines: LogLine[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const parsed = JSON.parse(line) as LogLine;
      if (typeof parsed.level === 'number') lines.push(parsed);
    } catch {
      // not a log line
    }
  }
  return lines;
}

/** The lines no server may print: a crash handler reached, or an unstructured client complaint. */
export function assertNoCrash(server: ServerProcess | { output(): string }) {
  const output = server.output();
  const crashes = logLines(output).filter(
    (l) => l.event === 'uncaughtException' || l.event === 'unhandledRejection',
  );
  expect(crashes, 'ningún uncaughtException ni unhandledRejection').toEqual([]);
  expect(output).not.toMatch(/\[ioredis\] Unhandled error event/);
  expect(output).not.toMatch(/missing 'error' handler/);
  expect(output).not.toMatch(
    /DeprecationWarning: Calling client\.query\(\) when the client is already executing/,
  );
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `fn` until it answers truthy, or fails after `timeoutMs` with `what`. */
export async function until<T>(fn: () => Promise<T> | T, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    await sleep(100);
  }
  throw new Error(`Tiempo agotado esperando: ${what}${last ? ` (${String(last)})` : ''}`);
}

/** Signs in as the first admin and answers the token. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`inicio de sesión: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Child processes of the bench: the workspace server started as `npm start` starts it (the server package's
 * `start` script), the raw baseline, health waits, memory readings, and clean-up. Every child runs in its own
 * process group and is killed with it when the bench ends, fails or is interrupted.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startScript } from '../../../scripts/start-env.mjs';

export const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = resolve(serverDir, '../..');

const children = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // not a group leader (a fork), or already gone
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/** Kills `child` (and its group, when it leads one) with the others at the end of the run. */
export function track(child: ChildProcess) {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

/** Kills every child still running (SIGKILL): on exit, on error, on Ctrl-C. */
export function killAll() {
  for (const child of children) killGroup(child, 'SIGKILL');
  children.clear();
}
process.on('exit', killAll);

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

/** Only what Node needs from the parent's environment: none of the workspace's own variables leak in. */
function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];
  return Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])));
}

export interface Running {
  name: string;
  child: ChildProcess;
  port: number;
  /** The last lines it printed (shown when it fails). */
  output(): string;
  exited: Promise<number | null>;
}

function launch(
  name: string,
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
  port: number,
) {
  const child = spawn(command, args, {
    cwd,
    env: { ...baseEnv(), ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((res) =>
    child.once('exit', (code) => {
      children.delete(child);
      res(code);
    }),
  );
  return { name, child, port, output: () => lines.join('\n'), exited } satisfies Running;
}

/** The server package's `start` script, run the way npm runs it (sh -c, the workspace's .bin on PATH). */
export function startOurs(env: Record<string, string>, port: number): Running {
  const path = [
    join(serverDir, 'node_modules/.bin'),
    join(repoRoot, 'node_modules/.bin'),
    process.env.PATH,
  ].join(':');
  return launch(
    'workspace',
    'sh',
    ['-c', startScript()],
    serverDir,
    { ...env, PORT: String(port), PATH: path },
    port,
  );
}

export function startRaw(env: Record<string, string>, port: number): Running {
  return launch(
    'raw',
    process.execPath,
    ['--import', 'tsx', join(serverDir, 'bench/raw/server.ts')],
    serverDir,
    { ...env, PORT: String(port) },
    port,
  );
}

function healthOnce(port: number): Promise<boolean> {
  return new Promise((res) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/api/health', agent: false, timeout: 2000 },
      (r) => {
        r.resume();
        res(r.statusCode === 200);
      },
    );
    req.on('error', () => res(false));
    req.on('timeout', () => {
      req.destroy();
      res(false);
    });
    req.end();
  });
}

/** Waits until /api/health answers 200; fails if the process exits first or `timeoutMs` passes. */
export async function waitHealthy(server: Running, timeoutMs = 60_000): Promise<void> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`${server.name} exited (code ${exitCode}) before answering:\n${server.output()}`);
    if (await healthOnce(server.port)) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`${server.name} did not answer within ${timeoutMs / 1000} s:\n${server.output()}`);
}

/** SIGTERM to the group, SIGKILL after `graceMs`; resolves once every process of the group is gone. */
export async function stop(server: Running, graceMs = 10_000): Promise<void> {
  const pid = server.child.pid;
  if (pid === undefined) return;
  killGroup(server.child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(server.child, 'SIGKILL'), graceMs);
  await server.exited;
  // The shell may be gone before the node process it started: wait for the whole group.
  for (let i = 0; i < graceMs / 20; i++) {
    try {
      process.kill(-pid, 0);
    } catch {
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  killGroup(server.child, 'SIGKILL');
  clearTimeout(timer);
  children.delete(server.child);
}

/** The process listening on `port` (found by its socket's inode), e.g. node under `sh -c`. */
export function listenerPid(port: number): number | undefined {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is col 1 (ADDR:PORT), st is col 3 (0A = LISTEN), inode is col 9.
      if (cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A') inodes.add(cols[9]!);
    }
  }
  if (inodes.size === 0) return undefined;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      for (const fd of readdirSync(`/proc/${entry}/fd`)) {
        const target = readlinkSync(`/proc/${entry}/fd/${fd}`);
        const m = /^socket:\[(\d+)\]$/.exec(target);
        if (m && inodes.has(m[1]!)) return Number(entry);
      }
    } catch {
      // a process we may not read, or one that ended meanwhile
    }
  }
  return undefined;
}

/** Resident memory of a process in bytes (VmRSS), or undefined when it is gone. */
export function rssOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Runs a command to completion (for the server build), failing with its output. */
export function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((res, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    children.add(child);
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.once('exit', (code) => {
      children.delete(child);
      if (code === 0) res();
      else reject(new Error(`${command} ${args.join(' ')} → ${code}\n${out.slice(-4000)}`));
    });
  });
}

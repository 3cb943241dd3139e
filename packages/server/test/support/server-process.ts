import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEnv } from '../../../../scripts/start-env.mjs';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The compiled server, as `npm start` runs it (built by the global setup, test/support/build-server.ts). */
const serverArgs = ['dist/server.js'];

/**
 * Starts the real server (the compiled `dist/server.js`, no TypeScript tooling) on a loopback port with the given environment, and
 * waits until /api/health answers, or rejects with what the process printed if it exits first.
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
  /** A command the server runs under (`['unshare', '--pid', '--fork', '--mount-proc']`: PID 1 of a namespace). */
  opts: { prefix?: string[] } = {},
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const [command, ...args] = [...(opts.prefix ?? []), process.execPath, ...serverArgs];
  const child = spawn(command!, args, {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...startEnv(),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...env,
      PORT: port,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (d) => {
    printed += d;
  });
  child.stderr!.on('data', (d) => {
    printed += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  while (true) {
    if (ended) throw new Error(`El servidor terminó antes de estar listo:\n${printed}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`El servidor no respondió a tiempo:\n${printed}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    url,
    output: () => printed,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (!ended) child.kill(signal);
      return exited;
    },
  };
}

/** Runs the server and answers its exit code and output (for start-ups that must be refused). */
export function runServerToExit(env: Record<string, string>, timeoutMs = 30_000) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, serverArgs, {
      cwd: serverDir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    // 'close', not 'exit': the process can exit before its pipes are read to the end (its message then missing).
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * A POST whose headers and first half of the body are sent now, the rest when `finish()` is called: a request
 * under way when the server is told to stop.
 */
export function halfSentPost(url: string, body: Buffer, headers: Record<string, string> = {}) {
  const half = Math.floor(body.length / 2);
  let finish = () => {};
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': body.length, ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.write(body.subarray(0, half));
    finish = () => req.end(body.subarray(half));
  });
  return { answered, finish: () => finish() };
}

/**
 * The built server as `npm run demo` starts it, for the measuring scripts (`npm run lighthouse`,
 * `npm run blocking-time`): a free loopback port, the server on a temporary data folder (embedded PGlite), and the
 * demo admin's sign-in. Each undo step is pushed onto the caller's `cleanups`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startEnv } from './start-env.mjs';

const root = resolve(import.meta.dirname, '..');
export const serverJs = join(root, 'packages/server/dist/server.js');
export const DEMO_ADMIN = { email: 'admin@demo.local', password: 'demo-admin-123' };

export function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/** The built server, as `npm run demo` starts it, on a temporary data folder (embedded PGlite). */
export async function startDemoServer(cleanups) {
  const dataDir = mkdtempSync(join(tmpdir(), 'crw-lighthouse-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverJs, '--demo'], {
    cwd: root,
    env: {
      ...process.env,
      ...startEnv(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      S3_BUCKET: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((done) => child.once('exit', done));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 12_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`el servidor terminó al arrancar (código ${child.exitCode})`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('el servidor no respondió a /api/health en 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return origin;
}

export async function signInDemo(origin) {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  if (!res.ok) throw new Error(`no se pudo iniciar sesión como ${DEMO_ADMIN.email}: HTTP ${res.status}`);
  const { token } = await res.json();
  return token;
}

#!/usr/bin/env node
/**
 * The compiled server runs on its own declared production dependencies alone (what the Dockerfile's runtime
 * stage installs): the workspace manifests and lockfile are copied to a temporary folder, `npm ci --omit=dev
 * -w @crw/server` installs there, `dist/server.js` (built here first) starts on a fresh PGlite, and
 * /api/health must answer. No TypeScript tooling, no other workspace's node_modules.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'crw-runtime-'));
const manifests = [
  'package.json',
  'package-lock.json',
  ...['contracts', 'ui', 'api-client', 'app', 'server'].map((p) => `packages/${p}/package.json`),
  'tests/package.json',
];
const run = (cmd, args, cwd) => spawnSync(cmd, args, { cwd, stdio: 'inherit' }).status === 0;
let server;
try {
  if (!run('npm', ['run', 'build', '-w', '@crw/server'], root))
    throw new Error('la compilación del servidor falló');
  for (const file of manifests) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(root, file), join(dir, file));
  }
  for (const folder of ['dist', 'drizzle'])
    cpSync(join(root, 'packages/server', folder), join(dir, 'packages/server', folder), { recursive: true });
  const flags = ['--omit=dev', '-w', '@crw/server', '--no-audit', '--no-fund'];
  // As in .ci/run: npm ci may refuse a lockfile without other platforms' optional binaries.
  if (!run('npm', ['ci', ...flags], dir) && !run('npm', ['install', ...flags], dir))
    throw new Error('no se pudieron instalar las dependencias de ejecución');
  const port = 3000 + Math.floor(Math.random() * 2000) + 4000;
  server = spawn(process.execPath, ['packages/server/dist/server.js'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`el servidor terminó con código ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('el servidor no respondió en 60 s');
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  console.log('El servidor compilado arranca solo con sus dependencias de producción.');
} catch (error) {
  console.error(`check-runtime: ${error.message}`);
  process.exitCode = 1;
} finally {
  server?.kill('SIGTERM');
  if (server && server.exitCode === null) await new Promise((r) => server.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}

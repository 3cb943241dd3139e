#!/usr/bin/env node
/**
 * `npm run blocking-time`: the main thread's blocking time of a cold, signed-in load of home, read from a real
 * Chromium trace rather than simulated (Lighthouse's total blocking time on this two-core machine swings from
 * 130 to 700 ms between runs of the same build). Each run: a fresh headless Chromium profile, the demo admin's
 * token in localStorage, the CPU slowed 4× (Lighthouse's mobile setting), `/` loaded until the network is idle
 * plus a second; every task of the page's renderer main thread longer than 50 ms counts its excess over 50 ms.
 * Prints each run's long tasks and the median. Needs the built app and server (`npm run build`).
 *
 * Options: --runs=N (5). Chromium: /usr/bin/chromium or CHROMIUM_PATH. Everything listens on 127.0.0.1 only.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '../chromium.config.mjs';

const root = resolve(import.meta.dirname, '..');
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5);
const DEMO_ADMIN = { email: 'admin@demo.local', password: 'demo-admin-123' };

const port = await new Promise((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => done(port));
  });
});
const origin = `http://127.0.0.1:${port}`;
const dir = mkdtempSync(join(tmpdir(), 'crw-blocking-'));
const server = spawn(process.execPath, ['packages/server/dist/server.js', '--demo'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: join(dir, 'data'),
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
    S3_BUCKET: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`el servidor terminó al arrancar (código ${server.exitCode})`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('el servidor no respondió a /api/health en 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  if (!login.ok) throw new Error(`no se pudo iniciar sesión como ${DEMO_ADMIN.email}: HTTP ${login.status}`);
  const { token } = await login.json();

  const results = [];
  for (let run = 1; run <= runs; run++) {
    const browser = await puppeteer.launch({
      executablePath: chromiumPath,
      args: chromiumArgs,
      headless: true,
    });
    try {
      const page = await browser.newPage();
      await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
      await page.goto(`${origin}/api/health`);
      await page.evaluate((t) => localStorage.setItem('token', t), token);
      await page.goto('about:blank');
      const cdp = await page.createCDPSession();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const path = join(dir, `trace-${run}.json`);
      await page.tracing.start({ path, categories: ['devtools.timeline', 'toplevel', 'loading'] });
      await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
      await new Promise((r) => setTimeout(r, 1000));
      await page.tracing.stop();
      const trace = JSON.parse(readFileSync(path, 'utf8'));
      const events = trace.traceEvents ?? trace;
      // The page's renderer main thread: the one that parsed the app's HTML.
      const parse = events.find(
        (e) => e.name === 'ParseHTML' && JSON.stringify(e.args ?? {}).includes(`127.0.0.1:${port}`),
      );
      if (!parse) throw new Error('la traza no contiene la carga de la página');
      const long = events
        .filter(
          (e) =>
            e.pid === parse.pid &&
            e.tid === parse.tid &&
            e.ph === 'X' &&
            e.name === 'ThreadControllerImpl::RunTask' &&
            e.ts >= parse.ts - 50_000 &&
            e.dur > 50_000,
        )
        .map((e) => Math.round(e.dur / 1000));
      const blocking = long.reduce((sum, ms) => sum + ms - 50, 0);
      results.push(blocking);
      console.log(`run ${run}: blocking ${blocking} ms; long tasks (ms) ${long.join(', ') || 'none'}`);
    } finally {
      await browser.close();
    }
  }
  const sorted = [...results].sort((a, b) => a - b);
  console.log(`median blocking time, home signed in, CPU 4×: ${sorted[Math.floor(sorted.length / 2)]} ms`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  rmSync(dir, { recursive: true, force: true });
}

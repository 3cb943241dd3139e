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
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '../chromium.config.mjs';
import { signInDemo, startDemoServer } from './demo-server.mjs';

const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5);
const detail = process.argv.includes('--detail');
const cleanups = [];

/** With --detail: what a long task spent its time on (its direct children over 2 ms, script URLs shortened). */
function describe(events, task, parse) {
  const end = task.ts + task.dur;
  const inside = events.filter(
    (e) =>
      e.pid === parse.pid &&
      e.tid === parse.tid &&
      e.ph === 'X' &&
      e.ts >= task.ts &&
      e.ts + e.dur <= end &&
      e !== task,
  );
  const direct = inside.filter(
    (e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && o.dur > e.dur),
  );
  const parts = direct
    .filter((e) => e.dur > 2000)
    .map((e) => {
      const data = e.args?.data ?? e.args?.beginData ?? {};
      const where = (data.url ?? data.stackTrace?.[0]?.url ?? data.functionName ?? '').replace(/^.*\//, '');
      return `${e.name}${where ? ` ${where}` : ''} ${Math.round(e.dur / 1000)}`;
    });
  console.log(
    `  task ${Math.round(task.dur / 1000)} ms at +${Math.round((task.ts - parse.ts) / 1000)}: ${parts.join('; ')}`,
  );
}
const dir = mkdtempSync(join(tmpdir(), 'crw-blocking-'));
cleanups.push(() => rmSync(dir, { recursive: true, force: true }));

try {
  const origin = await startDemoServer(cleanups);
  const { port } = new URL(origin);
  const token = await signInDemo(origin);

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
      const long = events.filter(
        (e) =>
          e.pid === parse.pid &&
          e.tid === parse.tid &&
          e.ph === 'X' &&
          e.name === 'ThreadControllerImpl::RunTask' &&
          e.ts >= parse.ts - 50_000 &&
          e.dur > 50_000,
      );
      if (detail) for (const task of long) describe(events, task, parse);
      const blockingTasks = long.map((e) => Math.round(e.dur / 1000));
      const blocking = blockingTasks.reduce((sum, ms) => sum + ms - 50, 0);
      results.push(blocking);
      console.log(
        `run ${run}: blocking ${blocking} ms; long tasks (ms) ${blockingTasks.join(', ') || 'none'}`,
      );
    } finally {
      await browser.close();
    }
  }
  const sorted = [...results].sort((a, b) => a - b);
  console.log(`median blocking time, home signed in, CPU 4×: ${sorted[Math.floor(sorted.length / 2)]} ms`);
} finally {
  for (const undo of cleanups.reverse()) await Promise.resolve(undo()).catch(() => {});
}

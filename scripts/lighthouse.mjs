#!/usr/bin/env node
/**
 * `npm run lighthouse`: issue 14's first-paint goal, measured the way it is judged. Lighthouse (mobile: its
 * default emulation and simulated throttling) runs N times (3) on each of
 *   - bare: a static HTML page served by node:http with the server's compression and caching headers,
 *   - auth: `/auth` of the built server (signed out),
 *   - home: `/` of the built server, signed in as the demo admin (the token put where the app keeps it),
 * each run in a fresh headless Chromium profile (no cache, no service worker). It prints the medians
 * (performance, accessibility, FCP, LCP, TBT, CLS, LCP over the bare page's) with pass/fail against the goal
 * (performance ≥ 98, accessibility 100, LCP ≤ 1.3 × bare) and writes every run to lighthouse-results.json.
 *
 * Needs the built app and server (`npm run build`; the npm script builds what is stale first). Chromium is
 * /usr/bin/chromium or CHROMIUM_PATH; nothing is downloaded. Everything listens on 127.0.0.1 only.
 *
 * Options: --runs=N, --out=<file>, --only=bare,auth,home, --reports=<dir> (keep each run's full JSON report).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { chromiumPath as chromePath, chromiumArgs } from '../chromium.config.mjs';
import { freePort, serverJs, signInDemo, startDemoServer } from './demo-server.mjs';

const root = resolve(import.meta.dirname, '..');
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const runs = Number(args.runs ?? 3);
const out = resolve(root, args.out ?? 'lighthouse-results.json');
const only = new Set((args.only ?? 'bare,auth,home').split(','));
const reportsDir = args.reports ? resolve(root, args.reports) : null;
const GOAL = { performance: 98, accessibility: 100, lcpRatio: 1.3 };
if (!existsSync(serverJs) || !existsSync(join(root, 'packages/app/dist/index.html'))) {
  console.error(
    'Falta la compilación: ejecuta `npm run build` (o `npm run lighthouse`, que compila lo que falte).',
  );
  process.exit(1);
}
if (!existsSync(chromePath)) {
  console.error(`No hay Chromium en ${chromePath} (CHROMIUM_PATH elige otro binario).`);
  process.exit(1);
}

const cleanups = [];
async function cleanup() {
  for (const fn of cleanups.reverse()) await Promise.resolve(fn()).catch(() => {});
  cleanups.length = 0;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    cleanup().finally(() => process.exit(130));
  });
}

/**
 * The bare page: what the first paint could be with no app at all. Same headers as the server gives
 * index.html (no-cache; compressed from 1 KB as @fastify/compress does, gzip here), and the same kind of text.
 */
async function startBare() {
  const html = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Página estática de referencia" />
    <title>Estudio de Contenido</title>
  </head>
  <body>
    <main>
      <h1>Estudio de Contenido</h1>
      <p>Cargando...</p>
    </main>
  </body>
</html>
`;
  const body = Buffer.from(html);
  const server = createServer((req, res) => {
    if (req.url !== '/' && req.url !== '/index.html') {
      res.writeHead(404).end();
      return;
    }
    const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' };
    const gzip = body.length >= 1024 && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const payload = gzip ? gzipSync(body, { level: constants.Z_BEST_SPEED }) : body;
    if (gzip) Object.assign(headers, { 'content-encoding': 'gzip', vary: 'accept-encoding' });
    res.writeHead(200, { ...headers, 'content-length': payload.length });
    res.end(req.method === 'HEAD' ? undefined : payload);
  });
  const port = await freePort();
  await new Promise((done) => server.listen(port, '127.0.0.1', done));
  cleanups.push(() => new Promise((done) => server.close(done)));
  return `http://127.0.0.1:${port}/`;
}

const chromeFlags = ['--headless=new', ...chromiumArgs];

/**
 * One Lighthouse run in a fresh Chromium profile. With a token, a page of the origin that does not start the
 * app (/api/health) first puts it in localStorage under the app's key ('token', api-client's TOKEN_KEY);
 * Lighthouse's storage reset clears caches and service workers, not localStorage, so the session stays.
 */
async function runOnce(url, { token } = {}) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'silent' });
  let browser;
  try {
    browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    const page = await browser.newPage();
    if (token) {
      const origin = new URL(url).origin;
      await page.goto(`${origin}/api/health`);
      await page.evaluate((t) => localStorage.setItem('token', t), token);
    }
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse no devolvió informe para ${url}`);
    return result.lhr;
  } finally {
    await browser?.disconnect().catch(() => {});
    await chrome.kill();
  }
}

function summarize(lhr) {
  const audit = (id) => lhr.audits[id];
  const lcpItem = audit('largest-contentful-paint-element')?.details?.items?.[0]?.items?.[0]?.node;
  const blocking = audit('render-blocking-resources')?.details?.items ?? [];
  return {
    finalUrl: lhr.finalDisplayedUrl,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint')?.numericValue,
    lcp: audit('largest-contentful-paint')?.numericValue,
    tbt: audit('total-blocking-time')?.numericValue,
    cls: audit('cumulative-layout-shift')?.numericValue,
    si: audit('speed-index')?.numericValue,
    lcpElement: lcpItem ? `${lcpItem.selector ?? ''} ${lcpItem.snippet ?? ''}`.trim() : null,
    renderBlocking: blocking.map((b) => `${b.url} (${Math.round(b.wastedMs ?? 0)} ms)`),
    failedA11y: Object.values(lhr.categories.accessibility?.auditRefs ?? [])
      .map((r) => lhr.audits[r.id])
      .filter((a) => a && a.score === 0)
      .map((a) => a.id),
    warnings: lhr.runWarnings,
  };
}

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  const bareUrl = only.has('bare') ? await startBare() : null;
  const origin = only.has('auth') || only.has('home') ? await startDemoServer(cleanups) : null;
  const token = only.has('home') ? await signInDemo(origin) : null;
  const targets = [
    bareUrl && { name: 'bare', url: bareUrl },
    only.has('auth') && { name: 'auth', url: `${origin}/auth` },
    only.has('home') && { name: 'home', url: `${origin}/`, token },
  ].filter(Boolean);
  if (reportsDir) mkdirSync(reportsDir, { recursive: true });

  const results = {};
  for (const target of targets) {
    results[target.name] = { url: target.url, runs: [] };
    for (let i = 0; i < runs; i++) {
      const lhr = await runOnce(target.url, { token: target.token });
      const summary = summarize(lhr);
      results[target.name].runs.push(summary);
      if (reportsDir) writeFileSync(join(reportsDir, `${target.name}-${i + 1}.json`), JSON.stringify(lhr));
      console.error(
        `  ${target.name} #${i + 1}: perf ${summary.performance}, a11y ${summary.accessibility}, ` +
          `FCP ${Math.round(summary.fcp)} ms, LCP ${Math.round(summary.lcp)} ms, TBT ${Math.round(summary.tbt)} ms` +
          (summary.lcpElement ? `, LCP element ${summary.lcpElement.slice(0, 90)}` : ''),
      );
    }
  }

  const bareLcp = results.bare ? median(results.bare.runs.map((r) => r.lcp)) : null;
  const rows = [];
  for (const [name, { runs: list }] of Object.entries(results)) {
    const m = Object.fromEntries(
      ['performance', 'accessibility', 'fcp', 'lcp', 'tbt', 'cls', 'si'].map((k) => [
        k,
        median(list.map((r) => r[k])),
      ]),
    );
    m.lcpRatio = bareLcp ? m.lcp / bareLcp : null;
    const pass =
      name === 'bare'
        ? null
        : m.performance >= GOAL.performance &&
          m.accessibility >= GOAL.accessibility &&
          m.lcpRatio !== null &&
          m.lcpRatio <= GOAL.lcpRatio;
    results[name].median = m;
    results[name].pass = pass;
    rows.push([
      name,
      String(m.performance),
      String(m.accessibility),
      `${Math.round(m.fcp)} ms`,
      `${Math.round(m.lcp)} ms`,
      `${Math.round(m.tbt)} ms`,
      m.cls.toFixed(3),
      m.lcpRatio === null ? '—' : `${m.lcpRatio.toFixed(2)}×`,
      pass === null ? 'reference' : pass ? 'PASS' : 'FAIL',
    ]);
  }
  const header = [
    'page',
    'perf',
    'a11y',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    'LCP/bare',
    `goal (≥${GOAL.performance}, ${GOAL.accessibility}, ≤${GOAL.lcpRatio}×)`,
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(`\nLighthouse mobile (simulated throttling), median of ${runs} runs each`);
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
  for (const [name, r] of Object.entries(results)) {
    const lcpEl = r.runs.find((x) => x.lcpElement)?.lcpElement;
    if (lcpEl) console.log(`  ${name} LCP element: ${lcpEl.slice(0, 160)}`);
    const failed = [...new Set(r.runs.flatMap((x) => x.failedA11y))];
    if (failed.length) console.log(`  ${name} failed accessibility audits: ${failed.join(', ')}`);
  }

  writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), runs, goal: GOAL, chromium: chromePath, results }, null, 2)}\n`,
  );
  console.log(`\nWritten to ${out}`);
  const allPass = Object.values(results).every((r) => r.pass !== false);
  if (args.strict === 'true' && !allPass) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}

#!/usr/bin/env node
/**
 * `npm run interactions` (issue 48, point 6): the main-thread work of every interaction the budgets name, on the
 * home, the plan and the review panel, at 1× and 4× CPU, printed as the README's Benchmarks table. Not judged
 * anywhere: the scale spec (tests/e2e/scale/plan-at-scale.spec.ts) judges the budgets on the board of 1,000; this
 * prints the same interactions on the demo's data (`npm run demo`: four pieces a portfolio), for a rerun
 * after a change.
 *
 * Each figure is measured as the scale spec measures (tests/support/trace.ts): a Chromium trace of the page's
 * renderer main thread, its tasks added up from the input (sent through CDP) until what the interaction shows is
 * in the document, plus a frame. Median of --runs (3) fresh pages; the action is repeated in each page after one
 * warm-up where the app would have loaded its chunks once («first» and «again» for opening a piece).
 *
 * Options: --runs=N (3), --rates=1,4, --only=TEXT (the interactions whose «screen name» holds it). Needs the built app and server (`npm run build`). Chromium: /usr/bin/chromium
 * or CHROMIUM_PATH. Everything listens on 127.0.0.1 only.
 */
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '../chromium.config.mjs';
import { signInDemo, startDemoServer } from './demo-server.mjs';

const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3);
const rates = (process.argv.find((a) => a.startsWith('--rates='))?.slice(8) ?? '1,4').split(',').map(Number);
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const cleanups = [];

/** Main-thread work of one action (tests/support/trace.ts, for puppeteer): tasks summed, the longest, in ms. */
async function work(page, rate, act, done) {
  const cdp = await page.createCDPSession();
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  await page.evaluate((source) => {
    const check = new Function(`return (${source})()`);
    window.__actionDone = new Promise((resolve) => {
      if (check()) return resolve();
      const observer = new MutationObserver(() => {
        if (check()) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  }, done);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: ['__metadata', 'devtools.timeline', 'disabled-by-default-devtools.timeline'],
    },
  });
  await act(cdp);
  const settled = await cdp.send('Runtime.evaluate', {
    expression: `Promise.race([
      window.__actionDone.then(() => new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(true), 0)))),
      new Promise((r) => setTimeout(() => r(false), 15000)),
    ])`,
    awaitPromise: true,
  });
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  if (!settled.result.value) throw new Error('no terminó en 15 s');
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const tasks = (m) =>
    events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === m.pid && e.tid === m.tid);
  const main = mains.map(tasks).sort((a, b) => b.length - a.length)[0] ?? [];
  const ms = main.map((e) => (e.dur ?? 0) / 1000);
  return { total: ms.reduce((a, b) => a + b, 0), longest: Math.max(0, ...ms) };
}

/** The centre of the first element matching `selector` (and whose text or name is `text`, if given). */
async function centre(page, selector, text) {
  const at = await page.evaluate(
    (sel, txt) => {
      const el = [...document.querySelectorAll(sel)].find(
        (e) =>
          !txt ||
          e.textContent?.trim() === txt ||
          e.getAttribute('aria-label')?.startsWith(txt) ||
          e.textContent?.trim().startsWith(txt),
      );
      if (!el) return null;
      el.scrollIntoView({ block: 'center', inline: 'center' });
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + Math.min(r.height / 2, 12) };
    },
    selector,
    text ?? null,
  );
  if (!at) throw new Error(`no está: ${selector}${text ? ` «${text}»` : ''}`);
  return at;
}
const clickAt = (at) => async (cdp) => {
  for (const type of ['mousePressed', 'mouseReleased'])
    await cdp.send('Input.dispatchMouseEvent', { type, x: at.x, y: at.y, button: 'left', clickCount: 1 });
};
const settle = (page) =>
  page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 300)))),
  );
const pressEscape = async (page) => {
  await page.keyboard.press('Escape');
  await settle(page);
};

/** Opens a piece of the board (or the review queue) and closes it again; `again`: after one warm-up. */
const openPiece = (selector, openDone) => async (page, rate) => {
  const at = await centre(page, selector);
  const first = await work(page, rate, clickAt(at), openDone);
  await pressEscape(page);
  await page.goBack().catch(() => {});
  await settle(page);
  const at2 = await centre(page, selector);
  const again = await work(page, rate, clickAt(at2), openDone);
  return { first, again };
};
const bell = async (page, rate) => ({
  once: await work(
    page,
    rate,
    clickAt(await centre(page, 'button', 'Notificaciones')),
    `() => !!document.querySelector('[data-slot="notification-panel"]')`,
  ),
});

const screens = {
  home: {
    path: () => '/',
    ready: `() => !!document.querySelector('main h1, main h2')`,
    interactions: { 'abrir la campana': bell },
  },
  plan: {
    path: (p) => `/portfolios/${p}/production`,
    ready: `() => document.querySelectorAll('[data-slot="kanban-card"]').length > 0`,
    interactions: {
      'abrir una pieza': openPiece(
        '[data-slot="kanban-card"]',
        `() => !!document.querySelector('[role="dialog"] h2')`,
      ),
      'aplicar un filtro («Mis piezas»)': async (page, rate) => ({
        once: await work(
          page,
          rate,
          clickAt(await centre(page, 'button', 'Mis piezas')),
          `() => location.search.includes('assigneeId') && !document.querySelector('[data-slot="kanban-column"][aria-busy]')`,
        ),
      }),
      'tablero → tabla': async (page, rate) => ({
        once: await work(
          page,
          rate,
          clickAt(await centre(page, '[role="radio"], button', 'Tabla')),
          `() => location.search.includes('view=table') && !!document.querySelector('table, [aria-label="Tabla"]')`,
        ),
      }),
      'tabla → calendario': async (page, rate) => ({
        once: await work(
          page,
          rate,
          clickAt(await centre(page, '[role="radio"], button', 'Calendario')),
          `() => !!document.querySelector('[aria-label="Calendario"]')`,
        ),
      }),
      'abrir la campana': bell,
      'una tecla en el editor': async (page, rate) => {
        await page.goto(page.url().replace(/\?.*$/, ''), { waitUntil: 'networkidle0' });
        await page.click('[data-slot="kanban-card"]');
        await page.waitForSelector('[role="dialog"] h2');
        // The copy: read first in «Detalles» (issue 48), its editor mounted when the read view is clicked.
        const editable = '[role="dialog"] [contenteditable="true"]';
        if (!(await page.$(editable))) {
          const copy = await page.waitForSelector(
            `${editable}, [role="dialog"] [data-slot="rich-text-surface"] [role="textbox"]`,
            {
              timeout: 10_000,
            },
          );
          await copy.click();
        }
        const editor = await page.waitForSelector(editable, { timeout: 10_000 });
        await editor.focus();
        await page.keyboard.press('End');
        await settle(page);
        const keys = [];
        for (let i = 0; i < 20; i++) {
          const before = await page.evaluate(() => document.activeElement?.textContent?.length ?? 0);
          keys.push(
            await work(
              page,
              rate,
              (cdp) =>
                cdp
                  .send('Input.dispatchKeyEvent', { type: 'keyDown', text: 'a', key: 'a', code: 'KeyA' })
                  .then(() => cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'a', code: 'KeyA' })),
              `() => (document.activeElement?.textContent?.length ?? 0) > ${before}`,
            ),
          );
        }
        const sorted = keys.map((k) => k.total).sort((a, b) => a - b);
        return {
          p95: {
            total: sorted[Math.ceil(sorted.length * 0.95) - 1],
            longest: Math.max(...keys.map((k) => k.longest)),
          },
        };
      },
    },
  },
  'panel de revisión': {
    path: (p) => `/portfolios/${p}/review`,
    ready: `() => !!document.querySelector('main li button')`,
    interactions: {
      'abrir una pieza': async (page, rate) => ({
        once: await work(
          page,
          rate,
          clickAt(await centre(page, 'main li button')),
          `() => !!document.querySelector('#review-item-title')`,
        ),
      }),
      'abrir la campana': bell,
    },
  },
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  const origin = await startDemoServer(cleanups);
  const token = await signInDemo(origin);
  const portfolios = await (
    await fetch(`${origin}/api/portfolios?page=1&limit=10`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const portfolioId = (portfolios.items ?? portfolios)[0]?._id;
  if (!portfolioId) throw new Error('la demo no tiene portafolios');
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
    headless: true,
  });
  cleanups.push(() => browser.close());
  /** figures[screen][interaction][variant][rate] = totals and longest per run */
  const figures = {};
  for (const [screen, s] of Object.entries(screens))
    for (const [name, measure] of Object.entries(s.interactions))
      for (const rate of only && !`${screen} ${name}`.includes(only) ? [] : rates)
        for (let run = 0; run < runs; run++) {
          const context = await browser.createBrowserContext();
          const page = await context.newPage();
          try {
            await page.setViewport({ width: 1280, height: 800 });
            await page.goto(`${origin}/api/health`);
            await page.evaluate((t) => localStorage.setItem('token', t), token);
            await page.goto(`${origin}${s.path(portfolioId)}`, { waitUntil: 'networkidle0' });
            await page.waitForFunction(s.ready, { timeout: 20_000 });
            await settle(page);
            const result = await measure(page, rate);
            for (const [variant, w] of Object.entries(result)) {
              const key =
                variant === 'once'
                  ? name
                  : `${name} (${variant === 'first' ? 'primera vez' : variant === 'again' ? 'otra vez' : variant})`;
              figures[screen] ??= {};
              figures[screen][key] ??= {};
              figures[screen][key][rate] ??= [];
              figures[screen][key][rate].push(w);
            }
          } catch (error) {
            figures[screen] ??= {};
            figures[screen][name] ??= {};
            figures[screen][name].error = error.message;
            console.error(`${screen} · ${name} · ${rate}×: ${error.message}`);
          } finally {
            await context.close();
          }
        }
  console.log(`\nInteractions, main-thread work in ms (sum of tasks · longest task), median of ${runs}\n`);
  console.log(`| screen | interaction | ${rates.map((r) => `${r}× CPU`).join(' | ')} |`);
  console.log(`| --- | --- | ${rates.map(() => '---:').join(' | ')} |`);
  for (const [screen, list] of Object.entries(figures))
    for (const [name, byRate] of Object.entries(list)) {
      const cells = rates.map((r) => {
        const ws = byRate[r];
        if (!ws?.length) return byRate.error ? `— (${byRate.error})` : '—';
        return `${Math.round(median(ws.map((w) => w.total)))} · ${Math.round(median(ws.map((w) => w.longest)))}`;
      });
      console.log(`| ${screen} | ${name} | ${cells.join(' | ')} |`);
    }
} finally {
  for (const undo of cleanups.reverse()) await Promise.resolve(undo()).catch(() => {});
}

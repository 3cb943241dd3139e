import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, test as base, type Page } from '@playwright/test';
import { type Instance, startInstance, stop } from './cluster.ts';
import { notionToken } from './notion.ts';

/** The compiled server a worker's tests talk to, and the loopback port where its Notion peer must listen. */
export interface E2eServer extends Instance {
  notionPort: number;
}

/** The first worker's port; worker n uses this + 10·n, and its Notion peer that + 7 (all loopback). */
const basePort = Number(process.env.E2E_PORT ?? 3100);

/** What every e2e server runs with: its data folder, offline (nothing leaves loopback), quiet, no sign-in limit. */
export const e2eServerEnv = (dataDir: string) => ({
  DATA_DIR: dataDir,
  // test: the server resolves no push hosts, so nothing leaves loopback (README, NODE_ENV).
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  LOGIN_RATE_LIMIT: '1000',
});

/**
 * Playwright cannot route a request that passes our service worker: once /sw.js controls a page (issue 49's offline
 * page made it listen to fetches), `page.route` and `context.route` see nothing of that page's requests and the
 * request goes to the server untouched. A spec that routes while the worker could be in control would pass or fail
 * on whether it had taken control yet (create.spec's held answer was never held, and once never seen). So routes
 * are refused, loudly, in a context that allows the worker: a spec that routes runs with
 * `test.use({ serviceWorkers: 'block' })`, or `browser.newContext({ serviceWorkers: 'block' })`.
 */
const ROUTE_NEEDS_NO_WORKER =
  "Una ruta no intercepta lo que pasa por el service worker: usa serviceWorkers: 'block' en este contexto.";

function refuseRoutes(context: BrowserContext) {
  const refuse = async () => {
    throw new Error(ROUTE_NEEDS_NO_WORKER);
  };
  const guard = (page: Page) => {
    page.route = refuse;
  };
  context.route = refuse;
  for (const page of context.pages()) guard(page);
  context.on('page', guard);
}

/**
 * Playwright's `test`, with two things more:
 *
 * - `server`: each worker starts its own compiled server (`node dist/server.js --demo`, as `npm run demo`) on
 *   its own port and fresh data folder, and its tests' `baseURL` points there. Workers share nothing, so the
 *   suite uses both cores without one worker's writes reaching another's screens. On PostgreSQL
 *   (E2E_DATABASE_URL, the e2e-pg suite) there is one database, so that suite runs one worker.
 * - The browser contexts a test opens itself (`browser.newContext()`, a second person's tab) are closed when it
 *   ends. Playwright closes only the contexts of its own `page` and `context` fixtures; the others lived on,
 *   signed in, with their sockets and timers, until the worker's browser closed at the end of the suite. They,
 *   and the test's own context, refuse routes unless they block the service worker (`refuseRoutes`).
 */
export const test = base.extend<{ closeOpenedContexts: undefined }, { server: E2eServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern (none).
    async ({}, use, workerInfo) => {
      // By worker process, not by slot: after a failure Playwright starts a new worker while the old one is still
      // stopping its server, and the same port would find the old server answering.
      const port = basePort + 10 * workerInfo.workerIndex;
      const notionPort = port + 7;
      const dataDir = mkdtempSync(join(tmpdir(), 'crw-e2e-'));
      const instance = await startInstance({
        name: `servidor e2e ${workerInfo.parallelIndex}`,
        port,
        demo: true,
        env: {
          ...e2eServerEnv(dataDir),
          // PGlite in DATA_DIR unless `npm test` runs the suite on PostgreSQL and Redis (e2e-pg).
          DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
          REDIS_URL: process.env.E2E_REDIS_URL ?? '',
          // Notion: a local peer that a spec starts on this port (support/notion.ts).
          NOTION_TOKEN: notionToken,
          NOTION_API_URL: `http://127.0.0.1:${notionPort}`,
        },
      });
      await use({ ...instance, notionPort });
      await stop(instance);
      // What the server printed (warnings and errors only), beside the run's other results.
      const out = join(workerInfo.project.outputDir, 'servers');
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, `worker-${workerInfo.workerIndex}.log`), instance.output());
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  closeOpenedContexts: [
    async ({ browser, serviceWorkers }, use) => {
      const before = new Set(browser.contexts());
      // Every context of the test, its own `context` fixture's too, refuses routes unless it blocks the worker
      // (refuseRoutes). The test's options are the defaults of each new context, `serviceWorkers` among them.
      const newContext = browser.newContext;
      browser.newContext = async (options) => {
        const context = await newContext.call(browser, options);
        if ((options?.serviceWorkers ?? serviceWorkers) !== 'block') refuseRoutes(context);
        return context;
      };
      await use(undefined);
      browser.newContext = newContext;
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c))
          .map((c) => c.close()),
      );
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';

import type { BrowserContext, Page } from '@playwright/test';
import {
  appDist,
  type Build,
  copyBuild,
  type DeployServer,
  removeBuild,
  secondBuild,
  startDeployServer,
  workerModified,
} from '../../support/deploys.ts';
import { demo, storeToken } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

/**
 * Cold loads never show a blank page (issue 13). Every animation frame from DOMContentLoaded until the screen
 * is up, the page must show some text (index.html's «Cargando...», then the app). Three cases: no worker
 * installed, a worker installed and in control, and a new build deployed before each load (a changed /sw.js
 * that installs while the page starts, new hashed assets). Issue 13 asks for 100 loads a case: that full
 * sample runs behind a flag (`COLD_LOADS=100 npx playwright test e2e/shell/startup.spec.ts`, ~2 minutes a
 * case); `npm test` and CI take 10 a case (issue 33: CI's time).
 */
const LOADS = Number(process.env.COLD_LOADS ?? 10);

/**
 * Records the frames in which the body showed no text at all, or an error message ('No se pudo …'), from
 * DOMContentLoaded on (600 frames), and the time of the first frame without the boot screen.
 */
async function watchForBlank(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __blankFrames: string[]; __frames: number; __screenAt?: number };
    w.__blankFrames = [];
    w.__frames = 0;
    const tick = () => {
      if (document.body) {
        w.__frames += 1;
        // The first frame without index.html's boot screen: React has mounted.
        if (w.__screenAt === undefined && !document.querySelector('[data-boot]'))
          w.__screenAt = Math.round(performance.now());
        // biome-ignore lint/performance/useDomNodeTextContent: innerText is the *visible* text, the point here.
        const text = document.body.innerText.trim();
        if (!text || text.includes('No se pudo'))
          w.__blankFrames.push(
            `frame ${w.__frames} at ${Math.round(performance.now())} ms, ${document.readyState}: ${document.body.innerHTML.slice(0, 300)}`,
          );
      }
      if (w.__frames < 600) requestAnimationFrame(tick);
    };
    // From DOMContentLoaded: before it the parser may not have reached <body>'s content, and nothing has
    // been painted yet (that is the browser's previous page or its own blank, not the app's).
    document.addEventListener('DOMContentLoaded', () => requestAnimationFrame(tick));
  });
}

async function token(page: Page) {
  const res = await page.request.post('/api/auth/login', { data: demo.employee });
  return ((await res.json()) as { token: string }).token;
}

/**
 * The screen came up, and no frame before it was blank. What is timed here is whether a frame is blank, not how
 * long a cold load takes (a busy CI machine takes seconds; the shell's timings are measured in scripts/): the
 * waits are generous.
 */
async function expectScreen(page: Page) {
  await expect(page.getByRole('heading', { name: 'Tus portafolios' })).toBeVisible({ timeout: 20_000 });
  const frames = await page.evaluate(() => (window as unknown as { __blankFrames: string[] }).__blankFrames);
  expect(frames, 'frames with a blank page').toEqual([]);
}

test('cold loads without a service worker installed never show a blank page', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(LOADS * 15_000);
  const signedIn = await token(page);
  for (let i = 0; i < LOADS; i++) {
    // A fresh context: no service worker, no cache.
    const context = await browser.newContext({ baseURL });
    await context.addInitScript((t) => localStorage.setItem('token', t), signedIn);
    await watchForBlank(context);
    const fresh = await context.newPage();
    await fresh.goto('/', { waitUntil: 'commit' });
    await expectScreen(fresh);
    await context.close();
  }
});

test('cold loads with a service worker installed and in control never show a blank page', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(LOADS * 15_000);
  const signedIn = await token(page);
  const context = await browser.newContext({ baseURL });
  await context.addInitScript((t) => localStorage.setItem('token', t), signedIn);
  await watchForBlank(context);
  const tab = await context.newPage();
  await tab.goto('/');
  await expectScreen(tab);
  await tab.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  for (let i = 0; i < LOADS; i++) {
    await tab.goto('/', { waitUntil: 'commit' });
    await expectScreen(tab);
    expect(await tab.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  }
  await context.close();
});

interface WorkerVersion {
  versionId: string;
  status: string;
  scriptLastModified?: number;
}

/**
 * Which build's worker controls `page`, without sending any worker anything: DevTools tells each worker
 * version's status and the Last-Modified date of its script (a different one per build, `workerModified`), and
 * the page tells whether its controller is the registration's active worker. The test used to ask the old worker
 * for its build every 50 ms, later once a load; a worker woken while a new one activates makes Chromium drop that
 * activation, and the new one stayed parked in «waiting».
 */
async function watchWorkers(page: Page, builds: Build[]) {
  const cdp = await page.context().newCDPSession(page);
  const versions = new Map<string, WorkerVersion>();
  cdp.on('ServiceWorker.workerVersionUpdated', (e: { versions: WorkerVersion[] }) => {
    for (const v of e.versions) versions.set(v.versionId, v);
  });
  await cdp.send('ServiceWorker.enable');
  const seconds = (d: Date) => Math.round(d.getTime() / 1000);
  const buildOf = (v: WorkerVersion) =>
    builds.find((b) => seconds(workerModified(b)) === Math.round(v.scriptLastModified ?? 0))?.id ??
    `? (${v.scriptLastModified})`;
  const live = () => [...versions.values()].filter((v) => v.status !== 'redundant');
  return {
    async controller(): Promise<string | null> {
      const active = live().filter((v) => v.status === 'activated');
      if (active.length !== 1) return null;
      const controlled = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        const controller = navigator.serviceWorker.controller;
        return Boolean(controller && controller === registration?.active && controller.state === 'activated');
      });
      return controlled ? buildOf(active[0]!) : null;
    },
    async describe(): Promise<string> {
      const registration = await page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        const c = navigator.serviceWorker.controller;
        return `installing ${r?.installing?.state}, waiting ${r?.waiting?.state}, active ${r?.active?.state}, controller ${c ? c.state : 'none'}${c && c === r?.active ? ' (the active one)' : ''}`;
      });
      return `${live()
        .map((v) => `${buildOf(v)} ${v.status}`)
        .join(', ')}; the page: ${registration}`;
    },
  };
}

type Workers = Awaited<ReturnType<typeof watchWorkers>>;

/** What the browser does when it checks for a new worker: asks the server for /sw.js, here from the page. */
function requestUpdate(page: Page) {
  return page.evaluate(() => {
    void navigator.serviceWorker
      .getRegistration()
      .then((r) => r?.update())
      .catch(() => undefined);
  });
}

async function askForUpdate(page: Page, origin: DeployServer) {
  await requestUpdate(page);
  await expect.poll(() => origin.workerRequested()).toBe(true);
}

/**
 * Waits until the given build's worker controls the page. An update check can fail or be joined to one that
 * fails (one under way when the page asked, or the browser's own after a navigation, which also sets
 * `workerRequested`): the browser would check again later, so while the old worker still answers, the page asks
 * again every 2 s. A page the new worker never takes over still fails.
 */
async function expectControlledBy(page: Page, workers: Workers, id: string, message: string) {
  let askedAt = Date.now();
  try {
    await expect
      .poll(
        async () => {
          const build = await workers.controller();
          if (build !== id && Date.now() - askedAt > 2_000) {
            askedAt = Date.now();
            await requestUpdate(page);
          }
          return build;
        },
        { message, intervals: [100], timeout: 15_000 },
      )
      .toBe(id);
  } catch (error) {
    // Every live worker version then, to tell one that never installed from one parked in waiting.
    throw new Error(`${(error as Error).message}\nworkers: ${await workers.describe()}`);
  }
}

test('cold loads right after a new build was deployed never show a blank or broken page', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(30_000 + LOADS * 12_000);
  const signedIn = await token(page);
  const builds: Build[] = [];
  let origin: DeployServer | undefined;
  let context: BrowserContext | undefined;
  try {
    // Two builds, A (the real one) and B (every hashed asset renamed, /sw.js different), deployed in turn.
    builds.push(copyBuild(appDist, 'A'));
    builds.push(secondBuild(builds[0]!.dir, 'B'));
    origin = await startDeployServer(baseURL!, builds[0]!);
    // One context for every load: the worker the previous load installed is there when the next one starts.
    context = await browser.newContext({ baseURL: origin.url });
    await context.addInitScript((t) => localStorage.setItem('token', t), signedIn);
    await watchForBlank(context);
    await context.addInitScript(() => {
      const w = window as unknown as { __workerChanged: number[] };
      w.__workerChanged = [];
      navigator.serviceWorker.addEventListener('controllerchange', () =>
        w.__workerChanged.push(Math.round(performance.now())),
      );
    });
    const tab = await context.newPage();
    const workers = await watchWorkers(tab, builds);
    const problems: string[] = [];
    const ours = (url: string) => !/\/(api|socket\.io)(\/|$)/.test(new URL(url).pathname);
    tab.on('pageerror', (e) => problems.push(`error: ${e.message}`));
    // The previous page's API calls end aborted when the next load starts: only the build's files count.
    tab.on('requestfailed', (r) => {
      if (ours(r.url())) problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`);
    });
    tab.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    await tab.goto('/');
    await expectScreen(tab);
    await expect.poll(() => workers.controller()).toBe('A');
    origin.takeLog();
    // When the worker changed: before the page existed, while the boot screen was up, or under the screen.
    const during = { before: 0, boot: 0, screen: 0 };
    for (let i = 0; i < LOADS; i++) {
      const next = builds[(i + 1) % 2]!;
      // Four loads in five, the previous page asks for an update just before the load and /sw.js answers
      // 0–800 ms later: the new worker installs, activates and takes over before the page exists, or while it
      // starts (the start-up's register() then waits for the update under way). The fifth, the update is
      // found once the screen is up, and the worker changes under it. (The browser's own check after a
      // navigation comes about 2 s later, or not at all when the worker has just changed: too late and too
      // uncertain to wait for.)
      const early = i % 5 !== 4;
      origin.deploy(next, { workerDelayMs: early ? (i * 181) % 800 : 0 });
      if (early) await askForUpdate(tab, origin);
      await tab.goto('/', { waitUntil: 'commit' });
      await expectScreen(tab);
      if (!early) await askForUpdate(tab, origin);
      // The new build's worker takes the page over, and the screen is still there, no frame blank meanwhile.
      await expectControlledBy(tab, workers, next.id, `load ${i + 1}: worker of ${next.id}`);
      await expectScreen(tab);
      const { changed, screenAt } = await tab.evaluate(() => {
        const w = window as unknown as { __workerChanged: number[]; __screenAt: number };
        return { changed: w.__workerChanged, screenAt: w.__screenAt };
      });
      if (changed.length === 0) during.before += 1;
      else if (changed[0]! < screenAt) during.boot += 1;
      else during.screen += 1;
      // Every file of this load came from the new build, and none was missing.
      const served = origin.takeLog();
      expect(
        served.filter((l) => !l.startsWith(`${next.id} 200 `)),
        `load ${i + 1}: files`,
      ).toEqual([]);
      expect(problems.splice(0), `load ${i + 1}: errors`).toEqual([]);
    }
    test.info().annotations.push({
      type: 'worker changed',
      description: `before the page: ${during.before}, during the start: ${during.boot}, under the screen: ${during.screen}`,
    });
    // The case this test is for happened.
    expect(during.boot, 'loads where the worker changed while the page started').toBeGreaterThan(0);
  } finally {
    await context?.close();
    await origin?.close();
    for (const b of builds) removeBuild(b);
  }
});

test('a route where the service worker may be in control is refused: it would intercept nothing', async ({
  page,
  context,
  browser,
}) => {
  // A page our worker controls sends its requests past Playwright's routes (support/test.ts, refuseRoutes).
  const refused =
    "Una ruta no intercepta lo que pasa por el service worker: usa serviceWorkers: 'block' en este contexto.";
  await expect(page.route('**/api/**', (route) => route.continue())).rejects.toThrow(refused);
  await expect(context.route('**/api/**', (route) => route.continue())).rejects.toThrow(refused);
  const other = await browser.newContext();
  await expect((await other.newPage()).route('**/api/**', (route) => route.continue())).rejects.toThrow(
    refused,
  );
  const blocked = await browser.newContext({ serviceWorkers: 'block' });
  await (await blocked.newPage()).route('**/api/**', (route) => route.continue());
});

test('a page that starts with no worker in control asks the active one to control it', async ({ page }) => {
  // A page that loaded while a new worker activated can be left with no controller (the worker's claim ran
  // before the page was a client): the deploy test above saw one stay so for its 15 s. A reload that bypasses
  // the cache starts a page the same way, with no controller, while the worker is active.
  await storeToken(page, await token(page));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Tus portafolios' })).toBeVisible();
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none');
  await expect.poll(controlled).toBe('activated');
  const cdp = await page.context().newCDPSession(page);
  // CDP answers once the reload has started, not once it is done: until the new document has loaded, the
  // heading below could be the old one's and the next evaluate could meet the navigation (CI's red once).
  const reloaded = page.waitForEvent('load');
  await cdp.send('Page.reload', { ignoreCache: true });
  await reloaded;
  await expect(page.getByRole('heading', { name: 'Tus portafolios' })).toBeVisible();
  await expect.poll(controlled).toBe('activated');
});

test.describe('a chunk that does not load', () => {
  // Its routes must see the page's requests: the service worker is blocked (support/test.ts, refuseRoutes).
  test.use({ serviceWorkers: 'block' });

  test('a screen whose chunk fails to load says so in Spanish with «Recargar», inside the shell', async ({
    page,
  }) => {
    const chunk = /\/assets\/user-settings-screen-[^/]+\.js$/;
    await storeToken(page, await token(page));
    await page.route(chunk, (route) => route.abort());
    await page.goto('/settings');
    const alert = page.getByRole('alert').filter({ hasText: 'No se pudo cargar esta pantalla' });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Recargar' })).toBeVisible();
    // The shell stays: the menu is still there to go elsewhere.
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
    await expect(page).toHaveTitle('No se pudo cargar esta pantalla · Estudio de Contenido');

    // The network is back: «Recargar» brings the screen.
    await page.unroute(chunk);
    await alert.getByRole('button', { name: 'Recargar' }).click();
    await expect(page.getByRole('heading', { name: 'Configuración', level: 1 })).toBeVisible();
  });

  test('when the shell itself fails to load, the whole page says so with «Recargar» (never blank)', async ({
    page,
  }) => {
    await storeToken(page, await token(page));
    await page.route(/\/assets\/app-layout-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'No se pudo cargar esta pantalla' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Recargar' })).toBeVisible();
  });
});

test('the app starts after the boot screen is painted, and at once in a tab that paints nothing', async ({
  page,
}) => {
  await storeToken(page, await token(page));
  // The HTML names no file of the app's: its inline boot script lists them and asks for them after the first
  // frame (vite.config.ts, paintThenStart), the entry's module script last, once the stylesheet is in. The CSP
  // allows that script by its hash (a violation would leave the boot screen up and fail this test).
  const html = await (await page.request.get('/auth')).text();
  expect(html).not.toMatch(/<script[^>]+src=|rel="(modulepreload|stylesheet)"/);
  expect(html).toMatch(/<script data-entry="\/assets\/main-[^"]+\.js" data-css="\/assets\/main-[^"]+\.css"/);
  await expect(page.locator('script[type="module"]')).toHaveCount(1);
  const entry = await page.locator('script[type="module"]').getAttribute('src');
  expect(await page.locator('script[data-entry]').getAttribute('data-entry')).toBe(entry);
  await expect(page.locator(`link[rel="modulepreload"][href="${entry}"]`)).toHaveCount(1);
  expect(
    await page.evaluate(() =>
      [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/main-')),
    ),
  ).toBe(true);

  // Signed in, the page lists the shell's chunks too, asked for a slice per task: every one is asked for once.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Tus portafolios' })).toBeVisible();
  const { listed, preloaded } = await page.evaluate(() => ({
    listed: (document.querySelector<HTMLScriptElement>('script[data-entry]')?.dataset.preload ?? '')
      .split(' ')
      .filter(Boolean),
    preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
      (link) => new URL(link.href).pathname,
    ),
  }));
  expect(listed.length).toBeGreaterThan(5);
  expect(preloaded.slice(0, listed.length)).toEqual(listed);

  // A hidden tab: no animation frame ever comes. The app must not wait for one.
  await page.addInitScript(() => {
    Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
    window.requestAnimationFrame = () => 0;
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Tus portafolios' })).toBeVisible();
});

test('the tab’s icon is a PNG on every page (an SVG icon is drawn on the main thread at each change of address)', async ({
  page,
}) => {
  for (const path of ['/auth', '/']) {
    await page.goto(path);
    const icons = page.locator('link[rel="icon"]');
    await expect(icons).toHaveCount(1);
    const href = (await icons.getAttribute('href')) ?? '';
    expect(href, path).toMatch(/\.png$/);
    const res = await page.request.get(href);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    // A real picture, 32 × 32: PNG's signature, then the IHDR chunk's width and height.
    const body = await res.body();
    expect(body.subarray(1, 4).toString()).toBe('PNG');
    expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([32, 32]);
  }
});

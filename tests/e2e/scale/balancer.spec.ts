import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  type Balancer,
  freePort,
  freshDatabase,
  haproxyPath,
  type Instance,
  postgresAnswers,
  redisAnswers,
  serverScript,
  startHaproxy,
  startInstance,
  stop,
} from '../../support/cluster.ts';
import { apiAs, newPortfolio } from '../../support/production.ts';
import { demo, signIn, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

/**
 * Scale-out, proven on this machine (issue 14): two instances of the compiled server on one fresh PostgreSQL
 * database and one Redis, behind Debian's HAProxy configured as deploy/haproxy.cfg, driven in Chromium through
 * the balancer's URL only. Then one instance is restarted (SIGTERM, exit, start again on its port) while a loop
 * of API requests and the open pages keep going, and nothing anyone did is lost.
 *
 * PostgreSQL and Redis only: `npm test` runs it in its e2e-pg suite (E2E_SCALE=1 with E2E_DATABASE_URL and
 * E2E_REDIS_URL); by hand, `E2E_SCALE=1 E2E_DATABASE_URL=… E2E_REDIS_URL=… npx playwright test e2e/scale`.
 * Without E2E_SCALE this file defines no test (the PGlite e2e suite). A database, Redis or HAProxy that does not
 * answer fails it in CI.
 */
const databaseUrl = process.env.E2E_SCALE === '1' ? process.env.E2E_DATABASE_URL : undefined;
const redisUrl = process.env.E2E_REDIS_URL ?? '';
const inCi = process.env.CI === 'true';

// A valid 40×20 PNG padded to 256 KB (bytes after IEND are ignored by decoders), so the upload takes a while.
const png = Buffer.concat([
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAJElEQVR4nGP4cMJmQBDDqMWjFo9aPGrxqMWjFo9aPGrxyLEYAC3nGtu2GeJfAAAAAElFTkSuQmCC',
    'base64',
  ),
  Buffer.alloc(256 * 1024, 7),
]);

interface Outcome {
  i: number;
  kind: 'read' | 'write';
  /** The phase of the restart when the request was sent. */
  phase: Phase;
  /** HTTP status, or 0 when no answer came at all. */
  status: number;
  /** The instance that answered, from the balancer's cookie. */
  server?: string;
  title?: string;
  error?: string;
}
type Phase = 'before' | 'stopping' | 'down' | 'starting' | 'back';
interface LoadState {
  phase: Phase;
  /** Requests sent when the restarted instance was back in the balancer. */
  backSince: number;
  sent: number;
  inFlight: number;
  /** Set when the test ends early: the loop stops. */
  stopped: boolean;
}

if (databaseUrl) {
  test.describe('two instances behind HAProxy', { tag: '@pg' }, () => {
    const names = ['app1', 'app2'] as const;
    const instances: Instance[] = [];
    /** Instances stopped by the test, kept for their output. */
    const retired: Instance[] = [];
    let balancer: Balancer | undefined;
    let dataDir = '';
    let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
    let instanceEnv: Record<string, string> = {};
    const ports: Record<string, number> = {};

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      const missing: string[] = [];
      if (!(await postgresAnswers(databaseUrl))) missing.push(`PostgreSQL (${databaseUrl})`);
      if (!redisUrl) missing.push('E2E_REDIS_URL');
      else if (!(await redisAnswers(redisUrl))) missing.push(`Redis (${redisUrl})`);
      if (!existsSync(haproxyPath)) missing.push(`${haproxyPath} (apt-get install haproxy)`);
      if (missing.length && inCi) throw new Error(`No responde o falta: ${missing.join(', ')}`);
      test.skip(missing.length > 0, `No responde o falta: ${missing.join(', ')}`);
      expect(existsSync(serverScript), `${serverScript}: ejecuta npm run build`).toBe(true);

      database = await freshDatabase(databaseUrl, 'crw_lb');
      // One DATA_DIR for both: the local storage driver keeps uploads in DATA_DIR/uploads, and a file sent
      // through one instance is read through the other. PGlite (and its lock on DATA_DIR) is not used with
      // DATABASE_URL.
      dataDir = mkdtempSync(join(tmpdir(), 'crw-lb-'));
      const balancerPort = await freePort();
      const statsPort = await freePort();
      for (const name of names) ports[name] = await freePort();
      instanceEnv = {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT: '1000',
        TRUST_PROXY: '1',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
      };
      // The demo is seeded by the first instance alone, before the second starts (two seeds would race).
      instances.push(await startInstance({ name: 'app1', port: ports.app1!, env: instanceEnv, demo: true }));
      instances.push(await startInstance({ name: 'app2', port: ports.app2!, env: instanceEnv }));
      balancer = await startHaproxy({
        dir: dataDir,
        port: balancerPort,
        statsPort,
        servers: names.map((name) => ({ name, port: ports[name]! })),
      });
    });

    // What the balancer and the instances printed, beside the test's results (kept on failure).
    test.afterEach(async ({ browserName: _ }, testInfo) => {
      const logs = [
        ...(balancer ? [{ name: 'haproxy', output: balancer.output() }] : []),
        ...retired.map((i) => ({ name: `${i.name}-stopped`, output: i.output() })),
        ...instances,
      ];
      for (const { name, output } of logs) {
        const path = testInfo.outputPath(`${name}.log`);
        writeFileSync(path, typeof output === 'function' ? output() : output);
        await testInfo.attach(`${name}.log`, { path, contentType: 'text/plain' });
      }
    });

    test.afterAll(async () => {
      const ends = await Promise.all([
        ...(balancer ? [stop(balancer, 'SIGTERM', 5_000)] : []),
        ...instances.map((i) => stop(i, 'SIGTERM', 10_000)),
      ]);
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      expect(
        ends.filter((e) => e.killed),
        'every process ended on SIGTERM',
      ).toEqual([]);
    });

    test('sign-in, live notifications, an upload and review decisions through the balancer; one instance restarted under load loses nothing', async ({
      browser,
      playwright,
    }, testInfo) => {
      test.setTimeout(180_000);
      const lb = balancer!;
      await testInfo.attach('haproxy.cfg', { path: join(dataDir, 'haproxy.cfg'), contentType: 'text/plain' });
      const api = await playwright.request.newContext({ baseURL: lb.url });
      const employeeApi = await apiAs(api, 'employee');
      const portfolios = await employeeApi.call('get', '/portfolios');
      const aurora = (portfolios as Array<{ _id: string; identifier: string }>).find(
        (p) => p.identifier === 'cafe-aurora',
      );
      expect(aurora, 'the demo portfolio Café Aurora').toBeTruthy();
      const portfolioId = aurora!._id;
      const title = `Reel tras el balanceador ${Date.now()}`;

      // --- Sign-in, three people in three browsers, all through the balancer.
      const employee = await open(browser, lb.url);
      const sockets = await watchSockets(employee);
      await signIn(employee, 'employee');
      const admin = await open(browser, lb.url);
      await signIn(admin, 'admin');
      const client = await open(browser, lb.url, { width: 390, height: 844 });
      const clientSockets = await watchSockets(client);
      await signIn(client, 'client');
      await expect(client.getByTestId('notification-badge')).toHaveCount(0);

      // --- The employee makes an item and uploads a file to its material: the progress reaches done.
      await employee.goto(`/portfolios/${portfolioId}/production`);
      await employee.getByRole('button', { name: 'Nueva pieza' }).click();
      await employee.getByLabel('Título').fill(title);
      await employee.getByRole('button', { name: 'Crear pieza' }).click();
      await expect(toast(employee, 'Pieza creada')).toBeVisible();
      await expect(employee).toHaveURL(/item=/);
      const itemId = new URL(employee.url()).searchParams.get('item')!;
      const drawer = employee.getByRole('dialog', { name: title });
      await drawer.getByRole('tab', { name: 'Detalles' }).click();
      // The material is saved once the bytes are up: held back until the progress bar has shown 100 %.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await employee.route('**/api/production/items/*/update-material', async (route) => {
        await held;
        await route.continue();
      });
      await drawer
        .locator('input[type=file]')
        .setInputFiles({ name: 'portada.png', mimeType: 'image/png', buffer: png });
      const progress = drawer.getByRole('progressbar', { name: 'Progreso de subida de portada.png' });
      await expect(progress).toHaveAttribute('aria-valuenow', '100');
      release();
      await expect(toast(employee, 'portada.png subido')).toBeVisible();
      await expect(progress).toHaveCount(0);
      await expect(drawer.getByRole('listitem').filter({ hasText: 'portada.png' })).toBeVisible();
      await employee.unroute('**/api/production/items/*/update-material');
      await drawer.getByRole('button', { name: 'Enviar a revisión interna' }).click();
      await employee
        .getByRole('dialog', { name: 'Enviar a revisión interna' })
        .getByLabel('Descripción del cambio')
        .fill('Primera propuesta');
      await employee.getByRole('button', { name: 'Confirmar' }).click();
      await expect(toast(employee, 'Enviada a revisión interna')).toBeVisible();

      // --- The admin approves it for the client; the client's bell rings live, and the client approves it.
      await admin.goto(`/portfolios/${portfolioId}/review`);
      const internalQueue = admin.getByRole('region', { name: /Revisión interna/ });
      await internalQueue.getByRole('button', { name: new RegExp(title) }).click();
      await expect(admin.getByRole('heading', { name: title, level: 2 })).toBeVisible();
      await admin.getByRole('button', { name: 'Aprobar para cliente' }).click();
      await admin
        .getByRole('dialog', { name: 'Aprobar para cliente' })
        .getByRole('button', { name: 'Confirmar' })
        .click();
      await expect(toast(admin, 'Enviada al cliente')).toBeVisible();

      // Should the bell stay silent, the report says what the client's sockets saw (issue 33's flake of one run).
      await expect(client.getByTestId('notification-badge'))
        .toHaveText('1')
        .catch(async (error: Error) => {
          await testInfo.attach('client-sockets.json', {
            body: JSON.stringify(
              { instance: await serverOf(client), sockets: clientSockets.describe() },
              null,
              2,
            ),
            contentType: 'application/json',
          });
          throw error;
        });
      await client.getByRole('button', { name: /^Notificaciones/ }).click();
      await client
        .getByRole('region', { name: 'Notificaciones', exact: true })
        .getByText(`«${title}» espera tu revisión`)
        .click();
      await expect(client).toHaveURL(new RegExp(`/portfolios/${portfolioId}/review\\?item=${itemId}`));
      await expect(client.getByRole('heading', { name: title, level: 2 })).toBeVisible();
      await client.getByRole('region', { name: 'Decisión' }).getByRole('button', { name: 'Aprobar' }).click();
      await client
        .getByRole('dialog', { name: 'Aprobar' })
        .getByRole('button', { name: 'Confirmar' })
        .click();
      await expect(toast(client, 'Pieza aprobada')).toBeVisible();

      // The employee (the piece's author), who has not touched the page, is told live twice (it went to the
      // client; the client approved it); after a reload the board shows the item approved. (The open board's own live refresh is the production spec's; through the balancer it once
      // in eight runs reloaded too early and kept the older column, an open question noted for the next issue.)
      await employee.keyboard.press('Escape');
      await expect(drawer).toHaveCount(0);
      await expect(employee.getByTestId('notification-badge')).toHaveText('2');
      await employee.reload();
      await expect(
        employee.getByRole('group', { name: /^Aprobado/ }).getByRole('button', { name: new RegExp(title) }),
      ).toBeVisible();
      await employee.getByRole('button', { name: /^Notificaciones/ }).click();
      const panel = employee.getByRole('region', { name: 'Notificaciones', exact: true });
      await expect(panel.getByText(`El cliente aprobó «${title}»`)).toBeVisible();
      await expect(panel.getByText(`«${title}» se aprobó y se envió al cliente`)).toBeVisible();
      await panel.getByRole('button', { name: 'Marcar todas como leídas' }).click();
      await expect(employee.getByTestId('notification-badge')).toHaveCount(0);
      await employee.getByRole('button', { name: 'Cerrar', exact: true }).first().click();
      await expect(panel).toHaveCount(0);

      // --- Restart, under load, the instance the employee's browser (page and socket) is on.
      const victimName = await serverOf(employee);
      const victimIndex = instances.findIndex((i) => i.name === victimName);
      expect(victimIndex, `the employee's instance (${victimName})`).toBeGreaterThanOrEqual(0);
      expect(sockets.connected(0)).toBe(true);

      const loadPortfolio = await newPortfolio(api);
      const loadCycle = await employeeApi.call('post', `/production/portfolios/${loadPortfolio}/start`, {
        cycleDuration: 14,
      });
      const token = await tokenOf(lb.url, 'employee');
      const state: LoadState = {
        phase: 'before',
        backSince: Number.POSITIVE_INFINITY,
        sent: 0,
        inFlight: 0,
        stopped: false,
      };
      const loop = load(lb.url, token, loadCycle._id as string, state);
      let sigtermAt = 0;
      let inFlightAtSigterm = 0;
      let ended: Awaited<ReturnType<typeof stop>> = { code: null, ms: 0, killed: false };
      try {
        await expect.poll(() => state.sent, { timeout: 20_000 }).toBeGreaterThanOrEqual(40);
        state.phase = 'stopping';
        sigtermAt = Date.now();
        inFlightAtSigterm = state.inFlight;
        ended = await stop(instances[victimIndex]!, 'SIGTERM', 10_000);
        // Soft: the rest of the restart is still checked (and reported) when the exit itself goes wrong.
        expect
          .soft(ended, `${victimName} after SIGTERM: exit 0 within 10 s`)
          .toMatchObject({ code: 0, killed: false });
        expect.soft(ended.ms).toBeLessThan(10_000);
        state.phase = 'down';
        // Its browser socket was dropped as a lost connection and is back, through the balancer, on the other one.
        await expect
          .poll(() => sockets.connected(sigtermAt), {
            timeout: 20_000,
            message: `sockets ${JSON.stringify({ sigterm: new Date(sigtermAt).toISOString(), seen: sockets.describe() })}`,
          })
          .toBe(true);
        state.phase = 'starting';
        retired.push(instances[victimIndex]!);
        instances[victimIndex] = await startInstance({
          name: victimName,
          port: ports[victimName]!,
          env: instanceEnv,
        });
        await lb.serversAre('UP', [...names]);
        state.phase = 'back';
        state.backSince = state.sent;
      } finally {
        // A check that failed on the way must not leave the loop running.
        if (state.phase !== 'back') state.stopped = true;
      }
      const outcomes = await loop;
      const servers = await lb.servers();
      const summary = { ...summarise(outcomes, servers), stop: ended, inFlightAtSigterm };
      await testInfo.attach('restart-under-load.json', {
        body: JSON.stringify({ summary, outcomes }, null, 2),
        contentType: 'application/json',
      });
      console.log(`restart under load: ${JSON.stringify(summary)}`);

      // The loop ran across the whole restart, and both instances answered it before and after.
      for (const phase of ['before', 'down', 'starting', 'back'] as const)
        expect(summary.byPhase[phase]?.sent ?? 0, `requests sent while ${phase}`).toBeGreaterThan(0);
      expect(summary.servedBy.before).toEqual(expect.arrayContaining([...names]));
      expect(summary.servedBy.back).toEqual(expect.arrayContaining([...names]));
      // Every request was answered, and successfully, with one exception: a request that reached the stopping
      // instance over a kept-alive connection after SIGTERM is refused by it (Fastify's 503 while closing, before
      // any handler runs), and HAProxy, whose `retries` + `redispatch` retry only failed connections, passes that
      // 503 on. Everything sent to it once it stopped listening was redispatched to the other instance.
      const refusedWhileClosing = (o: Outcome) =>
        o.status === 503 && o.phase === 'stopping' && o.server === victimName;
      expect(outcomes.filter((o) => (o.status < 200 || o.status >= 300) && !refusedWhileClosing(o))).toEqual(
        [],
      );

      // Writes: each one answered 2xx exists exactly once; one that was refused does not exist.
      const titles = await listTitles(employeeApi.call, loadCycle._id as string);
      for (const o of outcomes.filter((x) => x.kind === 'write')) {
        const copies = titles.filter((t) => t === o.title).length;
        expect(copies, `${o.title} (${o.status})`).toBe(o.status >= 200 && o.status < 300 ? 1 : 0);
      }

      // --- After the restart: a new notification reaches the open page live, over the new socket.
      await admin.goto('/admin/notify');
      await admin.getByRole('checkbox', { name: 'Empleados' }).click();
      await admin.getByLabel('Título').fill('Tras el reinicio');
      await admin.getByLabel('Mensaje').fill('Seguimos conectados');
      await admin.getByRole('button', { name: 'Enviar notificación' }).click();
      await expect(admin.getByText(/Notificación enviada a \d+ personas?/).first()).toBeVisible();
      await expect(employee.getByTestId('notification-badge')).toHaveText('1');
      expect(sockets.received(sigtermAt, 'Seguimos conectados'), 'pushed over the reconnected socket').toBe(
        true,
      );
      await employee.getByRole('button', { name: /^Notificaciones/ }).click();
      await expect(panel.getByText('Seguimos conectados')).toBeVisible();

      // --- Everything done before is still there after a reload: the upload and the decisions.
      await employee.goto(`/portfolios/${portfolioId}/production?item=${itemId}`);
      await expect(drawer.getByText('Aprobado').first()).toBeVisible();
      await drawer.getByRole('tab', { name: 'Detalles' }).click();
      await expect(drawer.getByRole('listitem').filter({ hasText: 'portada.png' })).toBeVisible();
      await drawer.getByRole('tab', { name: 'Historial' }).click();
      await expect(drawer.getByText('El cliente aprobó')).toBeVisible();
      // The client, on the item: approved (no decision left to take), with the file that was uploaded.
      await client.goto(`/portfolios/${portfolioId}/review?item=${itemId}`);
      const reviewed = client.getByRole('article', { name: title });
      await expect(reviewed.getByText('Aprobado').first()).toBeVisible();
      await expect(
        reviewed.getByRole('region', { name: 'Archivos' }).getByText('portada.png').first(),
      ).toBeVisible();
      await expect(reviewed.getByRole('region', { name: 'Decisión' })).toHaveCount(0);

      // The file itself, read through the balancer from both instances (one uploads folder).
      const item = await employeeApi.call('get', `/production/items/${itemId}`);
      const file = (item.materialData.files as Array<{ s3Key: string; fileName: string }>).find(
        (f) => f.fileName === 'portada.png',
      )!;
      const signed = await employeeApi.call(
        'get',
        `/production/items/${itemId}/download-url?s3Key=${encodeURIComponent(file.s3Key)}`,
      );
      const readers = new Set<string>();
      for (let n = 0; n < 4; n++) {
        const res = await fetch(new URL(signed.url, lb.url));
        expect(res.status).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
        readers.add(cookieServer(res) ?? '?');
      }
      expect([...readers].sort()).toEqual([...names]);
      await api.dispose();
    });
  });
}

async function open(browser: Browser, baseURL: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    // The upload's route must see the page's requests: no service worker (support/test.ts, refuseRoutes).
    serviceWorkers: 'block',
  });
  return context.newPage();
}

/** The instance the balancer pinned this browser to (its `crw_srv` cookie). */
async function serverOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'crw_srv');
  expect(cookie, 'the balancer cookie').toBeTruthy();
  return cookie!.value;
}

/** The instance that answered a request without the cookie: the balancer inserts it in the answer. */
function cookieServer(res: Response): string | undefined {
  for (const c of res.headers.getSetCookie()) {
    const m = /^crw_srv=([^;]+)/.exec(c);
    if (m) return m[1];
  }
  return undefined;
}

/**
 * The page's socket.io WebSockets as Chromium reports them (DevTools protocol: Playwright's `websocket` event
 * missed the reconnection's socket here): when each opened, what it received, whether it closed.
 */
async function watchSockets(page: Page) {
  const seen = new Map<string, { at: number; frames: string[]; closed: boolean }>();
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.webSocketCreated', ({ requestId, url }) => {
    if (url.includes('/socket.io/')) seen.set(requestId, { at: Date.now(), frames: [], closed: false });
  });
  cdp.on('Network.webSocketFrameReceived', ({ requestId, response }) => {
    seen.get(requestId)?.frames.push(response.payloadData);
  });
  cdp.on('Network.webSocketClosed', ({ requestId }) => {
    const entry = seen.get(requestId);
    if (entry) entry.closed = true;
  });
  await cdp.send('Network.enable');
  const all = () => [...seen.values()];
  const since = (at: number) => all().filter((s) => s.at >= at);
  return {
    /** What was seen, for a failure's report. */
    describe: () =>
      all().map((s) => ({
        at: new Date(s.at).toISOString(),
        closed: s.closed,
        frames: s.frames.slice(0, 3),
      })),
    /**
     * The socket that was open at `at` has closed, and one opened since is open and connected (socket.io's
     * CONNECT answer, `40`).
     */
    connected: (at: number) =>
      all()
        .filter((s) => s.at < at)
        .at(-1)?.closed !== false &&
      since(at).some((s) => !s.closed && s.frames.some((f) => f.startsWith('40'))),
    /** A socket opened since `at` received a notification containing `text`. */
    received: (at: number, text: string) =>
      since(at).some((s) => s.frames.some((f) => f.startsWith('42["notification:new"') && f.includes(text))),
  };
}

async function tokenOf(baseUrl: string, role: keyof typeof demo): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demo[role]),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/**
 * The load: three workers send API requests through the balancer with the employee's token, without its
 * cookie (so round robin spreads them), reads and one write in five (a new item with a unique title). They
 * go on until the restarted instance is back and has had 40 more requests, at least 200 in all and never
 * more than 2,000.
 */
async function load(baseUrl: string, token: string, cycleId: string, state: LoadState) {
  const outcomes: Outcome[] = [];
  const reads = [
    '/api/auth/me',
    '/api/notifications?limit=10',
    `/api/production/cycles/${cycleId}/items?limit=5`,
    '/api/portfolios',
  ];
  const next = () => {
    const i = state.sent;
    if (state.stopped || i >= 2_000 || (i >= 200 && i - state.backSince >= 40)) return undefined;
    state.sent++;
    return i;
  };
  const worker = async () => {
    for (let i = next(); i !== undefined; i = next()) {
      const write = i % 5 === 4;
      const o: Outcome = { i, kind: write ? 'write' : 'read', phase: state.phase, status: 0 };
      if (write) o.title = `Carga ${i}`;
      state.inFlight++;
      try {
        const res = write
          ? await fetch(`${baseUrl}/api/production/cycles/${cycleId}/items`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ title: o.title }),
            })
          : await fetch(`${baseUrl}${reads[i % reads.length]}`, {
              headers: { authorization: `Bearer ${token}` },
            });
        o.status = res.status;
        o.server = cookieServer(res);
        if (res.status >= 300) o.error = (await res.text()).slice(0, 300);
        else await res.arrayBuffer();
      } catch (error) {
        o.error = String((error as Error).cause ?? error);
      } finally {
        state.inFlight--;
      }
      outcomes.push(o);
      // A steady load rather than a flood: this machine has two cores and runs the browser too.
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return outcomes.sort((a, b) => a.i - b.i);
}

function summarise(
  outcomes: Outcome[],
  servers: Record<string, { status: string; retries: number; redispatches: number; '5xx': number }>,
) {
  const byPhase: Record<string, { sent: number; statuses: Record<number, number> }> = {};
  const servedBy: Record<string, string[]> = {};
  for (const o of outcomes) {
    byPhase[o.phase] ??= { sent: 0, statuses: {} };
    const p = byPhase[o.phase]!;
    p.sent++;
    p.statuses[o.status] = (p.statuses[o.status] ?? 0) + 1;
    servedBy[o.phase] ??= [];
    const s = servedBy[o.phase]!;
    if (o.server && !s.includes(o.server)) s.push(o.server);
  }
  return { requests: outcomes.length, byPhase, servedBy, haproxy: servers };
}

async function listTitles(
  call: (m: 'get', url: string) => Promise<{ items: { title: string }[]; total: number }>,
  cycleId: string,
) {
  const titles: string[] = [];
  for (let page = 1; ; page++) {
    const res = await call('get', `/production/cycles/${cycleId}/items?limit=100&page=${page}`);
    titles.push(...res.items.map((i) => i.title));
    if (res.items.length === 0 || titles.length >= res.total) return titles;
  }
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, type Instance, startInstance, stop } from '../../support/cluster.ts';
import { apiAs, newItem } from '../../support/production.ts';
import { signIn, toast } from '../../support/session.ts';
import { e2eServerEnv, expect, test } from '../../support/test.ts';

/**
 * Issue 49, point 6: the server stopped and started again with a save in between. A server of its own (its own
 * port and data folder, PGlite), so that stopping it touches no other spec; started again on the same port and
 * data, as an operator's restart would. A reload while it is down shows the app's own offline page, served by the
 * service worker, which opens the same piece by itself once the server is back.
 */
const own = test.extend<object, { own: { port: number; dataDir: string; server: { current: Instance } } }>({
  own: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern (none).
    async ({}, use) => {
      const port = await freePort();
      const dataDir = mkdtempSync(join(tmpdir(), 'crw-e2e-conn-'));
      const server = { current: await start(port, dataDir) };
      await use({ port, dataDir, server });
      await stop(server.current);
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ own }, use) => use(`http://127.0.0.1:${own.port}`),
});

const start = (port: number, dataDir: string) =>
  startInstance({
    name: 'servidor que se detiene',
    port,
    demo: true,
    env: { ...e2eServerEnv(dataDir), DATABASE_URL: '', REDIS_URL: '' },
  });

const LOST = 'Sin conexión con el servidor. Reintentando…';

own(
  'the server goes away: the bar says so within 3 s, a save waits and lands once',
  async ({ page, request, own }) => {
    test.setTimeout(120_000);
    const { portfolioId, item } = await newItem(request, 'Pieza sin conexión');
    const employee = await apiAs(request, 'employee');
    await signIn(page, 'employee');
    await page.goto(`/portfolios/${portfolioId}/production?item=${item._id}`);
    const drawer = page.getByRole('dialog', { name: 'Pieza sin conexión' });
    await expect(drawer).toBeVisible();
    const bar = page.getByRole('status').filter({ hasText: LOST });
    await expect(bar).toHaveCount(0);

    await stop(own.server.current);
    const gone = Date.now();
    await expect(bar).toBeVisible({ timeout: 3_000 });
    console.log(`barra visible ${Date.now() - gone} ms después de parar el servidor`);

    // A save made meanwhile waits: no error, what was typed stays.
    await drawer.getByRole('button', { name: 'Editar título y descripción' }).click();
    await drawer.getByLabel('Descripción').fill('Escrito sin conexión');
    await drawer.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.waitForTimeout(1_500);
    await expect(drawer.getByText('Error al guardar la pieza')).toHaveCount(0);
    await expect(drawer.getByLabel('Descripción')).toHaveValue('Escrito sin conexión');
    await expect(bar).toBeVisible();

    own.server.current = await start(own.port, own.dataDir);
    await expect(toast(page, 'Conexión restablecida')).toBeVisible();
    await expect(bar).toHaveCount(0);
    // Saved, the fields close and the piece reads what was written.
    await expect(drawer.getByRole('textbox', { name: 'Descripción' })).toHaveCount(0);
    await expect(drawer.getByText('Escrito sin conexión')).toBeVisible();

    // Exactly once: one change on top of the version it was made over.
    const saved = await employee.call('get', `/production/items/${item._id}`);
    expect(saved.description).toBe('Escrito sin conexión');
    expect(saved.version).toBe(item.version + 1);
  },
);

own(
  'a reload while the server is down shows the app’s own offline page, which opens the piece once it is back',
  async ({ page, request, own }) => {
    test.setTimeout(120_000);
    const { portfolioId, item } = await newItem(request, 'Pieza recargada sin conexión');
    await signIn(page, 'employee');
    const address = `/portfolios/${portfolioId}/production?item=${item._id}`;
    await page.goto(address);
    await expect(page.getByRole('dialog', { name: 'Pieza recargada sin conexión' })).toBeVisible();
    // The worker controls the page and keeps the offline page (it does from its install on).
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect
      .poll(() => page.evaluate(() => caches.match('/offline.html').then((r) => r?.status ?? 0)))
      .toBe(200);

    await stop(own.server.current);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sin conexión con el servidor', level: 1 })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('Reintentando…');
    const retry = page.getByRole('link', { name: 'Reintentar' });
    await expect(retry).toBeVisible();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(address);
    // A phone: the page fits, its link is a real target.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = (await retry.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
    await page.screenshot({ path: '/tmp/offline-page-390.png' });
    // «Reintentar» while still down: the same page again, not the browser's error.
    await retry.click();
    await expect(page.getByRole('heading', { name: 'Sin conexión con el servidor', level: 1 })).toBeVisible();

    // Back: the page asks again by itself (every 5 s) and the piece that was asked for opens.
    own.server.current = await start(own.port, own.dataDir);
    await expect(page.getByRole('dialog', { name: 'Pieza recargada sin conexión' })).toBeVisible({
      timeout: 20_000,
    });
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(address);
  },
);

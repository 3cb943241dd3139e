import type { Page } from '@playwright/test';
import { signIn, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';
import { apiAs, expectAxeClean, expectNoHorizontalScroll, open, unique } from './helpers.ts';

// Its routes must see the page's requests: the service worker is blocked (support/test.ts, refuseRoutes).
test.use({ serviceWorkers: 'block' });

const available = (page: Page) => page.getByText('Disponible', { exact: true });
const taken = (page: Page) => page.getByText('No disponible', { exact: true });

/** An identifier that is already in use, made through the API. */
let takenId: string;
test.beforeAll(async ({ request }) => {
  const { call } = await apiAs(request, 'employee');
  takenId = unique('ocupado');
  await call('post', '/portfolios', { identifier: takenId, accountData: { businessName: 'Ya existe' } });
});

test('an employee creates a portfolio from "Crear Nuevo": the identifier is checked while typing, and the new portfolio opens active', async ({
  page,
  request,
}) => {
  await signIn(page, 'employee');
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await nav.getByRole('link', { name: 'Crear Nuevo' }).click();
  await expect(page).toHaveURL(/\/portfolios\/create$/);
  await expect(page.getByRole('heading', { name: 'Crear portafolio', level: 1 })).toBeVisible();

  // The identifier follows the name as a lowercase slug, and is free.
  const stamp = Date.now().toString(36);
  const name = `Café Ñandú ${stamp}`;
  await page.getByLabel('Nombre del negocio').fill(name);
  const identifier = page.getByLabel('Identificador', { exact: true });
  await expect(identifier).toHaveValue(`cafe-nandu-${stamp}`);
  await expect(available(page)).toBeVisible();

  // A taken identifier says so as it is typed, and the form refuses it.
  await identifier.fill(takenId);
  await expect(taken(page)).toBeVisible();
  await page.getByRole('button', { name: 'Crear portafolio' }).click();
  await expect(page.getByText('Ese identificador ya está en uso: elige otro')).toBeVisible();
  await expect(page).toHaveURL(/\/portfolios\/create$/);

  // Edited by hand, the identifier no longer follows the name; capitals become lowercase as typed.
  const chosen = `Cafe-Aurora-${stamp}`;
  await identifier.fill(chosen);
  await expect(identifier).toHaveValue(chosen.toLowerCase());
  await expect(available(page)).toBeVisible();
  await expect(page.getByText('Ese identificador ya está en uso: elige otro')).toHaveCount(0);
  await page.getByLabel('Nombre del negocio').fill(`${name} y Compañía`);
  await expect(identifier).toHaveValue(chosen.toLowerCase());

  // Tag inputs: Enter and comma add, duplicates are refused, Backspace and × remove.
  const pilares = page.getByLabel('Pilares de contenido');
  await pilares.fill('Origen');
  await pilares.press('Enter');
  await pilares.fill('Comunidad');
  await pilares.press(',');
  await pilares.fill('origen');
  await pilares.press('Enter');
  await expect(page.getByText('«Origen» ya está en la lista')).toBeAttached();
  await pilares.fill('Temporada');
  await pilares.press('Enter');
  await pilares.press('Backspace');
  await expect(page.getByRole('button', { name: 'Quitar Temporada' })).toHaveCount(0);
  const angulos = page.getByLabel('Ángulos de venta');
  await angulos.fill('Precio, Calidad, Cercanía,');
  await page.getByRole('button', { name: 'Quitar Calidad' }).click();
  await expect(angulos).toBeFocused();
  const formatos = page.getByLabel('Formatos creativos');
  await formatos.fill('Reel');
  await formatos.press('Enter');

  await page.getByRole('button', { name: 'Crear portafolio' }).click();
  await expect(toast(page, `Portafolio «${name} y Compañía» creado`)).toBeVisible();
  await expect(page).toHaveURL(/\/portfolios\/[^/]+\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard del portafolio' })).toBeVisible();
  const id = page.url().split('/')[4] as string;

  // It is the active portfolio: the breadcrumb names it and it is remembered.
  const crumbs = page.getByRole('navigation', { name: 'Ruta de navegación' });
  await expect(crumbs.getByText(`${name} y Compañía`)).toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => localStorage.getItem('activePortfolioId'))).toBe(id);

  const { call } = await apiAs(request, 'employee');
  const saved = await call('get', `/portfolios/${id}`);
  expect(saved.identifier).toBe(chosen.toLowerCase());
  expect(saved.productionCycleData).toEqual({
    pilaresContenido: ['Origen', 'Comunidad'],
    angulosVenta: ['Precio', 'Cercanía'],
    formatosCreativos: ['Reel'],
  });
});

test('an older availability answer never overwrites a newer one', async ({ page }) => {
  await signIn(page, 'employee');
  await page.goto('/portfolios/create');
  const identifier = page.getByLabel('Identificador', { exact: true });

  // The answer about the taken identifier is held back until the newer one has been shown.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let delivered!: () => void;
  const slowDone = new Promise<void>((resolve) => {
    delivered = resolve;
  });
  await page.route(`**/api/portfolios/check-identifier/${takenId}`, async (route) => {
    const response = await route.fetch();
    await gate;
    // The page may have aborted it already: that is the point.
    await route.fulfill({ response }).catch(() => undefined);
    delivered();
  });

  const slowAsked = page.waitForRequest(`**/api/portfolios/check-identifier/${takenId}`);
  await identifier.fill(takenId);
  await slowAsked;
  await expect(page.getByText('Comprobando disponibilidad…')).toBeVisible();
  await identifier.fill(unique('libre'));
  await expect(available(page)).toBeVisible();

  release();
  await slowDone;
  // Whatever arrived late, the line still speaks of the identifier in the box.
  await page.getByLabel('Nombre del negocio').focus();
  await expect(available(page)).toBeVisible();
  await expect(taken(page)).toHaveCount(0);
});

test('a client reaches neither creation nor portfolio settings', async ({ page, request }) => {
  const { call } = await apiAs(request, 'client');
  const mine = (await call('get', '/portfolios')) as Array<{ _id: string }>;
  expect(mine.length).toBeGreaterThan(0);
  await signIn(page, 'client');
  for (const url of ['/portfolios/create', `/portfolios/${mine[0]!._id}/settings/general`]) {
    await page.goto(url);
    await expect(page).not.toHaveURL(new RegExp(`${url}$`));
    await expect(page.getByRole('heading', { name: 'Crear portafolio' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Configuración del portafolio' })).toHaveCount(0);
  }
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(nav.getByRole('link', { name: 'Crear Nuevo' })).toHaveCount(0);
});

for (const width of [1280, 390]) {
  test(`the creation form is axe-clean, fits and is usable by keyboard at ${width} px`, async ({
    browser,
  }) => {
    const page = await open(browser, 'employee', width);
    await page.goto('/portfolios/create');
    await expect(page.getByRole('heading', { name: 'Crear portafolio', level: 1 })).toBeVisible();

    // Keyboard only: the name, then Tab to the identifier, then to the first list.
    await page.getByLabel('Nombre del negocio').focus();
    await page.keyboard.type('Librería Río');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Identificador', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Identificador', { exact: true })).toHaveValue('libreria-rio');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Pilares de contenido')).toBeFocused();
    await page.keyboard.type('Novedades');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Quitar Novedades' })).toBeVisible();
    await expect(page.getByText(/^(No disponible|Disponible)$/)).toBeVisible();

    await expectNoHorizontalScroll(page);
    await expectAxeClean(page);
    await page.screenshot({ path: `/tmp/pw-portfolios-shots/create-${width}.png`, fullPage: true });
    await page.context().close();
  });
}

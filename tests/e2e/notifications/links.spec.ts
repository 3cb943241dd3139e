import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { archiveAllNotifications, demo, signIn, systemPill, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

/** The admin's API: grants and revokes need DELETE, which the shared helper does not offer. */
async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: demo.admin });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  return async (method: 'GET' | 'POST' | 'DELETE', url: string, data?: object) => {
    const res = await request.fetch(`/api${url}`, { method, headers, ...(data ? { data } : {}) });
    expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
}

type AdminApi = Awaited<ReturnType<typeof adminApi>>;

/** A portfolio nobody but admins can see yet, with a name and identifier of its own. */
async function unsharedPortfolio(api: AdminApi, name: string) {
  const identifier = `enlaces-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const portfolio = await api('POST', '/portfolios', {
    identifier,
    accountData: { businessName: name },
    productionCycleData: {
      pilaresContenido: ['Flores'],
      angulosVenta: ['Color'],
      formatosCreativos: ['Reel'],
    },
  });
  return { id: portfolio._id as string, identifier };
}

async function userId(api: AdminApi, email: string) {
  const found = (await api('GET', `/users/search?query=${encodeURIComponent(email)}`)) as {
    _id: string;
    email: string;
  }[];
  return found.find((u) => u.email === email)!._id;
}

async function signedIn(browser: Browser, role: 'client' | 'employee'): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  await signIn(page, role);
  return page;
}

test('a client granted a portfolio sees it at once, opens it from the bell, and is sent home when it is revoked', {
  tag: '@pg',
}, async ({ browser, request }) => {
  const api = await adminApi(request);
  const client = await signedIn(browser, 'client');
  // A client's home is its first portfolio's dashboard (spec §2); its portfolio list is the selector.
  await client.goto('/');
  await expect(client).toHaveURL(/\/portfolios\/[^/]+\/client-dashboard$/);
  const home = new URL(client.url()).pathname;
  // A clean bell: whatever the demo or earlier tests left is archived.
  await client.getByRole('button', { name: /^Notificaciones/ }).click();
  await archiveAllNotifications(client);
  await client.getByRole('button', { name: 'Cerrar', exact: true }).first().click();
  await expect(client.getByTestId('notification-badge')).toHaveCount(0);

  const name = `Floristería ${Date.now()}`;
  const portfolio = await unsharedPortfolio(api, name);
  // The expanded sidebar shows the selector (the rail shows only the active one's initials).
  await client.getByRole('button', { name: 'Expandir menú lateral' }).click();
  const selector = client.getByLabel('Portafolio activo');
  await expect(selector.locator('option', { hasText: 'Café Aurora' })).toHaveCount(1);
  await expect(selector.locator('option', { hasText: name })).toHaveCount(0);
  await api('POST', `/users/${await userId(api, demo.client.email)}/portfolio-access`, {
    portfolioId: portfolio.id,
  });

  // Without a reload: the selector lists it and the bell rings.
  await expect(selector.locator('option', { hasText: name })).toHaveCount(1);
  await expect(client.getByTestId('notification-badge')).toHaveText('1');
  await client.getByRole('button', { name: /^Notificaciones/ }).click();
  await client.getByRole('button', { name: new RegExp(`Ahora tienes acceso a «${name}»`) }).click();
  await expect(client).toHaveURL(new RegExp(`/portfolios/${portfolio.id}/client-dashboard$`));
  const crumbs = client.getByRole('navigation', { name: 'Ruta de navegación' });
  await expect(crumbs.getByText(name)).toBeVisible();
  await expect(toast(client, 'Portafolio no encontrado')).toHaveCount(0);

  // Revoked while on its screen: home (the client's first portfolio) with the warning.
  await api('DELETE', `/users/${await userId(api, demo.client.email)}/portfolio-access/${portfolio.id}`);
  // Moved without acting: the reason stays in the system pill until read (not a toast that fades).
  await expect(systemPill(client, 'Ya no tienes acceso a este portafolio')).toBeVisible();
  await expect(client).toHaveURL((url) => url.pathname === home);
  await expect(crumbs.getByText(name)).toHaveCount(0);
  // The rail may collapse meanwhile (the pointer left it, and it collapses after a delay): open it again to
  // read the selector, as often as it takes.
  const expand = client.getByRole('button', { name: 'Expandir menú lateral' });
  await expect(async () => {
    if (await expand.isVisible()) await expand.click();
    await expect(selector.locator('option', { hasText: 'Café Aurora' })).toHaveCount(1, { timeout: 1000 });
  }).toPass();
  await expect(selector.locator('option', { hasText: name })).toHaveCount(0);
  await expect(toast(client, 'Portafolio no encontrado')).toHaveCount(0);
});

test('an employee on home sees a granted portfolio appear as a card with its name and identifier', async ({
  browser,
  request,
}) => {
  const api = await adminApi(request);
  const employee = await signedIn(browser, 'employee');
  await employee.goto('/');
  await expect(employee.getByRole('heading', { level: 1 })).toBeVisible();
  const name = `Vivero ${Date.now()}`;
  const portfolio = await unsharedPortfolio(api, name);
  const card = employee.getByRole('button', { name: new RegExp(name) });
  await expect(card).toHaveCount(0);

  await api('POST', `/users/${await userId(api, demo.employee.email)}/portfolio-access`, {
    portfolioId: portfolio.id,
  });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`ID: ${portfolio.identifier}`);
  await expect(card).not.toContainText(portfolio.id);

  // Revoked while on home: the card goes, and home stays home.
  await api('DELETE', `/users/${await userId(api, demo.employee.email)}/portfolio-access/${portfolio.id}`);
  await expect(card).toHaveCount(0);
  await expect(employee).toHaveURL((url) => url.pathname === '/');
});

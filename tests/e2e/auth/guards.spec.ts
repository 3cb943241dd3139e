import { signIn, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

const staffOnly = ['/admin/users', '/portfolios/create', '/design', '/test/editor'];

test('without a session every route sends to /auth', async ({ page }) => {
  for (const path of ['/', '/settings', '/admin/users', '/portfolios/create', '/portfolios/x/review']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/auth$/);
  }
});

test('a client is sent home (and on to their dashboard) from staff and admin routes', async ({ page }) => {
  await signIn(page, 'client');
  for (const path of staffOnly) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/portfolios\/[^/]+\/client-dashboard$/);
  }
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Configuración', level: 1 })).toBeVisible();
});

test('an employee reaches staff routes but is sent home from admin routes', async ({ page }) => {
  await signIn(page, 'employee');
  for (const path of ['/admin/users', '/admin/tools', '/admin/notify']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
  }
  await page.goto('/portfolios/create');
  await expect(page.getByRole('heading', { name: 'Crear portafolio', level: 1 })).toBeVisible();
  await page.goto('/design');
  await expect(page).toHaveURL(/\/design$/);
});

test('an admin reaches the admin routes', async ({ page }) => {
  await signIn(page, 'admin');
  for (const [path, title] of [
    ['/admin/users', 'Gestión de Usuarios'],
    ['/admin/tools', 'Herramientas'],
    ['/admin/notify', 'Notificar'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 }), path).toBeVisible();
  }
});

test('an unknown portfolio id says "Portafolio no encontrado" and goes home', async ({ page }) => {
  await signIn(page, 'employee');
  await page.goto('/portfolios/no-existe/dashboard');
  await expect(toast(page, 'Portafolio no encontrado')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

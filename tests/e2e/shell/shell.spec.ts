import { signIn, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

// Its routes must see the page's requests: the service worker is blocked (support/test.ts, refuseRoutes).
test.use({ serviceWorkers: 'block' });

test('Dashboard without an active portfolio warns; picking one opens its dashboard with the breadcrumb', async ({
  page,
}) => {
  await signIn(page, 'employee');
  await page.evaluate(() => localStorage.removeItem('activePortfolioId'));
  await page.reload();
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await nav.getByRole('button', { name: 'Dashboard' }).click();
  await expect(toast(page, 'Selecciona un portafolio primero')).toBeVisible();

  await page.getByRole('button', { name: 'Expandir menú lateral' }).click();
  await page.getByLabel('Portafolio activo').selectOption({ label: 'Estudio Nube' });
  await expect(page).toHaveURL(/\/portfolios\/[^/]+\/dashboard$/);
  const crumbs = page.getByRole('navigation', { name: 'Ruta de navegación' });
  await expect(crumbs).toContainText('Inicio');
  await expect(crumbs.getByText('Estudio Nube')).toHaveAttribute('aria-current', 'page');

  const id = page.url().split('/')[4];
  await page.goto(`/portfolios/${id}/review`);
  await expect(crumbs.getByRole('link', { name: 'Estudio Nube' })).toBeVisible();
  await expect(crumbs.getByText('Revisión')).toHaveAttribute('aria-current', 'page');
});

test('a client sees "Mi Dashboard" and no production, admin or create entries', async ({ page }) => {
  await signIn(page, 'client');
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(nav.getByRole('link', { name: 'Mi Dashboard' })).toBeVisible();
  for (const label of [
    'Plan de Producción',
    'Gestión de Usuarios',
    'Herramientas',
    'Notificar',
    'Crear Nuevo',
    'Configuración del portafolio',
  ]) {
    await expect(nav.getByRole('link', { name: label })).toHaveCount(0);
  }
  await expect(nav.getByRole('link', { name: 'Configuración' })).toBeVisible();
});

test('on a phone the menu is a drawer that closes on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin');
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('link', { name: 'Notificar' }).click();
  await expect(page).toHaveURL(/\/admin\/notify$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Notificar', level: 1 })).toBeVisible();
});

test('when switching portfolio fails the selector reverts and says so', async ({ page }) => {
  await signIn(page, 'employee');
  await page.getByRole('button', { name: 'Expandir menú lateral' }).click();
  const selector = page.getByLabel('Portafolio activo');
  await selector.selectOption({ label: 'Café Aurora' });
  await expect(page).toHaveURL(/\/dashboard$/);
  const before = await selector.inputValue();
  // The server fails the next portfolio load.
  await page.route(/\/api\/portfolios\/[^/]+$/, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"message":"Error interno del servidor","code":"INTERNAL"}',
    }),
  );
  await selector.selectOption({ label: 'Estudio Nube' });
  await expect(toast(page, 'Error al cambiar de portafolio')).toBeVisible();
  await expect(selector).toHaveValue(before);
  await expect(page).toHaveURL(new RegExp(`/portfolios/${before}/dashboard$`));
});

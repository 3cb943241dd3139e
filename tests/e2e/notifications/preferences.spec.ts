import { seriousViolations } from '../../support/axe.ts';
import { apiAs, newItem } from '../../support/production.ts';
import { signIn, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

/**
 * Issue 29 in the browser: a person chooses per group and channel what reaches them (saved at once, kept after a
 * reload; no email without SMTP_URL, which the e2e server lacks), and stops following an item from its drawer.
 */
test('an employee turns «Revisiones» in the app off in /settings, and it stays off; email is off without SMTP', async ({
  page,
  request,
}) => {
  // From a known start: the same worker's server may hold an earlier run's choice.
  const employee = await apiAs(request, 'employee');
  await employee.call('put', '/notifications/preferences', { preferences: { reviews: { app: true } } });

  await signIn(page, 'employee');
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Preferencias de notificaciones' });
  await expect(section.getByRole('heading', { name: 'Notificaciones', level: 2 })).toBeVisible();
  const grid = section.getByRole('table', { name: 'Canales por tipo de aviso' });
  for (const header of ['En la app', 'Push', 'Correo'])
    await expect(grid.getByRole('columnheader', { name: header })).toBeVisible();
  for (const group of ['Revisiones', 'Comentarios y menciones', 'Tareas', 'Avisos del equipo'])
    await expect(grid.getByRole('rowheader', { name: group })).toBeVisible();

  const reviewsInApp = grid.getByRole('switch', { name: 'Revisiones en la app' });
  await expect(reviewsInApp).toBeChecked();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/notifications/preferences') && r.request().method() === 'PUT',
  );
  await reviewsInApp.click();
  await expect(reviewsInApp).not.toBeChecked();
  expect((await saved).status()).toBe(200);

  await page.reload();
  await expect(grid.getByRole('switch', { name: 'Revisiones en la app' })).not.toBeChecked();
  await expect(grid.getByRole('switch', { name: 'Revisiones por push' })).toBeEnabled();
  for (const group of ['Revisiones', 'Comentarios y menciones', 'Tareas', 'Avisos del equipo'])
    await expect(grid.getByRole('switch', { name: `${group} por correo` })).toBeDisabled();
  await expect(
    section.getByText(
      'El correo no está configurado en este servidor: pide a un administrador que configure SMTP_URL.',
    ),
  ).toBeVisible();

  // Keyboard: the switch answers Space.
  await grid.getByRole('switch', { name: 'Tareas en la app' }).focus();
  await page.keyboard.press('Space');
  await expect(grid.getByRole('switch', { name: 'Tareas en la app' })).not.toBeChecked();
  await page.keyboard.press('Space');
  await expect(grid.getByRole('switch', { name: 'Tareas en la app' })).toBeChecked();

  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/notification-preferences-1280.png', fullPage: true });

  // A phone: the grid stacks per group, nothing overflows, the switches keep their names.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(grid.getByRole('switch', { name: 'Avisos del equipo por push' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/notification-preferences-390.png', fullPage: true });

  // The demo employee is shared by the worker's later specs: «Revisiones» goes back on (quiet-loop.spec once
  // found the team's bell empty after this spec had turned it off).
  await employee.call('put', '/notifications/preferences', { preferences: { reviews: { app: true } } });
});

test('the author stops following an item from its drawer, and after a reload is offered «Seguir»', async ({
  page,
  request,
}) => {
  const title = `Reel de temporada ${Date.now() % 1_000_000}`;
  const { portfolioId, item } = await newItem(request, title);

  await signIn(page, 'employee');
  await page.goto(`/portfolios/${portfolioId}/production?item=${item._id}`);
  const drawer = page.getByRole('dialog', { name: title });
  const unfollow = drawer.getByRole('button', { name: 'Dejar de seguir' });
  await expect(unfollow).toHaveAttribute('aria-pressed', 'true');
  await expect(unfollow).toHaveAccessibleDescription(
    'Quien sigue una pieza recibe sus comentarios y decisiones',
  );
  await unfollow.click();
  await expect(toast(page, 'Ya no sigues esta pieza')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Seguir', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  await page.screenshot({ path: '/tmp/follow-drawer-1280.png' });

  await page.reload();
  const follow = drawer.getByRole('button', { name: 'Seguir', exact: true });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  await expect(toast(page, 'Sigues esta pieza')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Dejar de seguir' })).toBeVisible();
});

test.describe('with the answer held back', () => {
  // Its route must see the page's requests: the service worker is blocked (support/test.ts, refuseRoutes).
  test.use({ serviceWorkers: 'block' });

  test('on a phone the drawer keeps «Seguir»’s room while it asks: its other actions do not move when it arrives', async ({
    page,
    request,
  }) => {
    const title = `Carrusel sin saltos ${Date.now() % 1_000_000}`;
    const { portfolioId, item } = await newItem(request, title);

    await signIn(page, 'employee');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/portfolios/${portfolioId}/production`);
    const card = page.getByRole('button', { name: title }).first();
    await expect(card).toBeVisible();
    // The piece's read (which says whether the reader follows it) held back a moment, as on a slow network: the
    // drawer shows the board's copy of the piece meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = 0;
    await page.route(`**/api/production/items/${item._id}`, async (route) => {
      if (route.request().method() === 'GET') asked++;
      await held;
      await route.continue();
    });
    // No request of its own: the button waits for the piece's read.
    const own: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/following')) own.push(r.url());
    });
    await card.click();
    const drawer = page.getByRole('dialog', { name: title });
    const remove = drawer.getByRole('button', { name: 'Eliminar' });
    await expect(remove).toBeVisible();
    await expect(drawer.locator('[data-slot="follow-placeholder"]')).toBeVisible();
    const before = await remove.boundingBox();
    release();
    await expect(drawer.getByRole('button', { name: 'Dejar de seguir' })).toBeVisible();
    await expect(drawer.locator('[data-slot="follow-placeholder"]')).toHaveCount(0);
    expect(await remove.boundingBox()).toEqual(before);
    expect(asked).toBe(1);
    expect(own).toEqual([]);
  });
});

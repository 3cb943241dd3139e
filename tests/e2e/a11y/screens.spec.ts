import { seriousViolations } from '../../support/axe.ts';
import { signIn } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

test('the sign-in screen has no serious accessibility violations', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const [path, heading] of [
  ['/', 'Tus portafolios'],
  ['/settings', 'Configuración'],
  ['/admin/notify', 'Notificar'],
  ['/test/editor', 'Prueba del editor'],
] as const) {
  for (const width of [1280, 390]) {
    test(`${path} at ${width} px has no serious accessibility violations`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await signIn(page, 'admin');
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

test('the notification panel open has no serious accessibility violations', async ({ page }) => {
  await signIn(page, 'employee');
  await page.getByRole('button', { name: /^Notificaciones/ }).click();
  await expect(page.getByRole('region', { name: 'Notificaciones', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const width of [1280, 390]) {
  test(`the production plan (board, table, calendar, item drawer) at ${width} px has no serious accessibility violations`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await signIn(page, 'employee');
    // The demo portfolio with a current cycle and items.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const portfolios = await (
      await page.request.get('/api/portfolios', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const cafe = portfolios.find(
      (p: { accountData: { businessName: string } }) => p.accountData.businessName === 'Café Aurora',
    );
    const base = `/portfolios/${cafe._id}/production`;
    for (const view of ['board', 'table', 'calendar']) {
      await page.goto(`${base}?view=${view}`);
      await expect(page.getByRole('heading', { name: 'Plan de Producción', level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: /20|Ciclo/ }).first()).toBeVisible();
      expect(await seriousViolations(page), view).toEqual([]);
    }
    await page.goto(`${base}?view=board`);
    await page.locator('[data-board-card]').first().click();
    await expect(page.getByRole('tab', { name: 'Detalles' })).toBeVisible();
    expect(await seriousViolations(page), 'drawer').toEqual([]);
    await page.getByRole('tab', { name: 'Material' }).click();
    await expect(page.getByRole('heading', { name: 'Texto (copy)' })).toBeVisible();
    expect(await seriousViolations(page), 'material').toEqual([]);
    await page.getByRole('tab', { name: 'Comentarios' }).click();
    await expect(page.getByRole('textbox', { name: 'Nuevo comentario' })).toBeVisible();
    expect(await seriousViolations(page), 'comments').toEqual([]);
  });
}

for (const width of [1280, 390]) {
  test(`the review panel (queue and item) at ${width} px has no serious accessibility violations`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await signIn(page, 'admin');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const portfolios = await (
      await page.request.get('/api/portfolios', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const cafe = portfolios.find(
      (p: { accountData: { businessName: string } }) => p.accountData.businessName === 'Café Aurora',
    );
    await page.goto(`/portfolios/${cafe._id}/review`);
    await expect(page.getByRole('heading', { name: 'Panel de revisión', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Revisión interna/ })).toBeVisible();
    expect(await seriousViolations(page), 'queue').toEqual([]);
    // The demo has an item in internal review.
    await page.getByRole('navigation', { name: 'Revisión' }).getByRole('button').first().click();
    await expect(page.getByRole('region', { name: 'Decisión' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`review-${width}.png`), fullPage: true });
    expect(await seriousViolations(page), 'item').toEqual([]);
  });
}

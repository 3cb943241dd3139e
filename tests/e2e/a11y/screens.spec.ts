import type { Page } from '@playwright/test';
import { seriousViolations } from '../../support/axe.ts';
import { cafeAurora } from '../../support/production.ts';
import { signIn } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

test('the sign-in screen has no serious accessibility violations', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

/** Each check at 1280 px and, resized on the same screen, at 390 px: one load serves both widths. */
const widths = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
async function atBothWidths(page: Page, what: string) {
  for (const size of widths) {
    await page.setViewportSize(size);
    // What the resize changes (media queries, components that listen to them) is laid out before axe reads it.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await seriousViolations(page), `${what} at ${size.width} px`).toEqual([]);
  }
}

test('/, /settings, /admin/notify and /test/editor at 1280 and 390 px have no serious accessibility violations', async ({
  page,
}) => {
  await signIn(page, 'admin');
  for (const [path, heading] of [
    ['/', 'Tus portafolios'],
    ['/settings', 'Configuración'],
    ['/admin/notify', 'Notificar'],
    ['/test/editor', 'Prueba del editor'],
  ] as const) {
    await page.setViewportSize(widths[0]!);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await atBothWidths(page, path);
  }
});

test('the notification panel open has no serious accessibility violations', async ({ page }) => {
  await signIn(page, 'employee');
  await page.getByRole('button', { name: /^Notificaciones/ }).click();
  await expect(page.getByRole('region', { name: 'Notificaciones', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the production plan (board, table, calendar, item drawer) at 1280 and 390 px has no serious accessibility violations', async ({
  page,
}) => {
  await signIn(page, 'employee');
  const cafe = await cafeAurora(page);
  const base = `/portfolios/${cafe._id}/production`;
  for (const view of ['board', 'table', 'calendar']) {
    await page.setViewportSize(widths[0]!);
    await page.goto(`${base}?view=${view}`);
    await expect(page.getByRole('heading', { name: 'Plan de Producción', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /20|Ciclo/ }).first()).toBeVisible();
    await atBothWidths(page, view);
  }
  await page.setViewportSize(widths[0]!);
  await page.goto(`${base}?view=board`);
  await page.locator('[data-board-card]').first().click();
  await expect(page.getByRole('tab', { name: 'Detalles' })).toBeVisible();
  await atBothWidths(page, 'drawer');
  await page.getByRole('tab', { name: 'Detalles' }).click();
  await expect(page.getByRole('heading', { name: 'Texto (copy)' })).toBeVisible();
  await atBothWidths(page, 'material');
  await page.getByRole('tab', { name: 'Comentarios' }).click();
  await expect(page.getByRole('textbox', { name: 'Nuevo comentario' })).toBeVisible();
  await atBothWidths(page, 'comments');
});

test('the review panel (queue and item) at 1280 and 390 px has no serious accessibility violations', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const cafe = await cafeAurora(page);
  await page.goto(`/portfolios/${cafe._id}/review`);
  await expect(page.getByRole('heading', { name: 'Panel de revisión', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Revisión interna/ })).toBeVisible();
  await atBothWidths(page, 'queue');
  // The demo has an item in internal review.
  await page.setViewportSize(widths[0]!);
  await page.getByRole('navigation', { name: 'Revisión' }).getByRole('button').first().click();
  await expect(page.getByRole('region', { name: 'Decisión' })).toBeVisible();
  await atBothWidths(page, 'item');
  await page.screenshot({ path: test.info().outputPath('review-390.png'), fullPage: true });
});

import { expect, test } from '@playwright/test';
import { seriousViolations } from '../../support/axe.ts';
import { signIn } from '../../support/session.ts';

test('the sign-in screen has no serious accessibility violations', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const [path, heading] of [
  ['/', 'Tus portafolios'],
  ['/settings', 'Configuración'],
  ['/admin/notify', 'Notificar'],
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

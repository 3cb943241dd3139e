import { signIn, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

test('logout clears the session, says "Sesión cerrada" and goes to /auth', async ({ page }) => {
  await signIn(page, 'employee');
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(toast(page, 'Sesión cerrada')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
});

import { expect, test } from '@playwright/test';
import { demo, signIn, toast } from '../../support/session.ts';

test('an employee signs in, lands home and sees their portfolio cards', async ({ page }) => {
  await signIn(page, 'employee');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Tus portafolios' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Café Aurora/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Estudio Nube/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
});

test('a wrong password says "Error al iniciar sesión" with the server\'s reason and stores no token', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByLabel('Correo electrónico').fill(demo.employee.email);
  await page.getByLabel('Contraseña').fill('incorrecta');
  await page.getByRole('button', { name: 'Entrar' }).click();
  // The form's problem shows inline, once (docs/decisions.md: one channel per event), not as a toast too.
  await expect(
    page.getByRole('alert').filter({ hasText: 'Error al iniciar sesión: Correo o contraseña incorrectos' }),
  ).toBeVisible();
  await expect(toast(page, 'Error al iniciar sesión')).toHaveCount(0);
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a client is sent to the client dashboard of their first portfolio', async ({ page }) => {
  await signIn(page, 'client');
  await expect(page).toHaveURL(/\/portfolios\/[^/]+\/client-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Mi Dashboard', level: 1 })).toBeVisible();
});

test('a signed-in user who opens /auth is sent on: client → client dashboard, others → home', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Tus portafolios' })).toBeVisible();
});

test('an expired or invalid token is cleared and the user goes to /auth', async ({ page }) => {
  await page.goto('/auth');
  await page.evaluate(() => localStorage.setItem('token', 'token-caducado'));
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(toast(page, 'Sesión expirada. Por favor, inicia sesión nuevamente.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

import { expect, type Locator, type Page } from '@playwright/test';

/** The demo's users (packages/server/src/services/people/bootstrap.ts seeds them with `--demo`). */
export const demo = {
  admin: { email: 'admin@demo.local', password: 'demo-admin-123' },
  employee: { email: 'empleado@demo.local', password: 'demo-empleado-123' },
  client: { email: 'cliente@demo.local', password: 'demo-cliente-123' },
} as const;

export type DemoRole = keyof typeof demo;

/** Signs in through the real form, as a person would. */
export async function signIn(page: Page, role: DemoRole) {
  await page.goto('/auth');
  await page.getByLabel('Correo electrónico').fill(demo[role].email);
  await page.getByLabel('Contraseña').fill(demo[role].password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(toast(page, 'Inicio de sesión exitoso')).toBeVisible();
}

/**
 * Puts `token` in the tab's storage as the app keeps it, for the next load. It waits for the sign-in form first:
 * the app reads the token once it starts, after the first frame, and a token stored while /auth was still
 * starting was used by that page (an invalid one made it sign out and remove it before the next load).
 */
export async function storeToken(page: Page, token: string) {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await page.evaluate((t) => localStorage.setItem('token', t), token);
}

/** A toast in the app's aria-live region 'Avisos' (the system pill may show the same text). */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('region', { name: 'Avisos' }).getByText(text);
}

/**
 * The system pill at the top centre: what needs attention later (docs/decisions.md). It shows one message
 * at a time, cut at 60 characters.
 */
export function systemPill(page: Page, text: string | RegExp): Locator {
  return page.locator('[data-slot="system-pill"]').filter({ hasText: text });
}

/**
 * «Archivar todas las activas» in an open notification panel, confirmed in its dialog (issue 31: a bulk action
 * asks first). The panel stays open.
 */
export async function archiveAllNotifications(page: Page) {
  const panel = page.getByRole('region', { name: 'Notificaciones', exact: true });
  await panel.getByRole('button', { name: 'Archivar todas las activas' }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Archivar todas las notificaciones activas?' });
  await confirm.getByRole('button', { name: 'Archivar todas', exact: true }).click();
  await expect(confirm).toBeHidden();
}

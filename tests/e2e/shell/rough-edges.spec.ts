import type { Page } from '@playwright/test';
import { demo, signIn, systemPill, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

// Its routes must see the page's requests: the service worker is blocked (support/test.ts, refuseRoutes).
test.use({ serviceWorkers: 'block' });

const PRODUCT = 'Estudio de Contenido';
/** GET /api/portfolios, the user's list (not one portfolio's calls). */
const PORTFOLIO_LIST = /\/api\/portfolios(\?.*)?$/;

test('signing out clears the pill, the toasts and the stores: the next user in the tab sees none of it', async ({
  page,
}) => {
  await signIn(page, 'employee');
  // A background load that fails outside home goes to the pill (what needs attention later).
  await page.route(PORTFOLIO_LIST, (route) => route.abort());
  await page.goto('/settings');
  await expect(systemPill(page, 'Error al cargar portafolios')).toBeVisible();
  // Not a toast as well: one channel per event.
  await expect(toast(page, 'Error al cargar portafolios')).toHaveCount(0);
  // Errors open 'Notificaciones del Sistema' by themselves after 3 s (spec §4); close it to go on.
  const modal = page.getByRole('dialog', { name: 'Notificaciones del Sistema' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('Error al cargar portafolios');
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await page.unroute(PORTFOLIO_LIST);

  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(toast(page, 'Sesión cerrada')).toBeVisible();
  await expect(page.locator('[data-slot="system-pill"]')).toHaveCount(0);
  await expect(page.locator('[data-slot="toast"]')).toHaveCount(1);

  await signIn(page, 'admin');
  await expect(page.getByRole('heading', { name: 'Tus portafolios' })).toBeVisible();
  await expect(page.locator('[data-slot="system-pill"]')).toHaveCount(0);
  await expect(toast(page, 'Sesión cerrada')).toHaveCount(0);
  await expect(page.getByText('Error al cargar portafolios')).toHaveCount(0);
});

test('the sign-in form speaks Spanish: its own messages, tied to their fields, no browser bubble', async ({
  page,
}) => {
  await page.goto('/auth');
  // The sign-in form (not index.html's boot screen, which may still be there for a moment).
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Entrar' }) });
  expect(await form.evaluate((f: HTMLFormElement) => f.noValidate)).toBe(true);
  const email = page.getByLabel('Correo electrónico');
  const password = page.getByLabel('Contraseña');

  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Escribe tu correo electrónico');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription('Escribe tu contraseña');
  await expect(email).toBeFocused();
  // The browser's own validation never ran (it would say "Please fill out this field").
  expect(await email.evaluate((el: HTMLInputElement) => el.validationMessage)).not.toMatch(/fill out/i);
  await expect(page.getByText(/Please|fill out/i)).toHaveCount(0);

  await email.fill('no-es-un-correo');
  await password.fill('algo');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(email).toHaveAccessibleDescription(/Escribe un correo electrónico válido/);
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');

  // A refused sign-in is the form's problem: inline only, no toast as well.
  await email.fill(demo.employee.email);
  await password.fill('incorrecta');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error al iniciar sesión' })).toBeVisible();
  await expect(toast(page, 'Error al iniciar sesión')).toHaveCount(0);
  await expect(page.locator('[data-slot="system-pill"]')).toHaveCount(0);
});

test('every route sets document.title: screen · portfolio · product name', async ({ page }) => {
  await page.goto('/auth');
  await expect(page).toHaveTitle(`Iniciar sesión · ${PRODUCT}`);
  await signIn(page, 'employee');
  await expect(page).toHaveTitle(`Tus portafolios · ${PRODUCT}`);
  await page.getByRole('button', { name: /Estudio Nube/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle(`Dashboard del portafolio · Estudio Nube · ${PRODUCT}`);
  const id = page.url().split('/')[4];
  for (const [path, title] of [
    [`/portfolios/${id}/production`, `Plan de Producción · Estudio Nube · ${PRODUCT}`],
    [
      `/portfolios/${id}/settings/general`,
      `Configuración del portafolio: General · Estudio Nube · ${PRODUCT}`,
    ],
    [`/portfolios/${id}/review`, `Panel de revisión · Estudio Nube · ${PRODUCT}`],
    ['/settings', `Configuración · ${PRODUCT}`],
    ['/portfolios/create', `Crear portafolio · ${PRODUCT}`],
    ['/no-existe', `Página no encontrada · ${PRODUCT}`],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
});

async function railExpanded(page: Page) {
  return page.getByRole('complementary', { name: 'Navegación principal' }).getAttribute('data-expanded');
}

test('the rail expanded with a click collapses after the mouse leaves; the keyboard keeps it open', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const rail = page.locator('[data-slot="sidebar"]');
  await expect(rail).toHaveAttribute('data-expanded', 'false');

  // Mouse: click to expand (focus stays on the button), leave → it collapses (300 ms later).
  await page.getByRole('button', { name: 'Expandir menú lateral' }).click();
  await expect(rail).toHaveAttribute('data-expanded', 'true');
  await page.mouse.move(900, 500);
  await expect(rail).toHaveAttribute('data-expanded', 'false');

  // Keyboard: expanded with Enter and the pointer passes through and leaves; focus moves on with Tab,
  // so the keyboard is in use inside: it stays open until the keyboard user collapses it.
  await page.getByRole('button', { name: 'Expandir menú lateral' }).focus();
  await page.keyboard.press('Enter');
  await expect(rail).toHaveAttribute('data-expanded', 'true');
  await page.mouse.move(30, 300);
  await page.mouse.move(900, 500);
  await page.keyboard.press('Tab');
  await expect(rail.locator(':focus')).toHaveCount(1);
  expect(await railExpanded(page)).toBe('true');
  await page.getByRole('button', { name: 'Contraer menú lateral' }).focus();
  await page.keyboard.press('Enter');
  await expect(rail).toHaveAttribute('data-expanded', 'false');
});

test('the collapsed rail shows one tooltip at a time, and none once expanded', async ({ page }) => {
  await signIn(page, 'admin');
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  // The tooltips on screen (one that just closed may stay in the DOM for a frame, marked closed).
  const shown = page.locator('[role="tooltip"]:not([data-state="closed"])');
  // Keyboard focus opens one item's tooltip…
  await nav.getByRole('link', { name: 'Herramientas' }).focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(shown).toHaveText('Herramientas');
  // …hovering another replaces it rather than adding a second.
  await nav.getByRole('link', { name: 'Configuración' }).hover();
  await expect(shown).toHaveText('Configuración');
  await expect(shown).toHaveCount(1);
  await page.getByRole('button', { name: 'Expandir menú lateral' }).click();
  await nav.getByRole('link', { name: 'Herramientas' }).hover();
  await expect(shown).toHaveCount(0);
});

test('on a phone a toast never covers the drawer: "Cerrar Sesión" and the last items stay usable', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin');
  await expect(toast(page, 'Inicio de sesión exitoso')).toBeVisible();
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const drawer = page.getByRole('dialog');
  const controls = drawer.locator('a, button, select');
  // Once the drawer has slid in (mid-slide its items are not yet where they will be).
  await drawer.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  await expect(toast(page, 'Inicio de sesión exitoso')).toBeVisible();
  // Each control of the drawer is the element at its own centre: nothing lies over it.
  const covered = await controls.evaluateAll((els) =>
    els
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return false;
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !(top && (el === top || el.contains(top)));
      })
      .map((el) => el.textContent),
  );
  expect(covered).toEqual([]);
  await drawer.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

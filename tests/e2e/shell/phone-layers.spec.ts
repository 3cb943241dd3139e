import type { Locator, Page } from '@playwright/test';
import { signIn, systemPill } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

// Its routes must see the page's requests: the service worker is blocked (support/test.ts, refuseRoutes).
test.use({ serviceWorkers: 'block' });

/**
 * Issue 31: what floats over the page never covers what the page is for. The system pill (top centre) leaves the
 * breadcrumb uncovered: the header makes room below it while it shows, on a phone and on a desktop. And a touch
 * screen is not offered what only a keyboard can use.
 */

const PORTFOLIO_LIST = /\/api\/portfolios(\?.*)?$/;

/** The signed-in user's portfolios, read with the token the app keeps. */
async function signedInPortfolios(
  page: Page,
): Promise<Array<{ _id: string; accountData: { businessName: string } }>> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return (
    await page.request.get('/api/portfolios', { headers: { authorization: `Bearer ${token}` } })
  ).json();
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'a visible box').not.toBeNull();
  return b!;
}
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function pillShown(page: Page) {
  await signIn(page, 'employee');
  // A background load that fails outside home goes to the pill; errors open its modal after 3 s: closed again.
  await page.route(PORTFOLIO_LIST, (route) => route.abort());
  await page.goto('/settings');
  const pill = systemPill(page, 'Error al cargar portafolios');
  await expect(pill).toBeVisible();
  const modal = page.getByRole('dialog', { name: 'Notificaciones del Sistema' });
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  return pill;
}

for (const width of [390, 1280]) {
  test(`the system pill never covers the breadcrumb at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const pill = await pillShown(page);
    const crumbs = page.getByRole('navigation', { name: 'Ruta de navegación' });
    await expect(crumbs).toBeVisible();
    const [p, c] = [await box(pill), await box(crumbs)];
    expect(overlap(p, c), `pill ${JSON.stringify(p)} over the breadcrumb ${JSON.stringify(c)}`).toBe(false);
    // And what is drawn at the breadcrumb's place is the breadcrumb (nothing floats over it).
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('nav')?.getAttribute('aria-label') ?? null,
      [c.x + Math.min(c.width, 40) / 2, c.y + c.height / 2],
    );
    expect(hit).toBe('Ruta de navegación');
  });
}

async function reviewScreen(page: Page) {
  await signIn(page, 'employee');
  const portfolios = await signedInPortfolios(page);
  await page.goto(`/portfolios/${portfolios[0]._id}/review`);
  await expect(page.getByRole('heading', { name: 'Panel de revisión', level: 1 })).toBeVisible();
}

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test('the review screen offers no keyboard shortcuts', async ({ page }) => {
    await reviewScreen(page);
    await expect(page.getByRole('button', { name: 'Atajos de teclado' })).toHaveCount(0);
  });
});

test('with a mouse, the review screen offers its keyboard shortcuts', async ({ page }) => {
  await reviewScreen(page);
  await expect(page.getByRole('button', { name: 'Atajos de teclado' })).toBeVisible();
});

test("a piece's tabs are one row on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'employee');
  const portfolios = await signedInPortfolios(page);
  const cafe = portfolios.find((p) => p.accountData.businessName === 'Café Aurora')!;
  await page.goto(`/portfolios/${cafe._id}/production?view=board`);
  await page.locator('[data-board-card]').first().click();
  const tabs = page.getByRole('dialog').getByRole('tab');
  // Detalles (with the material, issue 48), Versiones, Historial, Comentarios.
  await expect(tabs).toHaveCount(4);
  const tops = await tabs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  expect(new Set(tops).size, `tops ${tops.join(', ')}`).toBe(1);
  // The last one is reached by scrolling the row (or by the arrow keys), and then it is on screen.
  await tabs.first().focus();
  await page.keyboard.press('End');
  await expect(tabs.last()).toBeFocused();
  await expect(tabs.last()).toBeInViewport({ ratio: 0.95 });
});

test("on a phone the plan's first card is on the first screen, its filters in a sheet behind «Filtros (n)»", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'employee');
  const portfolios = await signedInPortfolios(page);
  const cafe = portfolios.find((p) => p.accountData.businessName === 'Café Aurora')!;
  await page.goto(`/portfolios/${cafe._id}/production?view=board`);
  const card = page.locator('[data-board-card]').first();
  await expect(card).toBeVisible();
  expect((await box(card)).y, 'the first card starts within the first screen').toBeLessThan(844 - 60);
  // No box of filters on the page: one button, a sheet behind it.
  await expect(page.getByRole('group', { name: 'Filtros' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Formato' })).toHaveCount(0);
  const open = page.getByRole('button', { name: 'Filtros', exact: true });
  await open.click();
  const sheet = page.getByRole('dialog', { name: 'Filtros' });
  await expect(sheet.getByRole('searchbox', { name: 'Buscar piezas' })).toBeVisible();
  await sheet.getByRole('button', { name: 'Mis piezas' }).click();
  await expect(page).toHaveURL(/assigneeId=/);
  await sheet.getByRole('button', { name: 'Ver piezas' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filtros (1)' })).toBeFocused();
});

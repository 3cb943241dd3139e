import type { Page } from '@playwright/test';
import { seriousViolations } from '../../support/axe.ts';
import { apiAs, newItem } from '../../support/production.ts';
import { demo, signIn } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

/**
 * Issue 31, planning fast: a line at the top of «Borrador» and of the table adds a draft by its title and Enter.
 * The focus stays in the line, no drawer opens, and the new pieces stay first while the plan is on screen.
 */
test.describe.configure({ timeout: 120_000 });

const titles = Array.from({ length: 20 }, (_, i) => `Idea rápida ${String(i + 1).padStart(2, '0')}`);

const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** A cycle with 12 dated drafts already in it: an undated new one would be last in the column's own order. */
async function plan(request: Parameters<typeof newItem>[0]) {
  const { portfolioId, cycleId, employee } = await newItem(request, 'Pieza con fecha 00', {
    publishDate: tomorrow,
  });
  for (let i = 1; i < 12; i++)
    await employee.call('post', `/production/cycles/${cycleId}/items`, {
      title: `Pieza con fecha ${String(i).padStart(2, '0')}`,
      publishDate: tomorrow,
    });
  return { portfolioId, cycleId, employee };
}

const draftColumn = (page: Page) => page.getByRole('group', { name: /^Borrador/ });

for (const width of [1280, 390]) {
  test(`20 pieces by keyboard on the board: a title and Enter each, the drawer never opens (${width} px)`, async ({
    browser,
    request,
  }) => {
    const { portfolioId, cycleId, employee } = await plan(request);
    const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
    const page = await context.newPage();
    await signIn(page, 'employee');
    const creates: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/production\/cycles\/[^/]+\/items$/.test(r.url())) creates.push(r.url());
    });
    await page.goto(`/portfolios/${portfolioId}/production`);
    const column = draftColumn(page);
    await expect(column.getByRole('button', { name: /Pieza con fecha 00/ })).toBeVisible();
    const line = column.getByRole('textbox', { name: 'Añadir pieza en borrador' });
    await line.click();
    for (const title of titles) {
      await page.keyboard.type(title);
      await page.keyboard.press('Enter');
    }
    await expect(line).toBeFocused();
    await expect(line).toHaveValue('');
    // All twenty, newest first, before the dated ones; the column counts them; no drawer, no `item` in the URL.
    // The entries are sent one after another: the last request leaves once the one before it is answered.
    await expect(column.getByRole('status').filter({ hasText: 'Se añadió «Idea rápida 20»' })).toBeAttached({
      timeout: 20_000,
    });
    expect(creates).toHaveLength(20);
    const cards = column.locator('[data-slot="kanban-card"]');
    await expect(cards.nth(0)).toContainText('Idea rápida 20');
    // A column of 32 draws the cards near its visible part: scrolled down to the 20th, it draws the 20th and 21st.
    const at = (n: number) => column.locator(`[data-slot="virtual-list"] > li[aria-posinset="${n}"]`);
    await expect(at(1)).toHaveAttribute('aria-setsize', '32');
    expect(await cards.count()).toBeLessThan(20);
    const body = column.locator('[data-slot="kanban-column-body"]');
    await expect(async () => {
      if (!(await at(21).count())) await body.evaluate((el) => el.scrollBy(0, 150));
      await expect(at(21)).toBeAttached({ timeout: 250 });
    }).toPass({ intervals: [50], timeout: 15_000 });
    await expect(at(20)).toContainText('Idea rápida 01');
    await expect(at(21)).toContainText('Pieza con fecha');
    await body.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect(column.getByRole('heading')).toContainText('32');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(new URL(page.url()).searchParams.has('item')).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`quick-add-board-${width}.png`) });

    // The server has them all, as drafts, in the order typed.
    const list = await employee.call('get', `/production/cycles/${cycleId}/items?limit=50&sort=createdAt`);
    const made = (list.items as Array<{ title: string; status: string }>).filter((i) =>
      i.title.startsWith('Idea rápida'),
    );
    expect(made.map((i) => i.title)).toEqual(titles);
    expect(new Set(made.map((i) => i.status))).toEqual(new Set(['draft']));

    // A change made elsewhere refreshes the plan: the quick-added pieces keep their place at the top.
    await employee.call('post', `/production/cycles/${cycleId}/items`, { title: 'Desde otra pestaña' });
    await expect(column.getByRole('heading')).toContainText('33');
    await expect(cards.nth(0)).toContainText('Idea rápida 20');
    await context.close();
  });
}

test('the table has the same line; empty and whitespace titles add nothing; Escape clears', async ({
  browser,
  request,
}) => {
  const { portfolioId, cycleId, employee } = await plan(request);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, 'employee');
  await page.goto(`/portfolios/${portfolioId}/production?view=table`);
  await expect(page.getByRole('row', { name: /Pieza con fecha 00/ })).toBeVisible({ timeout: 15_000 });
  const line = page.getByRole('textbox', { name: 'Añadir pieza en borrador' });
  await line.click();
  await page.keyboard.press('Enter');
  await page.keyboard.type('   ');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Borrar esto');
  await page.keyboard.press('Escape');
  await expect(line).toHaveValue('');
  await page.keyboard.type('Primera de la tabla');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Segunda de la tabla');
  await page.keyboard.press('Enter');
  const rows = page.locator('tbody tr[data-row]');
  // Both saved, one after the other (a busy machine takes seconds), then first on the page, newest first.
  await expect(page.getByRole('status').filter({ hasText: 'Se añadió «Segunda de la tabla»' })).toBeAttached({
    timeout: 20_000,
  });
  await expect(rows.nth(0)).toContainText('Segunda de la tabla');
  await expect(rows.nth(1)).toContainText('Primera de la tabla');
  await expect(line).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const list = await employee.call('get', `/production/cycles/${cycleId}/items?limit=50`);
  expect(list.total).toBe(14);
  await context.close();
});

test('without the right to edit, the line says why in Spanish and gives the title back', async ({
  browser,
  request,
}) => {
  const { portfolioId } = await plan(request);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, 'employee');
  await page.goto(`/portfolios/${portfolioId}/production`);
  const line = draftColumn(page).getByRole('textbox', { name: 'Añadir pieza en borrador' });
  await expect(line).toBeVisible();
  // The admin takes «Editar la producción» away from the employee's grant while the plan is open.
  const admin = await apiAs(request, 'admin');
  const users = await admin.call('get', `/users?query=${encodeURIComponent(demo.employee.email)}`);
  const employeeId = (users.items as Array<{ _id: string; email: string }>).find(
    (u) => u.email === demo.employee.email,
  )!._id;
  await admin.call('post', `/users/${employeeId}/portfolio-access`, {
    portfolioId,
    permissions: ['portfolio.view', 'production.view'],
  });
  await line.fill('Pieza sin permiso');
  await line.press('Enter');
  const alert = draftColumn(page).getByRole('alert');
  await expect(alert).toContainText('No se pudo añadir «Pieza sin permiso»');
  await expect(line).toHaveValue('Pieza sin permiso');
  await expect(draftColumn(page).getByRole('button', { name: /Pieza sin permiso/ })).toHaveCount(0);
  await context.close();
});

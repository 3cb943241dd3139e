import { seriousViolations } from '../../support/axe.ts';
import { newItem } from '../../support/production.ts';
import { signIn } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

/**
 * Issue 49, point 3: ⌘K / Ctrl+K opens the one search; it finds a piece of an old cycle without its accents and in
 * another form of its words, marks the matched words, and Enter opens the piece in its cycle. At 1280 and 390 px.
 */
for (const width of [1280, 390]) {
  test(`⌘K finds a piece of an old cycle and Enter opens it (${width} px)`, async ({ browser, request }) => {
    test.setTimeout(90_000);
    const tag = `q${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const title = `Café tostado de la mañana ${tag}`;
    const { portfolioId, cycleId, item, employee } = await newItem(request, title);
    // A newer cycle: the piece's is an old one now.
    await employee.call('post', `/production/portfolios/${portfolioId}/next-cycle`, {});

    const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
    const page = await context.newPage();
    await signIn(page, 'employee');
    await expect(page.getByRole('button', { name: /^Buscar/ })).toBeVisible();
    await page.keyboard.press('ControlOrMeta+K');
    const dialog = page.getByRole('dialog', { name: 'Buscar' });
    const box = dialog.getByRole('combobox', { name: 'Buscar en carteras, piezas y comentarios' });
    await expect(box).toBeFocused();
    await box.fill(`cafe tostados ${tag}`);
    const hit = dialog.getByRole('option').filter({ hasText: tag });
    await expect(hit).toHaveCount(1);
    await expect(hit).toHaveAttribute('aria-selected', 'true');
    await expect(hit.locator('mark').first()).toHaveText('Café');
    await expect(hit.locator('mark', { hasText: 'tostado' })).toHaveCount(1);
    await expect(hit).toContainText('Panadería Sol');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');

    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(
      new RegExp(`/portfolios/${portfolioId}/production\\?cycle=${cycleId}&item=${item._id}`),
    );
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();

    // The top bar's button opens the same search.
    await page.goto('/');
    await page.getByRole('button', { name: /^Buscar/ }).click();
    await expect(page.getByRole('dialog', { name: 'Buscar' })).toBeVisible();
    await context.close();
  });
}

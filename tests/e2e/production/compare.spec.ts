import { apiAs, newPortfolio } from '../../support/production.ts';
import { signIn } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

// 40×20 PNGs: the second has its right quarter (10 of 40 columns) blue instead of yellow.
const yellow = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAJElEQVR4nGP4cMJmQBDDqMWjFo9aPGrxqMWjFo9aPGrxyLEYAC3nGtu2GeJfAAAAAElFTkSuQmCC',
  'base64',
);
const bluer = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAKUlEQVR4nGP4cMKGRkgu6gQexDBq8ajFoxaPWjxq8ajFoxaPWjxyLAYAAsiOLPtMCIwAAAAASUVORK5CYII=',
  'base64',
);

for (const width of [1280, 390]) {
  test(`two versions' images compare side by side, with a wipe and as a difference (${width} px)`, async ({
    browser,
    request,
  }) => {
    const portfolioId = await newPortfolio(request);
    const employee = await apiAs(request, 'employee');
    const admin = await apiAs(request, 'admin');
    const cycle = await employee.call('post', `/production/portfolios/${portfolioId}/start`, {
      cycleDuration: 14,
    });
    const item = await employee.call('post', `/production/cycles/${cycle._id}/items`, {
      title: 'Cartel de otoño',
    });
    const first = await employee.upload(item._id, 'cartel.png', 'image/png', yellow);
    await employee.call('post', `/production/items/${item._id}/mark-for-internal-review`, {
      materialData: { copy: '<p>Cartel amarillo</p>', files: [first] },
    });
    await admin.call('post', `/production/items/${item._id}/request-internal-changes`, {
      reviewComments: 'El lado derecho en azul',
    });
    const second = await employee.upload(item._id, 'cartel.png', 'image/png', bluer);
    await employee.call('post', `/production/items/${item._id}/mark-for-internal-review`, {
      materialData: { copy: '<p>Cartel amarillo y azul</p>', files: [second] },
    });

    const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
    const page = await context.newPage();
    await signIn(page, 'employee');
    // The link every notification about the item uses.
    await page.goto(`/portfolios/${portfolioId}/production?item=${item._id}`);
    const drawer = page.getByRole('dialog', { name: 'Cartel de otoño' });
    await drawer.getByRole('tab', { name: 'Detalles' }).click();
    await expect(drawer.getByRole('button', { name: 'Ver cartel.png a tamaño completo' })).toBeVisible();

    await drawer.getByRole('tab', { name: 'Versiones' }).click();
    await drawer.getByLabel('Elegir la versión 1 para comparar').click();
    await drawer.getByLabel('Elegir la versión 2 para comparar').click();
    await drawer.getByRole('button', { name: 'Comparar' }).click();
    await expect(drawer.getByText('2 palabras añadidas, 0 eliminadas')).toBeVisible();
    const images = drawer.getByRole('region', { name: 'Imágenes' });
    await expect(images.getByRole('img', { name: 'cartel.png · Versión 1' }).first()).toBeVisible();
    await expect(images.getByRole('img', { name: 'cartel.png · Versión 2' }).first()).toBeVisible();

    await images.getByRole('radio', { name: 'Cortina' }).click();
    const wipe = images.getByRole('slider', { name: 'Posición de la cortina' });
    await expect(wipe).toHaveAttribute('aria-valuenow', '50');
    await wipe.focus();
    await page.keyboard.press('ArrowRight');
    await expect(wipe).toHaveAttribute('aria-valuenow', '51');

    await images.getByRole('radio', { name: 'Diferencia' }).click();
    await expect(images.getByText('25 % de píxeles cambiados')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`compare-${width}.png`) });
    await context.close();
  });
}

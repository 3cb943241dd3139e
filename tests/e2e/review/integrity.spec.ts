import { apiAs, grantDemoClient, newItem, newPortfolio } from '../../support/production.ts';
import { signIn, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

/**
 * Issue 28 in the browser: the author is not offered the approval of her own work, a piece in client review
 * cannot be changed behind the client's back, and withdrawing it takes it out of the client's queue live.
 * Issue 47: what is withheld is shown disabled with the reason (a tooltip, and text on a phone); the details the
 * client sees are frozen with their reason; the client who had the piece open sees one sentence and her next piece.
 */
const SELF = /debe revisarla otra persona del equipo/;
const FROZEN = 'La pieza está en revisión del cliente: retírala de la revisión antes de cambiarla';
for (const width of [1280, 390]) {
  test(`the author cannot approve her own work and withdraws a piece from the client instead of changing it (${width} px)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const portfolioId = await newPortfolio(request);
    await grantDemoClient(request, portfolioId);
    const employee = await apiAs(request, 'employee');
    const admin = await apiAs(request, 'admin');
    const cycle = await employee.call('post', `/production/portfolios/${portfolioId}/start`, {
      cycleDuration: 14,
    });
    // The demo client's bell holds every run's notices: this run's title is its own.
    const title = `Post de la feria ${width}-${Date.now() % 1_000_000}`;
    const item = await employee.call('post', `/production/cycles/${cycle._id}/items`, { title });
    await employee.call('post', `/production/items/${item._id}/mark-for-internal-review`, {
      materialData: { copy: '<p>Ven a la feria</p>' },
    });

    // The author, on her own piece in internal review: she may ask for changes, not approve it.
    const context = await browser.newContext({ viewport: { width, height: 900 }, hasTouch: width < 500 });
    const page = await context.newPage();
    await signIn(page, 'employee');
    await page.goto(`/portfolios/${portfolioId}/production?item=${item._id}`);
    const drawer = page.getByRole('dialog', { name: title });
    await expect(drawer.getByRole('button', { name: 'Solicitar cambios internos' })).toBeVisible();
    const own = drawer.getByRole('button', { name: 'Aprobar para cliente' });
    await expect(own).toHaveAttribute('aria-disabled', 'true');
    await expect(own).toHaveAccessibleDescription(SELF);
    if (width < 500) await expect(drawer.getByText(SELF)).toBeVisible();
    else {
      await own.hover();
      await expect(page.getByRole('tooltip')).toHaveText(SELF);
    }
    // Pressing it does nothing.
    await own.click({ force: true });
    await expect(page.getByRole('dialog', { name: 'Aprobar para cliente' })).toHaveCount(0);

    // Another person of the team approves it for the client, and a second piece after it; the client has the
    // first one open in her review panel.
    await admin.call('post', `/production/items/${item._id}/approve-for-client`, {});
    const second = await employee.call('post', `/production/cycles/${cycle._id}/items`, {
      title: `${title} (2)`,
    });
    await employee.call('post', `/production/items/${second._id}/mark-for-internal-review`, {
      materialData: { copy: '<p>La segunda</p>' },
    });
    await admin.call('post', `/production/items/${second._id}/approve-for-client`, {});
    const clientContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const client = await clientContext.newPage();
    await signIn(client, 'client');
    await client.goto(`/portfolios/${portfolioId}/review?item=${item._id}`);
    await expect(client.getByRole('heading', { name: title, exact: true })).toBeVisible();

    // The details the client sees are frozen, with the reason; the owner is not.
    await page.reload();
    await drawer.getByRole('tab', { name: 'Detalles' }).click();
    await expect(drawer.locator('p', { hasText: FROZEN })).toBeVisible();
    // The properties she is shown say why they do not open; the owner's opens.
    const format = drawer.getByRole('button', { name: /^Formato/ });
    await expect(format).toHaveAttribute('aria-disabled', 'true');
    await expect(format).toHaveAccessibleDescription(FROZEN);
    await format.click({ force: true });
    await expect(page.getByRole('listbox', { name: 'Formato' })).toHaveCount(0);
    const owner = drawer.getByRole('button', { name: /^Responsable/ });
    await expect(owner).not.toHaveAttribute('aria-disabled', 'true');
    await owner.click();
    await expect(page.getByRole('listbox', { name: 'Responsable' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(owner).toBeFocused();
    for (const name of ['Editar título y descripción', 'Mover a otro ciclo', 'Eliminar', 'Nueva versión']) {
      const withheld = drawer.getByRole('button', { name, exact: true });
      await expect(withheld, name).toHaveAttribute('aria-disabled', 'true');
      await expect(withheld, name).toHaveAccessibleDescription(FROZEN);
    }

    // In client review the team cannot write a new version: it withdraws the piece, with a reason.
    await expect(drawer.getByRole('button', { name: 'Enviar a revisión interna' })).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Retirar de revisión' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Retirar de revisión' });
    await expect(
      dialog.getByText('La pieza vuelve a cambios internos y el cliente deja de verla'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(dialog.getByText('Retirar de la revisión necesita un motivo')).toBeVisible();
    await dialog.getByLabel('Motivo de la retirada').fill('Cambió la fecha de la feria');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(toast(page, 'Retirada de la revisión del cliente')).toBeVisible();
    await expect(drawer.getByText('Cambios internos solicitados').first()).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Enviar a revisión interna' })).toBeVisible();

    // The client, who had it open, sees one plain sentence and her next piece, without a reload and no error.
    await expect(client.getByText('Esta pieza ya no está en tu cola de revisión.')).toBeVisible();
    await expect(client.getByRole('heading', { name: `${title} (2)`, exact: true })).toBeVisible();
    await expect(client.getByText('No se pudo cargar la pieza')).toHaveCount(0);
    await expect(client.getByRole('button', { name: 'Reintentar' })).toHaveCount(0);
    // Its bell says why the piece left.
    await client.getByRole('button', { name: /^Notificaciones/ }).click();
    await expect(
      client
        .getByRole('region', { name: 'Notificaciones', exact: true })
        .getByText(`El equipo retiró «${title}» de tu revisión para cambiarla`),
    ).toBeVisible();
    await context.close();
    await clientContext.close();
  });
}

test('a one-person team lets the author approve her own work from the portfolio settings', async ({
  browser,
  request,
}) => {
  const { portfolioId, item, employee } = await newItem(request, 'Solo yo');
  await employee.call('post', `/production/items/${item._id}/mark-for-internal-review`, {
    materialData: { copy: '<p>Hecho por mí</p>' },
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'employee');
  await page.goto(`/portfolios/${portfolioId}/settings/general`);
  const setting = page.getByRole('switch', { name: 'Permitir que el autor apruebe su propio trabajo' });
  await expect(setting).toHaveAttribute('aria-checked', 'false');
  await setting.click();
  await expect(toast(page, 'El autor puede aprobar su propio trabajo en este portafolio')).toBeVisible();
  await expect(setting).toHaveAttribute('aria-checked', 'true');

  await page.goto(`/portfolios/${portfolioId}/production?item=${item._id}`);
  const drawer = page.getByRole('dialog', { name: 'Solo yo' });
  await drawer.getByRole('button', { name: 'Aprobar para cliente' }).click();
  await page
    .getByRole('dialog', { name: 'Aprobar para cliente' })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(toast(page, 'Enviada al cliente')).toBeVisible();
  await context.close();
});

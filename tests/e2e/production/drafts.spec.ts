import type { Browser, Page } from '@playwright/test';
import { seriousViolations } from '../../support/axe.ts';
import { apiAs, newPortfolio } from '../../support/production.ts';
import { signIn, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

// Each test walks a whole flow (several saves, reloads and an accessibility check): a minute, as plan.spec.
test.describe.configure({ timeout: 60_000 });

/** A portfolio in production with one item in draft, and the employee's page with its drawer open. */
async function openItem(browser: Browser, request: Parameters<typeof newPortfolio>[0], width: number) {
  const portfolioId = await newPortfolio(request);
  const employee = await apiAs(request, 'employee');
  const cycle = await employee.call('post', `/production/portfolios/${portfolioId}/start`, {
    cycleDuration: 14,
  });
  const item = await employee.call('post', `/production/cycles/${cycle._id}/items`, {
    title: 'Reel de masa madre',
  });
  const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
  const page = await context.newPage();
  await signIn(page, 'employee');
  // The link every notification about the item uses.
  await page.goto(`/portfolios/${portfolioId}/production?item=${item._id}`);
  const drawer = page.getByRole('dialog', { name: 'Reel de masa madre' });
  await expect(drawer).toBeVisible();
  return { page, drawer, itemId: item._id as string, employee };
}

async function typeCopy(page: Page, text: string) {
  const drawer = page.getByRole('dialog', { name: 'Reel de masa madre' });
  await drawer.getByRole('tab', { name: 'Detalles' }).click();
  await drawer.getByRole('textbox', { name: 'Texto (copy)' }).click();
  // The editor in the read view's place (issue 48): a character typed by insertText (Playwright's «ó») has no key
  // for the read view to hand over.
  await expect(drawer.locator('[contenteditable="true"]')).toBeFocused();
  await page.keyboard.type(text);
  await expect(drawer.getByText('Cambios sin guardar')).toBeVisible();
}

for (const width of [1280, 390]) {
  test(`closing the drawer with typed copy asks to save, discard or keep editing (${width} px)`, async ({
    browser,
    request,
  }) => {
    const { page, drawer } = await openItem(browser, request, width);
    await typeCopy(page, 'Pan de 48 horas');

    await drawer.getByRole('button', { name: 'Cerrar' }).click();
    const unsaved = page.getByRole('alertdialog', { name: 'Tienes cambios sin guardar' });
    await expect(unsaved).toBeVisible();
    await expect(unsaved.getByRole('button', { name: 'Seguir editando' })).toBeFocused();
    await page.screenshot({ path: test.info().outputPath(`unsaved-dialog-${width}.png`) });
    expect(await seriousViolations(page)).toEqual([]);
    // Keep editing: the drawer and the text stay.
    await unsaved.getByRole('button', { name: 'Seguir editando' }).click();
    await expect(unsaved).toBeHidden();
    await expect(drawer.getByRole('textbox', { name: 'Texto (copy)' })).toContainText('Pan de 48 horas');
    await expect(page).toHaveURL(/item=/);

    // Escape asks too; «Guardar» saves and closes.
    await page.keyboard.press('Escape');
    await expect(unsaved).toBeVisible();
    await unsaved.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Material guardado')).toBeVisible();
    await expect(drawer).toBeHidden();
    await expect(page).not.toHaveURL(/item=/);

    // Reopened from the plan, the saved copy is there; more typing, then «Descartar» drops it.
    await page
      .getByRole('button', { name: /Reel de masa madre/ })
      .first()
      .click();
    await drawer.getByRole('tab', { name: 'Detalles' }).click();
    await expect(drawer.getByRole('textbox', { name: 'Texto (copy)' })).toContainText('Pan de 48 horas');
    await drawer.getByRole('textbox', { name: 'Texto (copy)' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' y centeno');
    await expect(drawer.getByText('Cambios sin guardar')).toBeVisible();
    // Going back in the browser's history asks the same.
    await page.goBack();
    await expect(unsaved).toBeVisible();
    await unsaved.getByRole('button', { name: 'Descartar' }).click();
    await expect(drawer).toBeHidden();
    await page
      .getByRole('button', { name: /Reel de masa madre/ })
      .first()
      .click();
    await drawer.getByRole('tab', { name: 'Detalles' }).click();
    await expect(drawer.getByRole('textbox', { name: 'Texto (copy)' })).toHaveText('Pan de 48 horas');
    await expect(drawer.getByRole('button', { name: 'Recuperar borrador' })).toHaveCount(0);
  });

  test(`copy typed and not saved is offered back after a reload (${width} px)`, async ({
    browser,
    request,
  }) => {
    const { page, drawer } = await openItem(browser, request, width);
    await typeCopy(page, 'Borrador que no se pierde');

    // Leaving the page warns first.
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.type());
      void d.accept();
    });
    await page.reload();
    expect(dialogs).toEqual(['beforeunload']);

    const recover = drawer.getByRole('button', { name: 'Recuperar borrador' });
    await expect(recover).toBeVisible();
    await expect(drawer.getByText(/Tienes un borrador del texto sin guardar/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`recover-draft-${width}.png`) });
    expect(await seriousViolations(page)).toEqual([]);
    await recover.click();
    await expect(drawer.getByRole('tab', { name: 'Detalles', selected: true })).toBeVisible();
    await expect(drawer.getByRole('textbox', { name: 'Texto (copy)' })).toContainText(
      'Borrador que no se pierde',
    );
    await drawer.getByRole('button', { name: 'Guardar material' }).click();
    await expect(toast(page, 'Material guardado')).toBeVisible();

    // Saved: no draft is offered any more.
    await page.reload();
    await drawer.getByRole('tab', { name: 'Detalles' }).click();
    await expect(drawer.getByRole('textbox', { name: 'Texto (copy)' })).toContainText(
      'Borrador que no se pierde',
    );
    await expect(drawer.getByRole('button', { name: 'Recuperar borrador' })).toHaveCount(0);
  });

  test(`sending to internal review without saving sends the typed copy (${width} px)`, async ({
    browser,
    request,
  }) => {
    const { page, drawer, itemId, employee } = await openItem(browser, request, width);
    await typeCopy(page, 'Versión escrita y enviada');

    await drawer.getByRole('button', { name: 'Enviar a revisión interna' }).click();
    await page
      .getByRole('dialog', { name: 'Enviar a revisión interna' })
      .getByRole('button', { name: 'Confirmar' })
      .click();
    await expect(toast(page, 'Enviada a revisión interna')).toBeVisible();

    const history = await employee.call('get', `/production/items/${itemId}/material-version-history`);
    expect(history.versions).toHaveLength(1);
    expect(history.versions[0].materialData.copy).toContain('Versión escrita y enviada');
    // Sent: nothing unsaved, nothing to recover.
    await drawer.getByRole('tab', { name: 'Detalles' }).click();
    await expect(drawer.getByText('Versión escrita y enviada')).toBeVisible();
    await page.reload();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Recuperar borrador' })).toHaveCount(0);
  });
}

test('a comment being written comes back after a reload, and sending it clears it', async ({
  browser,
  request,
}) => {
  const { page, drawer } = await openItem(browser, request, 1280);
  await drawer.getByRole('tab', { name: 'Comentarios' }).click();
  await drawer.getByRole('textbox', { name: 'Nuevo comentario' }).click();
  await page.keyboard.type('Falta el precio del pan');
  await page.reload();
  await drawer.getByRole('tab', { name: 'Comentarios' }).click();
  await expect(drawer.getByText('Recuperamos el comentario que estabas escribiendo.')).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'Nuevo comentario' })).toContainText(
    'Falta el precio del pan',
  );
  await drawer.getByRole('button', { name: 'Comentar' }).click();
  await expect(drawer.getByRole('listitem').filter({ hasText: 'Falta el precio del pan' })).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'Nuevo comentario' })).toHaveText('');
  await page.reload();
  await drawer.getByRole('tab', { name: 'Comentarios' }).click();
  await expect(drawer.getByRole('listitem').filter({ hasText: 'Falta el precio del pan' })).toBeVisible();
  await expect(drawer.getByText('Recuperamos el comentario que estabas escribiendo.')).toHaveCount(0);
  await expect(drawer.getByRole('textbox', { name: 'Nuevo comentario' })).toHaveText('');
});

test('saving over a copy saved meanwhile by someone else shows both and lets the person choose', async ({
  browser,
  request,
}) => {
  const { page, drawer, itemId, employee } = await openItem(browser, request, 1280);
  await typeCopy(page, 'Mi texto del pan');
  // Meanwhile, the same item's copy is saved from another session.
  await employee.call('post', `/production/items/${itemId}/update-material`, {
    materialData: { copy: '<p>Texto de Ana sobre el pan</p>' },
  });

  await drawer.getByRole('button', { name: 'Guardar material' }).click();
  const conflict = drawer.getByRole('region', { name: 'Otra persona guardó otro texto' });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByText('Solo en tu texto')).toBeVisible();
  await conflict.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('conflict-1280.png') });
  expect(await seriousViolations(page)).toEqual([]);
  // Nothing was overwritten yet.
  expect((await employee.call('get', `/production/items/${itemId}`)).materialData.copy).toContain(
    'Texto de Ana',
  );

  await conflict.getByRole('button', { name: 'Guardar mi texto' }).click();
  await expect(toast(page, 'Material guardado')).toBeVisible();
  await expect(conflict).toBeHidden();
  expect((await employee.call('get', `/production/items/${itemId}`)).materialData.copy).toContain(
    'Mi texto del pan',
  );

  // Again, and this time their copy is taken.
  await employee.call('post', `/production/items/${itemId}/update-material`, {
    materialData: { copy: '<p>Versión final de Ana</p>' },
  });
  await drawer.getByRole('textbox', { name: 'Texto (copy)' }).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' con semillas');
  await drawer.getByRole('button', { name: 'Guardar material' }).click();
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button', { name: 'Usar el texto guardado' }).click();
  await expect(conflict).toBeHidden();
  await expect(drawer.getByRole('textbox', { name: 'Texto (copy)' })).toHaveText('Versión final de Ana');
  await expect(drawer.getByText('Guardado', { exact: true })).toBeVisible();

  // A change elsewhere that leaves the copy alone (the description) is no conflict: the copy is saved on top.
  await employee.call('put', `/production/items/${itemId}`, { description: 'Para el lanzamiento' });
  await drawer.getByRole('textbox', { name: 'Texto (copy)' }).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' y pipas');
  await drawer.getByRole('button', { name: 'Guardar material' }).click();
  await expect(drawer.getByText('Guardado', { exact: true })).toBeVisible();
  await expect(conflict).toBeHidden();
  const saved = await employee.call('get', `/production/items/${itemId}`);
  expect(saved.materialData.copy).toContain('Versión final de Ana y pipas');
  expect(saved.description).toBe('Para el lanzamiento');
});

test("an agent task's form being written comes back after a reload, and creating the task clears it", async ({
  page,
  request,
}) => {
  const portfolioId = await newPortfolio(request);
  const employee = await apiAs(request, 'employee');
  const agent = await employee.call('post', `/agents/${portfolioId}`, { name: 'Redactora' });
  await signIn(page, 'employee');
  await page.goto(`/portfolios/${portfolioId}/agents/${agent._id}`);
  await page.getByRole('button', { name: 'Nueva tarea' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Nueva tarea' });
  await dialog.getByLabel('Título').fill('Copy del reel');
  await dialog.getByLabel('Instrucciones (opcional)').fill('Tres variantes, tono cercano');
  await page.reload();

  await page.getByRole('button', { name: 'Nueva tarea' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Nueva tarea' });
  await expect(dialog.getByText('Recuperamos lo que estabas escribiendo.')).toBeVisible();
  await expect(dialog.getByLabel('Título')).toHaveValue('Copy del reel');
  await expect(dialog.getByLabel('Instrucciones (opcional)')).toHaveValue('Tres variantes, tono cercano');
  await dialog.getByRole('button', { name: 'Crear tarea' }).click();
  await expect(toast(page, 'Tarea Copy del reel creada')).toBeVisible();

  await page.getByRole('button', { name: 'Nueva tarea' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Nueva tarea' });
  await expect(dialog.getByLabel('Título')).toHaveValue('');
  await expect(dialog.getByText('Recuperamos lo que estabas escribiendo.')).toHaveCount(0);
});

import type { Browser } from '@playwright/test';
import { apiAs, newItem, newPortfolio } from '../../support/production.ts';
import { signIn, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

async function openPlan(browser: Browser, role: 'employee' | 'admin', portfolioId: string, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, role);
  await page.goto(`/portfolios/${portfolioId}/production`);
  return page;
}

test('a team starts production, plans with a strategy, makes an item and sends it to review while a colleague watches', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const portfolioId = await newPortfolio(request);
  const page = await openPlan(browser, 'employee', portfolioId);

  await page.getByRole('button', { name: 'Iniciar producción' }).click();
  await page.getByLabel('Duración del ciclo (días)').fill('14');
  await page.getByRole('button', { name: 'Iniciar', exact: true }).click();
  await expect(toast(page, 'Producción iniciada')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Borrador' })).toBeVisible();

  // A colleague opens the same plan in another browser.
  const colleague = await openPlan(browser, 'admin', portfolioId);
  await expect(colleague.getByRole('heading', { name: 'Borrador' })).toBeVisible();

  await page.getByRole('button', { name: 'Generar estrategia' }).click();
  await page.getByLabel('Número de piezas').fill('4');
  await page.getByRole('button', { name: 'Generar', exact: true }).click();
  await expect(toast(page, '4 piezas creadas')).toBeVisible();
  await expect(page.getByText('Borrador: 4')).toBeAttached();
  // …and the colleague's board follows without a reload.
  await expect(colleague.getByText('Borrador: 4')).toBeAttached();

  await page.getByRole('button', { name: 'Nueva pieza' }).click();
  await page.getByLabel('Título').fill('Reel de lanzamiento');
  await page.getByRole('button', { name: 'Crear pieza' }).click();
  await expect(toast(page, 'Pieza creada')).toBeVisible();
  await expect(page).toHaveURL(/item=/);
  const drawer = page.getByRole('dialog', { name: 'Reel de lanzamiento' });
  await expect(drawer).toBeVisible();

  // The piece opens to read (issue 48): its properties are buttons, its text is text; the fields mount on use.
  await expect(drawer.getByRole('textbox', { name: 'Descripción' })).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Editar título y descripción' }).click();
  await expect(drawer.getByLabel('Título')).toBeFocused();
  await drawer.getByLabel('Descripción').fill('Lanzamiento del pan de masa madre');
  await drawer.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(drawer.getByText('Lanzamiento del pan de masa madre')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Editar título y descripción' })).toBeFocused();
  // A property's date field mounts when its button is pressed; the date typed is saved at once.
  const date = drawer.getByRole('button', { name: /^Fecha de publicación/ });
  await expect(date).toHaveAccessibleName('Fecha de publicación Sin definir');
  await date.click();
  await page.getByRole('dialog', { name: 'Fecha de publicación' }).getByRole('textbox').fill('2030-05-04');
  await expect(date).toHaveAccessibleName('Fecha de publicación 4 may 2030');
  await expect(date).toBeFocused();
  // A choice from a property's options, by the keyboard.
  const format = drawer.getByRole('button', { name: /^Formato/ });
  await format.press('Enter');
  await page.getByRole('listbox', { name: 'Formato' }).press('ArrowDown');
  await page.getByRole('listbox', { name: 'Formato' }).press('Enter');
  await expect(format).not.toHaveAccessibleName('Formato Sin definir');
  await expect(format).toBeFocused();

  // The copy, written in the rich-text editor: it is the content to publish, so «@» there mentions nobody
  // (issue 31: mentions live in comments).
  const copy = drawer.getByRole('textbox', { name: 'Texto (copy)' });
  await copy.click();
  await page.keyboard.type('Masa madre de 48 horas. ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Recién horneado');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' para @Ana');
  await expect(drawer.getByRole('option', { name: '@Ana Admin' })).toHaveCount(0);
  await expect(copy.locator('span[data-mention-id]')).toHaveCount(0);
  await expect(drawer.getByText('Cambios sin guardar')).toBeVisible();
  await drawer.getByRole('button', { name: 'Guardar material' }).click();
  await expect(toast(page, 'Material guardado')).toBeVisible();
  await expect(drawer.getByText('Guardado', { exact: true })).toBeVisible();
  // A comment mentions the colleague: their bell rings in their own browser, without a reload.
  await drawer.getByRole('tab', { name: 'Comentarios' }).click();
  await drawer.getByRole('textbox', { name: 'Nuevo comentario' }).click();
  await page.keyboard.type('Revisa el copy, @Ana');
  await expect(drawer.getByRole('option', { name: '@Ana Admin' })).toBeVisible();
  await page.keyboard.press('Enter');
  await drawer.getByRole('button', { name: 'Comentar', exact: true }).click();
  await colleague.getByRole('button', { name: /^Notificaciones/ }).click();
  await expect(
    colleague
      .getByRole('region', { name: 'Notificaciones', exact: true })
      .getByText('Elena Empleada te mencionó en un comentario'),
  ).toBeVisible();
  await colleague.keyboard.press('Escape');
  await drawer.getByRole('tab', { name: 'Detalles' }).click();
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  await drawer
    .locator('input[type=file]')
    .setInputFiles({ name: 'portada.png', mimeType: 'image/png', buffer: png });
  await expect(toast(page, 'portada.png subido')).toBeVisible();
  await expect(drawer.getByRole('listitem').filter({ hasText: 'portada.png' })).toBeVisible();

  await drawer.getByRole('button', { name: 'Enviar a revisión interna' }).click();
  await page
    .getByRole('dialog', { name: 'Enviar a revisión interna' })
    .getByLabel('Descripción del cambio')
    .fill('Primera propuesta');
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(toast(page, 'Enviada a revisión interna')).toBeVisible();
  await expect(drawer.getByText('En revisión interna').first()).toBeVisible();
  // The colleague's board shows it in internal review within a second.
  await expect(colleague.getByText('En revisión interna: 1')).toBeAttached();
  await expect(colleague.getByRole('button', { name: /Reel de lanzamiento/ })).toBeVisible();

  // The same material again is no new version (issue 47: one change, one version), and it says so.
  await drawer.getByRole('button', { name: 'Nueva versión' }).click();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(toast(page, 'El material no cambió: sigue siendo la versión 1')).toBeVisible();
  // The colleague asks for changes (live in the drawer); the fix is a second version, and the two are compared
  // word by word.
  const itemId = new URL(page.url()).searchParams.get('item')!;
  await (await apiAs(request, 'admin')).call('post', `/production/items/${itemId}/request-internal-changes`, {
    reviewComments: 'Más corto',
  });
  // Someone else changed it: the drawer says so and reloads on request.
  await drawer.getByRole('button', { name: 'Recargar la pieza' }).click();
  await expect(drawer.getByText('Cambios internos solicitados').first()).toBeVisible();
  await drawer.getByRole('textbox', { name: 'Texto (copy)' }).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Solo hoy.');
  await drawer.getByRole('button', { name: 'Enviar a revisión interna' }).click();
  await page
    .getByRole('dialog', { name: 'Enviar a revisión interna' })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(drawer.getByText('Versión 2', { exact: true }).first()).toBeVisible();
  await drawer.getByRole('tab', { name: 'Versiones' }).click();
  await drawer.getByLabel('Elegir la versión 1 para comparar').click();
  await drawer.getByLabel('Elegir la versión 2 para comparar').click();
  await drawer.getByRole('button', { name: 'Comparar' }).click();
  await expect(drawer.getByRole('region', { name: 'Versión 1 frente a versión 2' })).toBeVisible();

  await drawer.getByRole('tab', { name: 'Historial' }).click();
  await expect(drawer.getByText('Envió a revisión interna').first()).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page).not.toHaveURL(/item=/);
});

test('the table sorts, selects a range with shift-click and moves it to the next cycle', async ({
  browser,
  request,
}) => {
  const portfolioId = await newPortfolio(request);
  const page = await openPlan(browser, 'employee', portfolioId);
  await page.getByRole('button', { name: 'Iniciar producción' }).click();
  await page.getByRole('button', { name: 'Iniciar', exact: true }).click();
  await expect(toast(page, 'Producción iniciada')).toBeVisible();
  await page.getByRole('button', { name: 'Generar estrategia' }).click();
  await page.getByLabel('Número de piezas').fill('5');
  await page.getByRole('button', { name: 'Generar', exact: true }).click();
  await expect(toast(page, '5 piezas creadas')).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo ciclo' }).click();
  await page
    .getByRole('dialog', { name: 'Nuevo ciclo' })
    .getByRole('button', { name: 'Crear ciclo' })
    .click();
  await expect(toast(page, /^Ciclo creado/)).toBeVisible();
  // Back to the first (current) cycle, as a table sorted by title.
  await page.goto(`/portfolios/${portfolioId}/production?view=table&sort=title`);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(5);
  const titles = await rows.locator('td:nth-child(2)').allTextContents();
  expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'es')));

  await rows.nth(0).getByRole('checkbox').click();
  await rows
    .nth(2)
    .getByRole('checkbox')
    .click({ modifiers: ['Shift'] });
  await expect(page.getByText('3 seleccionadas')).toBeVisible();
  await page.getByRole('button', { name: 'Mover a otro ciclo' }).click();
  await page.getByRole('combobox', { name: 'Ciclo de destino' }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mover a otro ciclo' }).click();
  await expect(toast(page, '3 piezas movidas')).toBeVisible();
  await expect(rows).toHaveCount(2);
});

test('the plan’s filters: two selects in a row keep each other, the board follows, one click clears them', async ({
  browser,
  request,
}) => {
  const { portfolioId, employee, cycleId } = await newItem(request, 'Reel de pan', {
    format: 'Reel',
    pilar: 'Pan',
  });
  await employee.call('post', `/production/cycles/${cycleId}/items`, {
    title: 'Carrusel dulce',
    format: 'Carrusel',
    pilar: 'Dulces',
  });
  await employee.call('post', `/production/cycles/${cycleId}/items`, {
    title: 'Reel dulce',
    format: 'Reel',
    pilar: 'Dulces',
  });
  const page = await openPlan(browser, 'employee', portfolioId);
  const drafts = page.getByRole('group', { name: /^Borrador: / });
  await expect(drafts).toHaveAccessibleName('Borrador: 3');

  await page.getByRole('combobox', { name: 'Formato' }).click();
  await page.getByRole('option', { name: 'Reel' }).click();
  await expect(page).toHaveURL(/format=Reel/);
  await expect(drafts).toHaveAccessibleName('Borrador: 2');
  await page.getByRole('combobox', { name: 'Pilar' }).click();
  await page.getByRole('option', { name: 'Dulces' }).click();
  await expect(page).toHaveURL(/format=Reel.*pilar=Dulces|pilar=Dulces.*format=Reel/);
  await expect(drafts).toHaveAccessibleName('Borrador: 1');
  await expect(drafts.getByText('Reel dulce')).toBeVisible();
  // Each select still shows its own choice.
  await expect(page.getByRole('combobox', { name: 'Formato' })).toHaveText('Reel');
  await expect(page.getByRole('combobox', { name: 'Pilar' })).toHaveText('Dulces');

  await page.getByRole('button', { name: 'Limpiar filtros' }).click();
  await expect(drafts).toHaveAccessibleName('Borrador: 3');
  await expect(page.getByRole('combobox', { name: 'Formato' })).toHaveText('Formato: todos');
});

test('on a phone the board scrolls by column and the item opens full screen', async ({
  browser,
  request,
}) => {
  const portfolioId = await newPortfolio(request);
  const page = await openPlan(browser, 'employee', portfolioId, 390);
  await page.getByRole('button', { name: 'Iniciar producción' }).click();
  await page.getByRole('button', { name: 'Iniciar', exact: true }).click();
  await page.getByRole('button', { name: 'Nueva pieza' }).click();
  await page.getByLabel('Título').fill('En el móvil');
  await page.getByRole('button', { name: 'Crear pieza' }).click();
  const drawer = page.getByRole('dialog', { name: 'En el móvil' });
  await expect(drawer).toBeVisible();
  const box = await drawer.boundingBox();
  expect(box?.width).toBe(390);
  await page.keyboard.press('Escape');
  const board = page.getByRole('region', { name: 'Tablero' });
  const scroll = await board.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(scroll).toBe(true);
  // The board scrolls, not the page: nothing inside it (its visually hidden texts included) widens the page.
  const page_ = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(page_.width).toBe(page_.viewport);
});

test('the drawer asks before deleting a piece: cancelled, the focus is back on «Eliminar»; confirmed, the piece is gone', async ({
  browser,
  request,
}) => {
  const title = `Para borrar ${Date.now() % 1_000_000}`;
  const { portfolioId, item } = await newItem(request, title);
  const page = await openPlan(browser, 'employee', portfolioId);
  await page.goto(`/portfolios/${portfolioId}/production?item=${item._id}`);
  const drawer = page.getByRole('dialog', { name: title });
  const remove = drawer.getByRole('button', { name: 'Eliminar' });
  // The confirmation mounts when asked for: none is in the document before.
  await expect(remove).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await remove.click();
  const confirm = page.getByRole('alertdialog', { name: '¿Eliminar esta pieza?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(drawer).toBeVisible();
  await remove.click();
  await page
    .getByRole('alertdialog', { name: '¿Eliminar esta pieza?' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(toast(page, 'Pieza eliminada')).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: title })).toHaveCount(0);
});

test('switched to the table, the board stays under a loading bar until its first page comes, and the table is drawn once, with its rows', async ({
  browser,
  request,
}) => {
  const { portfolioId } = await newItem(request, 'Pieza de la tabla');
  // The table's page is held on its way (a route does not see what passes the service worker).
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await signIn(page, 'employee');
  await page.goto(`/portfolios/${portfolioId}/production`);
  await expect(page.locator('[data-slot="kanban-card"]', { hasText: 'Pieza de la tabla' })).toBeVisible();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/production\/cycles\/[^/]+\/items\?/, async (route) => {
    await held;
    await route.continue();
  });
  // What the table holds when it first appears.
  await page.evaluate(() => {
    new MutationObserver((_, observer) => {
      const table = document.querySelector('table');
      if (!table) return;
      (window as unknown as { __tableFirstDraw: number }).__tableFirstDraw =
        table.querySelectorAll('tbody tr').length;
      observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true });
  });
  const radio = page.getByRole('radiogroup', { name: 'Vista' }).getByRole('radio', { name: 'Tabla' });
  await radio.click();
  await expect(radio).toBeChecked();
  await expect(page).toHaveURL(/view=table/);
  await expect(page.locator('[aria-busy="true"] [data-slot="kanban-card"]').first()).toBeVisible();
  const bar = page.getByRole('progressbar', { name: 'Cargando el plan…' });
  await expect(bar).toBeVisible();
  await page.waitForTimeout(300);
  await expect(bar).toHaveCSS('opacity', '1');
  await expect(page.locator('table')).toHaveCount(0);
  release();
  await expect(page.getByRole('row', { name: /Pieza de la tabla/ })).toBeVisible();
  await expect(bar).toHaveCount(0);
  await expect(page.locator('[data-slot="kanban-card"]')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]:has(table)')).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { __tableFirstDraw: number }).__tableFirstDraw),
  ).toBe(1);
  await context.close();
});

test('an open coverage follows the plan: a piece added elsewhere counts at once; a closed one asks nothing', async ({
  browser,
  request,
}) => {
  const { portfolioId, cycleId, employee } = await newItem(request, 'Primera cubierta');
  const page = await openPlan(browser, 'employee', portfolioId);
  await expect(page.locator('[data-slot="kanban-card"]', { hasText: 'Primera cubierta' })).toBeVisible();
  let asked = 0;
  page.on('request', (r) => {
    if (/\/items\/strategy(\?|$)/.test(r.url())) asked += 1;
  });
  // Closed: a change told by the server reloads the plan, not the coverage.
  await employee.call('post', `/production/cycles/${cycleId}/items`, { title: 'Segunda cubierta' });
  await expect(page.locator('[data-slot="kanban-card"]', { hasText: 'Segunda cubierta' })).toBeVisible();
  expect(asked).toBe(0);
  const summary = page.locator('summary', { hasText: 'Cobertura' });
  await summary.click();
  await expect(summary).toHaveText(/\(2\)/);
  await employee.call('post', `/production/cycles/${cycleId}/items`, { title: 'Tercera cubierta' });
  await expect(summary).toHaveText(/\(3\)/);
  expect(asked).toBe(2);
});

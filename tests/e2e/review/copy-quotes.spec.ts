import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from '../../support/axe.ts';
import { apiAs, grantDemoClient, newItem } from '../../support/production.ts';
import { signIn, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

/**
 * Copy reviewed at the word (issue 47, point 6): the client selects words of the copy (a mouse on a desk, a
 * touch selection on a phone), comments on them and suggests a replacement; the quotes are highlighted in the
 * copy; the author applies the suggestion in one click (one new version) and resolves the other thread.
 */

const copy =
  '<p>Llega la <strong>nueva colección</strong> de otoño a todas las tiendas.</p><p>Compra hoy y recibe un regalo.</p>';

/** Where `words` are in the copy's rendered text (across marks and bold), in the page: a Range's ends. */
async function rangeOf(root: Locator, words: string) {
  return root.evaluate((el, w) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    let text = '';
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      nodes.push(n as Text);
      text += n.textContent;
    }
    const start = text.indexOf(w);
    if (start < 0) throw new Error(`«${w}» is not in the copy`);
    const at = (offset: number, end: boolean) => {
      let seen = 0;
      for (const node of nodes) {
        const len = node.textContent!.length;
        if (offset < seen + len || (end && offset === seen + len)) return { node, offset: offset - seen };
        seen += len;
      }
      throw new Error('offset past the text');
    };
    const a = at(start, false);
    const b = at(start + w.length, true);
    const range = document.createRange();
    range.setStart(a.node, a.offset);
    range.setEnd(b.node, b.offset);
    (window as unknown as { __range: Range }).__range = range;
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    const first = rects[0]!;
    const last = rects[rects.length - 1]!;
    return {
      x0: first.left,
      y0: first.top + first.height / 2,
      x1: last.right,
      y1: last.top + last.height / 2,
    };
  }, words);
}

/** Selects words of the copy: by dragging the mouse, or as a phone's touch selection does (a Range). */
async function selectWords(page: Page, root: Locator, words: string, mouse: boolean) {
  await root.scrollIntoViewIfNeeded();
  const r = await rangeOf(root, words);
  if (mouse) {
    await page.mouse.move(r.x0 + 1, r.y0);
    await page.mouse.down();
    await page.mouse.move(r.x1 - 1, r.y1, { steps: 5 });
    await page.mouse.up();
  } else {
    await page.evaluate(() => {
      const sel = document.getSelection()!;
      sel.removeAllRanges();
      sel.addRange((window as unknown as { __range: Range }).__range);
    });
  }
  await expect.poll(() => page.evaluate(() => document.getSelection()?.toString())).toBe(words);
}

const tools = (page: Page) => page.getByRole('toolbar', { name: 'Acciones sobre el texto seleccionado' });

/** The toolbar is inside the viewport and its buttons are at least 24 px. */
async function expectToolbarUsable(page: Page) {
  const bar = tools(page);
  await expect(bar).toBeVisible();
  await expect(bar).toBeInViewport({ ratio: 1 });
  for (const button of await bar.getByRole('button').all()) {
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(24);
    expect(box.width).toBeGreaterThanOrEqual(24);
  }
}

for (const width of [1280, 390]) {
  test(`at ${width} px the client comments on words of the copy and suggests a change; the author applies it in one click and resolves the thread`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const phone = width < 500;
    const { portfolioId, item, employee } = await newItem(request, `Otoño ${width}`);
    await grantDemoClient(request, portfolioId);
    const admin = await apiAs(request, 'admin');
    await employee.call('post', `/production/items/${item._id}/mark-for-internal-review`, {
      materialData: { copy, files: [] },
    });
    await admin.call('post', `/production/items/${item._id}/approve-for-client`, { reviewComments: 'Listo' });

    const device = phone
      ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
      : { viewport: { width: 1280, height: 900 } };
    const clientContext = await browser.newContext(device);
    const client = await clientContext.newPage();
    await signIn(client, 'client');
    await client.goto(`/portfolios/${portfolioId}/review?item=${item._id}`);
    // The first load of the panel (its queue, then the piece): slow on a busy two-core machine.
    await expect(client.getByRole('heading', { name: `Otoño ${width}`, level: 2 })).toBeVisible({
      timeout: 20_000,
    });
    const text = client.getByRole('region', { name: 'Texto' }).locator('.crw-prose');
    await expect(text).toContainText('nueva colección');

    // «Comentar» on «nueva colección» (bold words): the box says what it is about; sent, the words are highlighted.
    await selectWords(client, text, 'nueva colección', !phone);
    await expectToolbarUsable(client);
    await client.screenshot({ path: `/tmp/shots/copy-quotes-toolbar-${width}.png` });
    const press = (l: Locator) => (phone ? l.tap() : l.click());
    await press(tools(client).getByRole('button', { name: 'Comentar' }));
    await expect(client.getByText('Sobre «nueva colección»')).toBeVisible();
    await expect(client.getByRole('textbox', { name: 'Nuevo comentario' })).toBeFocused();
    await client.keyboard.type('¿Podemos decir temporada?');
    await press(client.getByRole('button', { name: 'Comentar', exact: true }));
    const highlight = text.getByRole('button', {
      name: 'nueva colección (Comentado: ¿Podemos decir temporada?)',
    });
    await expect(highlight).toBeVisible();
    // The copy itself is unchanged: the highlight is drawn, not stored.
    await expect(text).toContainText('Llega la nueva colección de otoño a todas las tiendas.');
    // Choosing the highlight highlights its comment in the list.
    await press(highlight);
    await expect(highlight).toHaveAttribute('aria-pressed', 'true');
    const comment = client.locator('li[data-comment]', { hasText: '¿Podemos decir temporada?' });
    await expect(comment).toHaveClass(/border-warning/);

    // «Sugerir cambio» on «Compra hoy»: the replacement starts from the words.
    await selectWords(client, text, 'Compra hoy', !phone);
    await expectToolbarUsable(client);
    await press(tools(client).getByRole('button', { name: 'Sugerir cambio' }));
    const replacement = client.getByRole('textbox', { name: 'Cambiar por' });
    await expect(replacement).toHaveValue('Compra hoy');
    await replacement.fill('Reserva ya');
    await press(client.getByRole('button', { name: 'Comentar', exact: true }));
    await expect(client.getByRole('insertion').filter({ hasText: 'Reserva ya' })).toBeVisible();
    const suggested = text.getByRole('button', { name: /^Compra hoy \(Comentado: / });
    await expect(suggested).toBeVisible();
    // From the list: «Ver en el texto» chooses the suggestion's highlight, the other one lets go.
    await press(client.getByRole('button', { name: 'Ver en el texto: «Compra hoy»' }));
    await expect(suggested).toHaveAttribute('aria-pressed', 'true');
    await expect(highlight).toHaveAttribute('aria-pressed', 'false');
    await expect(suggested).toBeInViewport();
    // A client cannot apply.
    await expect(client.getByRole('button', { name: 'Aplicar', exact: true })).toHaveCount(0);
    expect(await seriousViolations(client)).toEqual([]);
    await client.screenshot({ path: `/tmp/shots/copy-quotes-client-${width}.png`, fullPage: true });
    await clientContext.close();

    // The client asks for changes; the author opens the piece and applies the suggestion: one new version.
    const asClient = await apiAs(request, 'client');
    await asClient.call('post', `/production/items/${item._id}/request-client-changes`, {
      reviewComments: 'Mirad los comentarios',
    });
    const before = (await employee.call('get', `/production/items/${item._id}`)).currentVersion as number;
    const authorContext = await browser.newContext(device);
    const author = await authorContext.newPage();
    await signIn(author, 'employee');
    await author.goto(`/portfolios/${portfolioId}/production?item=${item._id}`);
    const drawer = author.getByRole('dialog', { name: `Otoño ${width}` });
    await drawer.getByRole('tab', { name: 'Comentarios' }).click();
    await drawer.getByRole('button', { name: 'Aplicar', exact: true }).click();
    await expect(toast(author, 'Sugerencia aplicada: nueva versión creada')).toBeVisible();
    const after = await employee.call('get', `/production/items/${item._id}`);
    expect(after.currentVersion).toBe(before + 1);
    expect(after.materialData.copy).toBe(
      '<p>Llega la <strong>nueva colección</strong> de otoño a todas las tiendas.</p><p>Reserva ya y recibe un regalo.</p>',
    );
    // The other quote is where it was (its context changed after it, not its place).
    await expect(drawer.getByText('El texto citado cambió de lugar')).toHaveCount(0);
    // The applied suggestion's thread is resolved with it; resolving the other folds it too.
    await expect(drawer.getByRole('button', { name: '1 resuelto' })).toBeVisible();
    await drawer
      .locator('li[data-comment]', { hasText: '¿Podemos decir temporada?' })
      .getByRole('button', { name: 'Resolver' })
      .click();
    await expect(drawer.getByRole('button', { name: '2 resueltos' })).toBeVisible();
    await expect(drawer.getByText('¿Podemos decir temporada?')).toHaveCount(0);
    await drawer.getByRole('button', { name: '2 resueltos' }).click();
    await expect(drawer.getByText('¿Podemos decir temporada?')).toBeVisible();
    await author.screenshot({ path: `/tmp/shots/copy-quotes-author-${width}.png` });
    await authorContext.close();
  });
}

test('the drawer offers «Comentar» on words of the copy being edited only while the current version has them', async ({
  browser,
  request,
}) => {
  const { portfolioId, item, employee } = await newItem(request, 'Cartel de invierno');
  await employee.call('post', `/production/items/${item._id}/mark-for-internal-review`, {
    materialData: { copy: '<p>Abrigos para el frío</p>', files: [] },
  });
  const admin = await apiAs(request, 'admin');
  await admin.call('post', `/production/items/${item._id}/request-internal-changes`, {
    reviewComments: 'Un poco más',
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'employee');
  await page.goto(`/portfolios/${portfolioId}/production?item=${item._id}`);
  const drawer = page.getByRole('dialog', { name: 'Cartel de invierno' });
  await drawer.getByRole('tab', { name: 'Detalles' }).click();
  const editor = drawer.getByRole('textbox', { name: 'Texto (copy)' });
  await expect(editor).toContainText('Abrigos para el frío');
  // Nothing is mounted before a selection.
  await expect(tools(page)).toHaveCount(0);
  // Words the editor has and the version does not: nothing offered.
  await editor.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' y la nieve');
  // The editor has taken the read view's place (issue 48: it mounts on use) with what was typed.
  await expect(drawer.locator('[contenteditable="true"]')).toContainText('Abrigos para el frío y la nieve');
  await selectWords(page, editor, 'la nieve', true);
  await expect(tools(page)).toHaveCount(0);
  // Words of version 1: «Comentar», and the comments tab opens with the draft about them.
  await selectWords(page, editor, 'para el frío', true);
  await expectToolbarUsable(page);
  await tools(page).getByRole('button', { name: 'Sugerir cambio' }).click();
  await expect(drawer.getByRole('tab', { name: 'Comentarios' })).toHaveAttribute('aria-selected', 'true');
  await expect(drawer.getByText('Sobre «para el frío»')).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'Cambiar por' })).toHaveValue('para el frío');
  await drawer.getByRole('textbox', { name: 'Cambiar por' }).fill('para el invierno');
  await drawer.getByRole('button', { name: 'Comentar', exact: true }).click();
  await expect(drawer.getByRole('insertion').filter({ hasText: 'para el invierno' })).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/copy-quotes-drawer-1280.png' });
  await context.close();
});

test('the drawer: an approved piece takes comments on its words, not suggestions; a piece in review takes both', async ({
  browser,
  request,
}) => {
  const { portfolioId, item, employee } = await newItem(request, 'Cartel aprobado');
  await grantDemoClient(request, portfolioId);
  const admin = await apiAs(request, 'admin');
  await employee.call('post', `/production/items/${item._id}/mark-for-internal-review`, {
    materialData: { copy: '<p>Pan recién hecho cada mañana</p>', files: [] },
  });
  await admin.call('post', `/production/items/${item._id}/approve-for-client`, { reviewComments: 'Listo' });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'employee');
  const open = async () => {
    await page.goto(`/portfolios/${portfolioId}/production?item=${item._id}`);
    const drawer = page.getByRole('dialog', { name: 'Cartel aprobado' });
    await drawer.getByRole('tab', { name: 'Detalles' }).click();
    const copy = drawer.getByRole('region', { name: 'Texto (copy)' }).locator('.crw-prose');
    await expect(copy).toContainText('Pan recién hecho');
    await selectWords(page, copy, 'recién hecho', true);
    await expectToolbarUsable(page);
    return tools(page);
  };
  // In client review (read-only): both.
  await expect((await open()).getByRole('button')).toHaveText(['Comentar', 'Sugerir cambio']);
  const asClient = await apiAs(request, 'client');
  await asClient.call('post', `/production/items/${item._id}/approve-client-review`, {});
  // Approved: final, a comment only.
  const bar = await open();
  await expect(bar.getByRole('button')).toHaveText(['Comentar']);
  await bar.getByRole('button', { name: 'Comentar' }).click();
  const drawer = page.getByRole('dialog', { name: 'Cartel aprobado' });
  await expect(drawer.getByText('Sobre «recién hecho»')).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'Nuevo comentario' })).toBeFocused();
  await page.keyboard.type('Perfecto así');
  await drawer.getByRole('button', { name: 'Comentar', exact: true }).click();
  await expect(drawer.locator('li[data-comment]', { hasText: 'Perfecto así' })).toContainText(
    '«recién hecho»',
  );
  await context.close();
});

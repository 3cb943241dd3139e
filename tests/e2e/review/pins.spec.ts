import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations } from '../../support/axe.ts';
import { apiAs, grantDemoClient, newItem } from '../../support/production.ts';
import { signIn } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

// A 40×20 yellow PNG (as in annotations.spec.ts).
const poster = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAJElEQVR4nGP4cMJmQBDDqMWjFo9aPGrxqMWjFo9aPGrxyLEYAC3nGtu2GeJfAAAAAElFTkSuQmCC',
  'base64',
);

/** The demo admin, «Ana Admin»: her id, to leave a mention of her in a copy as an old one would be. */
async function adminId(request: APIRequestContext) {
  const admin = await apiAs(request, 'admin');
  const page = await admin.call('get', `/users?query=${encodeURIComponent('admin@demo.local')}`);
  return (page.items as Array<{ _id: string; email: string }>).find((u) => u.email === 'admin@demo.local')!
    ._id;
}

/**
 * A piece awaiting the client: version 1 with the team's internal pin, version 2 (sent to the client) with the
 * same image and a copy that still holds a mention of Ana Admin.
 */
async function pieceForTheClient(request: APIRequestContext) {
  const { portfolioId, item, employee } = await newItem(request, 'Cartel del café');
  await grantDemoClient(request, portfolioId);
  const admin = await apiAs(request, 'admin');
  const first = await employee.upload(item._id, 'cartel.png', 'image/png', poster);
  await employee.call('post', `/production/items/${item._id}/mark-for-internal-review`, {
    materialData: { copy: '<p>Café de origen</p>', files: [first] },
  });
  await admin.call('post', '/comments', {
    entityType: 'item',
    entityId: item._id,
    body: '<p>El titular, más arriba</p>',
    visibility: 'internal',
    anchor: { versionNumber: 1, fileKey: first.s3Key, x: 0.3, y: 0.3 },
  });
  await admin.call('post', `/production/items/${item._id}/request-internal-changes`, {
    reviewComments: 'El titular, más arriba',
  });
  const second = await employee.upload(item._id, 'cartel.png', 'image/png', poster);
  const ana = await adminId(request);
  await employee.call('post', `/production/items/${item._id}/mark-for-internal-review`, {
    materialData: {
      copy: `<p>Café de origen <span data-mention-id="${ana}">@Ana Admin</span> tostado en casa</p>`,
      files: [second],
    },
  });
  await admin.call('post', `/production/items/${item._id}/approve-for-client`, { reviewComments: 'Listo' });
  return { portfolioId, item, files: [first, second] };
}

/** The comment box is focused and inside the viewport, not under the phone's decision bar. */
async function expectComposerInView(page: Page) {
  const editor = page.getByRole('textbox', { name: 'Nuevo comentario' });
  await expect(editor).toBeFocused();
  await expect(editor).toBeInViewport({ ratio: 0.5 });
  const bar = page.getByRole('region', { name: 'Decisión' });
  if (await bar.isVisible()) {
    const [box, under] = [(await editor.boundingBox())!, (await bar.boundingBox())!];
    expect(box.y).toBeLessThan(under.y);
  }
}

test('the client pins a comment on a phone with touch: its box comes into view, focused; the team sees it numbered everywhere and answers it for the client', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { portfolioId, item } = await pieceForTheClient(request);

  // The client, on a phone, taps the image: the comment box that will hold the pin comes into view, focused.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const client = await phone.newPage();
  await signIn(client, 'client');
  await client.goto(`/portfolios/${portfolioId}/review?item=${item._id}`);
  await expect(client.getByRole('heading', { name: 'Cartel del café', level: 2 })).toBeVisible();
  // A mention left in the copy reads as plain text: no chip, no «@».
  const copy = client.getByRole('region', { name: 'Texto' });
  await expect(copy).toContainText('Café de origen Ana Admin tostado en casa');
  await expect(copy.locator('[data-mention-id]')).toHaveCount(0);
  await expect(copy).not.toContainText('@');

  const image = client.getByRole('button', { name: 'cartel.png: pulsa para marcar un punto' });
  await image.scrollIntoViewIfNeeded();
  const box = (await image.boundingBox())!;
  await image.tap({ position: { x: box.width * 0.75, y: box.height * 0.5 } });
  await expectComposerInView(client);
  await expect(client.getByText('Este comentario irá sobre la marca nueva de la imagen.')).toBeVisible();
  await client.screenshot({ path: '/tmp/pins-client-390.png' });
  await client.keyboard.type('El logo, más grande');
  await client.getByRole('button', { name: 'Comentar', exact: true }).tap();
  // The client reads no internal comment: its pin is its first.
  await expect(client.getByRole('button', { name: 'Marca 1: El logo, más grande' })).toBeVisible();
  expect(await seriousViolations(client)).toEqual([]);
  await expect(client.getByRole('button', { name: /El titular/ })).toHaveCount(0);
  await phone.close();

  // The team, in the plan's drawer: the client's pin numbered on the image and beside its comment (the team's
  // pins counted too: every pin of the piece keeps one number for the team).
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await desk.newPage();
  await signIn(staff, 'admin');
  await staff.goto(`/portfolios/${portfolioId}/production?item=${item._id}`);
  const drawer = staff.getByRole('dialog', { name: 'Cartel del café' });
  await drawer.getByRole('tab', { name: 'Comentarios' }).click();
  const pinned = drawer.getByRole('region', { name: 'Marcas en las imágenes' });
  await expect(pinned.getByRole('button', { name: 'Marca 2: El logo, más grande' })).toBeVisible();
  await expect(pinned.getByRole('button', { name: 'Marca 1: El titular, más arriba' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Mostrar la marca 2' })).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);
  await drawer.getByRole('button', { name: 'Mostrar la marca 2' }).click();
  await expect(pinned.getByRole('button', { name: 'Marca 2: El logo, más grande' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Staff write for the team by default; answering the client's comment writes for the client too.
  const visibility = drawer.getByRole('combobox', { name: 'Visible para' });
  await expect(visibility).toHaveText('Solo el equipo');
  await drawer.getByRole('button', { name: 'Responder a Carlos Cliente' }).click();
  await expect(visibility).toHaveText('También el cliente');
  await expect(drawer.getByText('Respondes a Carlos Cliente.')).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'Nuevo comentario' })).toBeFocused();
  await staff.screenshot({ path: '/tmp/pins-drawer-1280.png' });
  await staff.keyboard.type('Hecho en la versión 3');
  await drawer.getByRole('button', { name: 'Comentar', exact: true }).click();
  await expect(drawer.getByText('Hecho en la versión 3')).toBeVisible();
  // Sent: back to the team's default.
  await expect(visibility).toHaveText('Solo el equipo');
  await expect(drawer.getByText('Respondes a Carlos Cliente.')).toHaveCount(0);
  await staff.keyboard.press('Escape');

  // The review panel shows the client's pin numbered, and the compare view each version's pins.
  await staff.goto(`/portfolios/${portfolioId}/review?item=${item._id}`);
  await expect(staff.getByRole('button', { name: 'Marca 2: El logo, más grande' })).toBeVisible();
  // The team still sees the mention in the copy, as a mention.
  await expect(staff.getByRole('region', { name: 'Texto' }).locator('[data-mention-id]')).toHaveText(
    '@Ana Admin',
  );
  await staff.getByRole('button', { name: 'Comparar con la versión anterior' }).click();
  const panes = staff.locator('[data-slot="image-compare-pane"]');
  await expect(panes.nth(0).getByRole('img', { name: 'Marca 1: El titular, más arriba' })).toBeVisible();
  await expect(panes.nth(1).getByRole('img', { name: 'Marca 2: El logo, más grande' })).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);
  await staff.screenshot({ path: '/tmp/pins-compare-1280.png', fullPage: true });
  await staff.getByRole('button', { name: 'Ocultar la comparación' }).click();
  // The number beside a pin of another version shows that version, with the pin chosen.
  await staff.getByRole('button', { name: 'Mostrar la marca 1' }).click();
  await expect(staff.getByRole('combobox', { name: 'Versión que ves' })).toContainText('Versión 1');
  await expect(staff.getByRole('button', { name: 'Marca 1: El titular, más arriba' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // With the keyboard: Enter on the image places a pin and the comment box takes the focus.
  const image2 = staff.getByRole('button', { name: 'cartel.png: pulsa para marcar un punto' });
  await image2.focus();
  await staff.keyboard.press('Enter');
  await expectComposerInView(staff);
  // Its default for a new comment of the team: «Solo el equipo».
  await expect(staff.getByRole('combobox', { name: 'Visible para' })).toHaveText('Solo el equipo');
  await staff.screenshot({ path: '/tmp/pins-review-1280.png' });
  await staff.setViewportSize({ width: 390, height: 844 });
  await staff.screenshot({ path: '/tmp/pins-review-390.png' });
  await desk.close();
});

test('the copy is the content to publish: «@» in its editor suggests nobody and saves plain text', async ({
  browser,
  request,
}) => {
  const { portfolioId, item } = await newItem(request, 'Reel de la tostadora');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'employee');
  await page.goto(`/portfolios/${portfolioId}/production?item=${item._id}`);
  const drawer = page.getByRole('dialog', { name: 'Reel de la tostadora' });
  await drawer.getByRole('tab', { name: 'Detalles' }).click();
  const copy = drawer.getByRole('textbox', { name: 'Texto (copy)' });
  await copy.click();
  await page.keyboard.type('Tostado para @Ana');
  await expect(copy).toContainText('Tostado para @Ana');
  await expect(page.getByRole('listbox', { name: 'Personas que puedes mencionar' })).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Guardar material' }).click();
  const employee = await apiAs(request, 'employee');
  await expect
    .poll(async () => (await employee.call('get', `/production/items/${item._id}`)).materialData.copy)
    .toBe('<p>Tostado para @Ana</p>');
  // Comments keep their mentions.
  await drawer.getByRole('tab', { name: 'Comentarios' }).click();
  await drawer.getByRole('textbox', { name: 'Nuevo comentario' }).click();
  await page.keyboard.type('@Ana');
  await expect(page.getByRole('listbox', { name: 'Personas que puedes mencionar' })).toBeVisible();
  await context.close();
});

import { apiAs, grantDemoClient, newPortfolio } from '../../support/production.ts';
import { signIn, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

// 40×20 PNGs: the second has its right quarter blue instead of yellow.
const yellow = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAJElEQVR4nGP4cMJmQBDDqMWjFo9aPGrxqMWjFo9aPGrxyLEYAC3nGtu2GeJfAAAAAElFTkSuQmCC',
  'base64',
);
const bluer = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAKUlEQVR4nGP4cMKGRkgu6gQexDBq8ajFoxaPWjxq8ajFoxaPWjxyLAYAAsiOLPtMCIwAAAAASUVORK5CYII=',
  'base64',
);

test('internal review asks for changes, the fix is approved for the client, and the client approves on a phone', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const portfolioId = await newPortfolio(request);
  await grantDemoClient(request, portfolioId);
  const employee = await apiAs(request, 'employee');
  const cycle = await employee.call('post', `/production/portfolios/${portfolioId}/start`, {
    cycleDuration: 14,
  });
  const item = await employee.call('post', `/production/cycles/${cycle._id}/items`, {
    title: 'Cartel de invierno',
    format: 'Carrusel',
  });
  const first = await employee.upload(item._id, 'cartel.png', 'image/png', yellow);
  await employee.call('post', `/production/items/${item._id}/mark-for-internal-review`, {
    materialData: { copy: '<p>Cartel amarillo</p>', files: [first] },
  });

  // The reviewer's queue, oldest first, with who sent it.
  const reviewerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const reviewer = await reviewerContext.newPage();
  await signIn(reviewer, 'admin');
  await reviewer.goto(`/portfolios/${portfolioId}/review`);
  await expect(reviewer.getByRole('heading', { name: 'Panel de revisión', level: 1 })).toBeVisible();
  const internalQueue = reviewer.getByRole('region', { name: /Revisión interna/ });
  const entry = internalQueue.getByRole('button', { name: /Cartel de invierno/ });
  await expect(entry).toContainText('Enviada por Elena Empleada');
  await expect(entry).toContainText('Carrusel');
  await entry.click();
  await expect(reviewer).toHaveURL(new RegExp(`item=${item._id}`));
  await expect(reviewer.getByRole('heading', { name: 'Cartel de invierno', level: 2 })).toBeVisible();
  await expect(reviewer.getByRole('link', { name: 'Descargar cartel.png' })).toHaveAttribute(
    'download',
    'cartel.png',
  );

  // A comment pinned on the image: a click places the pin, the comment is written about it.
  const image = reviewer.getByRole('button', { name: 'cartel.png: pulsa para marcar un punto' });
  const box = (await image.boundingBox())!;
  await image.click({ position: { x: box.width * 0.85, y: box.height * 0.5 } });
  await expect(reviewer.getByText('Este comentario irá sobre la marca nueva de la imagen.')).toBeVisible();
  await reviewer.getByRole('textbox', { name: 'Nuevo comentario' }).click();
  await reviewer.keyboard.type('Este lado, en azul');
  await reviewer.getByRole('button', { name: 'Comentar' }).click();
  const pin = reviewer.getByRole('button', { name: 'Marca 1: Este lado, en azul' });
  await expect(pin).toBeVisible();
  await expect(pin).toHaveCSS('left', /px$/);
  await pin.click();
  await expect(reviewer.getByRole('button', { name: 'Mostrar la marca 1' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await reviewer.getByRole('heading', { name: 'Cartel de invierno', level: 2 }).click();

  // The shortcut help, then "c": request changes, which needs a comment.
  await reviewer.keyboard.press('?');
  await expect(reviewer.getByRole('dialog', { name: 'Atajos de teclado' })).toBeVisible();
  await reviewer.keyboard.press('Escape');
  await reviewer.keyboard.press('c');
  const changes = reviewer.getByRole('dialog', { name: 'Solicitar cambios internos' });
  await changes.getByRole('button', { name: 'Confirmar' }).click();
  await expect(changes.getByText('Pedir cambios necesita un comentario')).toBeVisible();
  await changes.getByLabel('Comentarios de la revisión').fill('El lado derecho en azul');
  await changes.getByRole('button', { name: 'Confirmar' }).click();
  await expect(toast(reviewer, 'Cambios internos solicitados')).toBeVisible();
  await expect(toast(reviewer, 'No quedan piezas en esta cola.')).toBeVisible();
  await expect(internalQueue.getByText('Nada en revisión interna.')).toBeVisible();

  // The author fixes it and sends it again: the reviewer's queue shows it without a reload.
  const second = await employee.upload(item._id, 'cartel.png', 'image/png', bluer);
  await employee.call('post', `/production/items/${item._id}/mark-for-internal-review`, {
    materialData: { copy: '<p>Cartel amarillo y azul</p>', files: [second] },
  });
  await internalQueue.getByRole('button', { name: /Cartel de invierno/ }).click();
  await expect(reviewer.getByRole('combobox', { name: 'Versión que ves' })).toContainText('Versión 2');
  await reviewer.getByRole('button', { name: 'Comparar con la versión anterior' }).click();
  await expect(reviewer.getByText('2 palabras añadidas, 0 eliminadas')).toBeVisible();
  await reviewer.getByRole('radio', { name: 'Diferencia' }).click();
  await expect(reviewer.getByText('25 % de píxeles cambiados')).toBeVisible();
  await reviewer.getByRole('button', { name: 'Aprobar para cliente' }).click();
  await reviewer
    .getByRole('dialog', { name: 'Aprobar para cliente' })
    .getByLabel('Comentarios de la revisión')
    .fill('Perfecto');
  await reviewer.getByRole('button', { name: 'Confirmar' }).click();
  await expect(toast(reviewer, 'Enviada al cliente')).toBeVisible();

  // The client, on a phone, follows the bell to the item and approves it from the bottom bar.
  const clientContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const client = await clientContext.newPage();
  await signIn(client, 'client');
  await client.getByRole('button', { name: /^Notificaciones/ }).click();
  await client
    .getByRole('region', { name: 'Notificaciones', exact: true })
    .getByText('«Cartel de invierno» espera tu revisión')
    .click();
  await expect(client).toHaveURL(new RegExp(`/portfolios/${portfolioId}/review\\?item=${item._id}`));
  await expect(client.getByRole('heading', { name: 'Cartel de invierno', level: 2 })).toBeVisible();
  // Only the version sent to the client: no internal first version to compare with.
  await expect(client.getByRole('combobox', { name: 'Versión que ves' })).toContainText('Versión 2');
  await expect(client.getByRole('button', { name: 'Comparar con la versión anterior' })).toHaveCount(0);
  await expect(client.getByText('Cartel amarillo y azul')).toBeVisible();
  const approve = client.getByRole('region', { name: 'Decisión' }).getByRole('button', { name: 'Aprobar' });
  await expect(approve).toBeInViewport();
  await approve.click();
  await client.getByRole('dialog', { name: 'Aprobar' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(toast(client, 'Pieza aprobada')).toBeVisible();
  await expect(
    client.getByRole('region', { name: /Esperan tu revisión/ }).getByText(/No hay piezas/),
  ).toBeVisible();

  // Who decided, in the history the reviewer sees.
  await reviewer.goto(`/portfolios/${portfolioId}/production?item=${item._id}`);
  await reviewer.getByRole('tab', { name: 'Historial' }).click();
  await expect(reviewer.getByText('El cliente aprobó')).toBeVisible();
  await expect(reviewer.getByText('Pidió cambios internos')).toBeVisible();
  await expect(reviewer.getByText('El lado derecho en azul')).toBeVisible();
  await reviewerContext.close();
  await clientContext.close();
});

test('a second employee, told in realtime, follows the notification to the review and approves it by keyboard', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const portfolioId = await newPortfolio(request);
  const admin = await apiAs(request, 'admin');
  const email = `revisora-${Date.now()}@demo.local`;
  const colleague = await admin.call('post', '/users', {
    email,
    name: 'Rosa Revisora',
    role: 'employee',
    password: 'revisora-123',
  });
  await admin.call('post', `/users/${colleague._id}/portfolio-access`, { portfolioId });

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('revisora-123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(toast(page, 'Inicio de sesión exitoso')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tus portafolios' })).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toHaveText('1'); // the grant

  // The author sends an item to internal review: the colleague's bell rings without a reload.
  const employee = await apiAs(request, 'employee');
  const cycle = await employee.call('post', `/production/portfolios/${portfolioId}/start`, {
    cycleDuration: 14,
  });
  const item = await employee.call('post', `/production/cycles/${cycle._id}/items`, {
    title: 'Post de enero',
  });
  await employee.call('post', `/production/items/${item._id}/mark-for-internal-review`, {
    materialData: { copy: '<p>Feliz año</p>' },
  });
  await expect(page.getByTestId('notification-badge')).toHaveText('2');
  await page.getByRole('button', { name: /^Notificaciones/ }).click();
  await page
    .getByRole('region', { name: 'Notificaciones', exact: true })
    .getByText(/Post de enero/)
    .click();
  await expect(page).toHaveURL(new RegExp(`/portfolios/${portfolioId}/review\\?item=${item._id}`));
  await expect(page.getByRole('heading', { name: 'Post de enero', level: 2 })).toBeVisible();
  await expect(page.getByText('Feliz año')).toBeVisible();

  await page.keyboard.press('a');
  const dialog = page.getByRole('dialog', { name: 'Aprobar para cliente' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(toast(page, 'Enviada al cliente')).toBeVisible();
  await expect(
    page.getByRole('region', { name: /Revisión interna/ }).getByText('Nada en revisión interna.'),
  ).toBeVisible();
  await context.close();
});

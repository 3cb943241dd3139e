import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { seriousViolations } from '../../support/axe.ts';
import { signIn, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function openTools(page: Page) {
  await page.goto('/admin/tools');
  await expect(page.getByRole('heading', { name: 'Herramientas', level: 1 })).toBeVisible();
}

test('an admin creates a webhook tool, edits it, disables it and deletes it after confirming', async ({
  page,
}) => {
  const name = `Publicador ${stamp()}`;
  await signIn(page, 'admin');
  await openTools(page);

  // Create: the form checks the URL before sending.
  await page.getByRole('button', { name: 'Nueva herramienta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva herramienta' });
  await dialog.getByLabel('Nombre').fill(name);
  await dialog
    .getByLabel('Descripción (opcional)')
    .fill('Envía la pieza aprobada al gestor de publicaciones');
  await expect(dialog.getByRole('combobox', { name: 'Tipo' })).toHaveText('Webhook');
  await dialog.getByLabel('URL').fill('ftp://no-vale');
  await dialog.getByRole('button', { name: 'Crear herramienta' }).click();
  await expect(dialog.getByText('Escribe una URL que empiece por http:// o https://')).toBeVisible();
  await dialog.getByLabel('URL').fill('http://127.0.0.1:9/hook');
  await dialog.getByRole('button', { name: 'Crear herramienta' }).click();
  await expect(toast(page, `Herramienta ${name} creada`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('POST');
  await expect(row).toContainText('http://127.0.0.1:9/hook');
  await expect(row.getByRole('switch', { name: `Activa: ${name}` })).toBeChecked();

  // Edit: method and URL.
  await row.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Editar ${name}` });
  await expect(edit.getByLabel('URL')).toHaveValue('http://127.0.0.1:9/hook');
  await edit.getByRole('combobox', { name: 'Método' }).click();
  await page.getByRole('option', { name: 'PUT' }).click();
  await edit.getByLabel('URL').fill('http://127.0.0.1:9/otro');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, `Herramienta ${name} actualizada`)).toBeVisible();
  await expect(row).toContainText('PUT');
  await expect(row).toContainText('http://127.0.0.1:9/otro');

  // Disable, keyboard only: focus the switch and press Space.
  await row.getByRole('switch', { name: `Activa: ${name}` }).focus();
  await page.keyboard.press('Space');
  await expect(toast(page, `Herramienta ${name} desactivada`)).toBeVisible();
  await expect(row.getByRole('switch', { name: `Activa: ${name}` })).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: name }).getByRole('switch')).not.toBeChecked();

  // Delete after confirming.
  await page.getByRole('button', { name: `Eliminar ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `¿Eliminar ${name}?` });
  await expect(confirm).toContainText('Se quita también de los agentes');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(toast(page, `Herramienta ${name} eliminada`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('«Probar» sends the webhook a call signed with the secret the dialog shows, and reports its answer', async ({
  page,
}) => {
  // A local peer standing in for the tool: records each call, answers 204 and then 500.
  const calls: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];
  const statuses = [204, 500];
  const peer = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      calls.push({ headers: req.headers, body });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/hook`;
  const name = `Probador ${stamp()}`;
  try {
    await signIn(page, 'admin');
    await openTools(page);
    await page.getByRole('button', { name: 'Nueva herramienta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva herramienta' });
    await dialog.getByLabel('Nombre').fill(name);
    await dialog.getByLabel('URL').fill(url);
    await dialog.getByRole('button', { name: 'Crear herramienta' }).click();
    await expect(toast(page, `Herramienta ${name} creada`)).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: `Editar ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Editar ${name}` });
    const secret = await edit.getByLabel('Secreto de firma').inputValue();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    await page.keyboard.press('Escape');

    await row.getByRole('button', { name: `Probar ${name}` }).click();
    // What the tool answered stays on screen (issue 49): here, an empty 204.
    const answer = page.getByRole('status', { name: new RegExp(`${name} respondió 204 en \\d+ ms`) });
    await expect(answer).toContainText('(respuesta vacía)');
    expect(calls).toHaveLength(1);
    const { headers, body } = calls[0]!;
    expect(headers['x-crw-event']).toBe('tool.test');
    const expected = createHmac('sha256', secret)
      .update(`${headers['x-crw-timestamp']}.${body}`)
      .digest('hex');
    expect(headers['x-crw-signature']).toBe(`sha256=${expected}`);

    // A failure stays on screen (a toast would fade): plain Spanish, the status and answer behind «Detalles».
    await row.getByRole('button', { name: `Probar ${name}` }).click();
    const failure = page.getByRole('alert').filter({ hasText: `La prueba de ${name} falló` });
    await expect(failure).toContainText(
      'La herramienta tuvo un error interno (respondió 500): revisa ese servicio o vuelve a intentarlo más tarde',
    );
    await failure.getByRole('button', { name: 'Detalles' }).click();
    await expect(failure.locator('pre')).toHaveText('HTTP 500');
  } finally {
    peer.closeAllConnections();
    await new Promise<void>((r) => peer.close(() => r()));
  }
});

test('«Probar» a tool that cannot be reached says why in Spanish, with the Node error only behind «Detalles»', async ({
  page,
}) => {
  // A loopback port nobody listens on, and a reserved .invalid name (the test server resolves no names at all).
  const closed = await new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
  await signIn(page, 'admin');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const make = async (name: string, url: string) => {
    const res = await page.request.post('/api/tools', {
      headers: { authorization: `Bearer ${token}` },
      data: { name, kind: 'webhook', config: { url, method: 'POST' } },
    });
    expect(res.status()).toBe(201);
  };
  const refused = `Caída ${stamp()}`;
  const unknown = `Sin DNS ${stamp()}`;
  await make(refused, `http://127.0.0.1:${closed}/hook`);
  await make(unknown, 'https://herramienta-de-prueba.invalid/hook');
  await openTools(page);

  await page.getByRole('button', { name: `Probar ${refused}` }).click();
  let failure = page.getByRole('alert').filter({ hasText: `La prueba de ${refused} falló` });
  await expect(failure).toContainText(
    `127.0.0.1:${closed} rechazó la conexión: comprueba que el servicio esté en marcha y escuche en esa dirección y puerto`,
  );
  // The message reads no Node error; that stays in the hidden detail.
  await expect(failure.locator('[data-slot="error-message"]')).not.toContainText('ECONNREFUSED');
  const details = failure.getByRole('button', { name: 'Detalles' });
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await expect(failure.locator('pre')).toBeHidden();
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(failure.locator('pre')).toContainText('ECONNREFUSED');
  expect(await seriousViolations(page)).toEqual([]);

  // «Probar de nuevo» repeats it; the next test replaces the box.
  await failure.getByRole('button', { name: 'Probar de nuevo' }).click();
  await expect(failure).toContainText('rechazó la conexión');

  await page.getByRole('button', { name: `Probar ${unknown}` }).click();
  failure = page.getByRole('alert').filter({ hasText: `La prueba de ${unknown} falló` });
  await expect(failure).toContainText(
    'No se encontró el servidor herramienta-de-prueba.invalid: revisa que la dirección esté bien escrita',
  );
  await expect(failure.locator('[data-slot="error-message"]')).not.toContainText('ENOTFOUND');
  await expect(page.getByRole('alert').filter({ hasText: `La prueba de ${refused} falló` })).toHaveCount(0);
  await failure.getByRole('button', { name: 'Detalles' }).click();
  await expect(failure.locator('pre')).toContainText('ENOTFOUND');
  await page.screenshot({ path: '/tmp/i31-tools-failure-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(failure).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/i31-tools-failure-390.png', fullPage: true });
  await failure.getByRole('button', { name: 'Cerrar el resultado de la prueba' }).click();
  await expect(failure).toHaveCount(0);
});

test('a Notion tool needs no URL; switching the kind hides the webhook fields', async ({ page }) => {
  const name = `Notion ${stamp()}`;
  await signIn(page, 'admin');
  await openTools(page);
  await page.getByRole('button', { name: 'Nueva herramienta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva herramienta' });
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Notion' }).click();
  await expect(dialog.getByLabel('URL')).toHaveCount(0);
  await expect(dialog.getByRole('combobox', { name: 'Método' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Crear herramienta' }).click();
  await expect(toast(page, `Herramienta ${name} creada`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText(
    'Página de Notion del portafolio',
  );
});

for (const width of [1280, 390]) {
  test(`/admin/tools at ${width} px (table or list, dialog) has no serious accessibility violations`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await signIn(page, 'admin');
    // At least one tool, with a long URL, so that the list is not empty.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await request.post('/api/tools', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: `Avisos ${stamp()}`,
        kind: 'webhook',
        config: {
          url: 'http://127.0.0.1:9/una/ruta/bastante/larga/para/ver/como/se/parte?con=parametros',
          method: 'POST',
        },
      },
    });
    await openTools(page);
    await expect(page.getByRole('switch').first()).toBeVisible();
    if (width === 390) await expect(page.getByRole('table')).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/admin-tools-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Nueva herramienta' }).click();
    await expect(page.getByRole('dialog', { name: 'Nueva herramienta' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/admin-tools-dialog-${width}.png` });
  });
}

import { json } from '../../../packages/server/test/support/http-peer.ts';
import { blockText, NotionPeer } from '../../../packages/server/test/support/notion-peer.ts';
import { notionToken } from '../../support/notion.ts';
import { signIn, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';
import { apiAs, employeePortfolio, expectAxeClean, expectNoHorizontalScroll } from './helpers.ts';

const pageId = '5f4e3d2c1b0a49876543210fedcba987';
const notion = new NotionPeer(notionToken);

test.beforeAll(async ({ server }) => {
  await notion.start(server.notionPort);
  notion.page(pageId);
});
test.afterAll(() => notion.stop());

/** An item of the portfolio taken through review to the client's approval (as the admin, through the API). */
async function approvedItem(request: Parameters<typeof apiAs>[0], cycleId: string, title: string) {
  const employee = await apiAs(request, 'employee');
  const admin = await apiAs(request, 'admin');
  const item = await employee.call('post', `/production/cycles/${cycleId}/items`, {
    title,
    format: 'Reel',
    publishDate: '2026-12-10',
  });
  await employee.call('post', `/production/items/${item._id}/mark-for-internal-review`, {
    materialData: { copy: '<p>Pan recién hecho <strong>cada mañana</strong></p>' },
  });
  await admin.call('post', `/production/items/${item._id}/approve-for-client`, {});
  await admin.call('post', `/production/items/${item._id}/approve-client-review`, {});
  return item._id as string;
}

test('client-approved items reach the linked Notion page; a refusal shows and «Sincronizar ahora» resends it', {
  tag: '@pg',
}, async ({ page, request }) => {
  const portfolio = await employeePortfolio(request, 'Panadería Notion');
  const employee = await apiAs(request, 'employee');
  const cycle = await employee.call('post', `/production/portfolios/${portfolio.id}/start`, {
    cycleDuration: 14,
  });
  await signIn(page, 'employee');
  await page.goto(`/portfolios/${portfolio.id}/settings/integrations`);
  const panel = page.getByRole('region', { name: 'Sincronización con Notion' });
  await expect(panel.getByText('Aún no hay piezas aprobadas por el cliente')).toBeVisible();
  await expect(
    panel.getByText('Vincula una página de Notion para sincronizar las piezas aprobadas.'),
  ).toBeVisible();
  // The server has a token: nothing says it is missing.
  await expect(page.getByText('Falta el token de integración de Notion')).toHaveCount(0);

  await page.getByLabel('Página de Notion').fill(`https://www.notion.so/Plan-${pageId}`);
  await page.getByRole('button', { name: 'Añadir integración' }).click();
  await expect(toast(page, 'Integración con Notion añadida')).toBeVisible();

  const before = notion.page(pageId).length;
  await approvedItem(request, cycle._id, 'Pan de otoño');
  await page.reload();
  const list = panel.getByRole('list', { name: 'Piezas sincronizadas con Notion' });
  const row = list.getByRole('listitem').filter({ hasText: 'Pan de otoño' });
  await expect(row.getByText('Sincronizada', { exact: true })).toBeVisible();
  await expect(row.getByText(/^Página 5f4e3d2c… · Sincronizada el /)).toBeVisible();
  const appended = notion.page(pageId).slice(before);
  expect(appended.map(blockText).slice(0, 3)).toEqual([
    'Pan de otoño',
    'Formato: Reel · Publicación: 10 de diciembre de 2026',
    'Pan recién hecho cada mañana',
  ]);

  // Notion refuses the next one: its row says why.
  notion.replies = [
    json(400, { object: 'error', status: 400, code: 'validation_error', message: 'body failed validation.' }),
  ];
  await approvedItem(request, cycle._id, 'Bollos rechazados');
  await page.reload();
  const failed = list.getByRole('listitem').filter({ hasText: 'Bollos rechazados' });
  await expect(failed.getByText('Error', { exact: true })).toBeVisible();
  // Plain Spanish with what to do; Notion's own words and code behind «Detalles» (issue 31).
  await expect(
    failed.getByText(
      'Notion rechazó el contenido de la pieza: revisa su texto y sus enlaces (el motivo exacto está en «Detalles»)',
    ),
  ).toBeVisible();
  await expect(failed.getByText('body failed validation.')).toBeHidden();
  await failed.getByRole('button', { name: 'Detalles' }).click();
  await expect(failed.locator('pre')).toHaveText('HTTP 400 validation_error\nbody failed validation.');
  await expect(panel.getByText('1 sincronizada · 0 en cola · 1 con error')).toBeVisible();
  await expectAxeClean(page);

  // «Sincronizar ahora» sends it again, once.
  await page.getByRole('button', { name: 'Sincronizar ahora' }).click();
  await expect(toast(page, /^Sincronización en marcha: 1 reintentada, 0 nuevas$/)).toBeVisible();
  await expect(failed.getByText('Sincronizada', { exact: true })).toBeVisible();
  await expect(panel.getByText('2 sincronizadas · 0 en cola · 0 con error')).toBeVisible();
  const titles = notion
    .page(pageId)
    .filter((b) => b.type === 'heading_2')
    .map(blockText);
  expect(titles.filter((t) => t === 'Bollos rechazados')).toHaveLength(1);

  // Nothing left to send: it says so.
  await page.getByRole('button', { name: 'Sincronizar ahora' }).click();
  await expect(toast(page, 'Todo está sincronizado: no había nada que reenviar')).toBeVisible();

  // On a phone the panel fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await expectNoHorizontalScroll(page);
});

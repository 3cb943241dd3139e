import type { Page } from '@playwright/test';
import { signIn, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';
import { apiAs, employeePortfolio, expectAxeClean, expectNoHorizontalScroll, open } from './helpers.ts';

const pageId = '1a2b3c4d5e6f47089a0b1c2d3e4f5a6b';

async function openSettings(page: Page, portfolioId: string, tab: 'general' | 'integrations') {
  await page.goto(`/portfolios/${portfolioId}/settings/${tab}`);
  await expect(page.getByRole('heading', { name: 'Configuración del portafolio', level: 1 })).toBeVisible();
}

test('an employee edits the name and the lists in Settings › General', async ({ page, request }) => {
  const portfolio = await employeePortfolio(request, 'Panadería Sol');
  await signIn(page, 'employee');
  await openSettings(page, portfolio.id, 'general');
  await expect(page.getByRole('link', { name: 'General' })).toHaveAttribute('aria-current', 'page');

  const name = page.getByLabel('Nombre del negocio');
  await expect(name).toHaveValue('Panadería Sol');
  await expect(page.getByText(portfolio.identifier, { exact: true })).toBeVisible();
  const save = page.getByRole('button', { name: 'Guardar cambios' });
  await expect(save).toBeDisabled();

  await name.fill('Panadería Sol y Luna');
  await page.getByRole('button', { name: 'Quitar Comunidad' }).click();
  const angulos = page.getByLabel('Ángulos de venta');
  await angulos.fill('Tradición');
  await angulos.press('Enter');
  await save.click();
  await expect(toast(page, 'Cambios guardados')).toBeVisible();
  await expect(save).toBeDisabled();
  // The breadcrumb follows the new name at once.
  const crumbs = page.getByRole('navigation', { name: 'Ruta de navegación' });
  await expect(crumbs.getByText('Panadería Sol y Luna')).toBeVisible();

  // An empty name is refused next to the field, without a call.
  await name.fill('  ');
  await save.click();
  await expect(page.getByText('Escribe el nombre del negocio')).toBeVisible();
  await page.getByRole('button', { name: 'Descartar cambios' }).click();
  await expect(name).toHaveValue('Panadería Sol y Luna');

  await page.reload();
  await expect(name).toHaveValue('Panadería Sol y Luna');
  await expect(page.getByRole('button', { name: 'Quitar Recetas' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Quitar Comunidad' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Quitar Tradición' })).toBeVisible();
});

test('deleting asks for the identifier, needs the permission, and returns home', async ({
  page,
  request,
}) => {
  const portfolio = await employeePortfolio(request, 'Floristería Lirio');
  await signIn(page, 'employee');
  await openSettings(page, portfolio.id, 'general');
  // The employee's default grant does not include deleting (product design §3).
  await expect(page.getByText('Para eliminarlo necesitas el permiso «Eliminar el portafolio»')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Eliminar portafolio…' })).toHaveCount(0);

  // An admin grants it.
  const employee = await apiAs(request, 'employee');
  const admin = await apiAs(request, 'admin');
  await admin.call('post', `/users/${employee.userId}/portfolio-access`, {
    portfolioId: portfolio.id,
    permissions: ['portfolio.view', 'portfolio.edit', 'portfolio.delete'],
  });
  await page.reload();
  await page.getByRole('button', { name: 'Eliminar portafolio…' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Eliminar «Floristería Lirio»?' });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Eliminar definitivamente' });
  const typed = dialog.getByLabel(`Escribe ${portfolio.identifier} para confirmar`);
  await expect(confirm).toBeDisabled();
  await typed.fill(portfolio.identifier.slice(0, -1));
  await expect(confirm).toBeDisabled();
  // Cancel keeps everything.
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Eliminar portafolio…' }).click();
  await expect(typed).toHaveValue('');
  await typed.fill(portfolio.identifier);
  await typed.press('Enter');
  await expect(toast(page, 'Portafolio «Floristería Lirio» eliminado')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Tus portafolios' })).toBeVisible();
  await expect(page.getByText('Floristería Lirio', { exact: true })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('activePortfolioId'))).not.toBe(portfolio.id);
  const list = (await employee.call('get', '/portfolios')) as Array<{ _id: string }>;
  expect(list.some((p) => p._id === portfolio.id)).toBe(false);
});

test('a failed deletion says why and keeps the dialog open', async ({ page, request }) => {
  const portfolio = await employeePortfolio(request, 'Óptica Norte');
  const employee = await apiAs(request, 'employee');
  const admin = await apiAs(request, 'admin');
  await admin.call('post', `/users/${employee.userId}/portfolio-access`, {
    portfolioId: portfolio.id,
    permissions: ['portfolio.view', 'portfolio.edit', 'portfolio.delete'],
  });
  await signIn(page, 'employee');
  await openSettings(page, portfolio.id, 'general');
  await page.getByRole('button', { name: 'Eliminar portafolio…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(`Escribe ${portfolio.identifier} para confirmar`).fill(portfolio.identifier);
  // The permission is taken back meanwhile: the server refuses.
  await admin.call('post', `/users/${employee.userId}/portfolio-access`, {
    portfolioId: portfolio.id,
    permissions: ['portfolio.view', 'portfolio.edit'],
  });
  await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();
  await expect(toast(page, /^Error al eliminar el portafolio: .+/)).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/general$/);
});

test('Notion integrations: added by link, a bad id explained, removed after confirming', async ({
  page,
  request,
}) => {
  const portfolio = await employeePortfolio(request, 'Librería Río');
  await signIn(page, 'employee');
  await openSettings(page, portfolio.id, 'general');
  await page.getByRole('link', { name: 'Integraciones' }).click();
  await expect(page).toHaveURL(/\/settings\/integrations$/);
  await expect(page.getByText('Sin integraciones de Notion')).toBeVisible();

  const field = page.getByLabel('Página de Notion');
  const add = page.getByRole('button', { name: 'Añadir integración' });
  // Not an id, not Notion: said next to the field, nothing sent.
  await field.fill('https://www.notion.so/mi-espacio/Plan-de-contenidos');
  await add.click();
  await expect(
    page.getByText('No se encontró un ID de página válido: son 32 caracteres hexadecimales (0-9 y a-f)'),
  ).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill(`https://example.com/${pageId}`);
  await expect(
    page.getByText('El enlace no es de Notion: debe ser de notion.so o notion.site'),
  ).toBeVisible();

  // A page link: its id is extracted.
  await field.fill(`https://www.notion.so/mi-espacio/Plan-de-contenidos-${pageId}?pvs=4`);
  await add.click();
  await expect(toast(page, 'Integración con Notion añadida')).toBeVisible();
  await expect(field).toHaveValue('');
  const list = page.getByRole('list', { name: 'Integraciones de Notion' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText(pageId)).toBeVisible();
  await expect(list.getByText(/^Añadida el .+/)).toBeVisible();
  await expect(list.getByRole('link', { name: 'Abrir en Notion' })).toHaveAttribute(
    'href',
    `https://www.notion.so/${pageId}`,
  );

  // The same page twice is refused before it reaches the server.
  await field.fill(pageId.toUpperCase());
  await add.click();
  await expect(page.getByText('Esa página ya está integrada en este portafolio')).toBeVisible();

  // It is the portfolio's, on the server.
  const { call } = await apiAs(request, 'employee');
  const stored = (await call('get', `/portfolios/${portfolio.id}/integraciones`)) as Array<{
    paginaNotionId: string;
  }>;
  expect(stored.map((i) => i.paginaNotionId)).toEqual([pageId]);

  // Removing asks first; cancelling keeps it.
  const remove = list.getByRole('button', { name: `Quitar la integración con la página ${pageId}` });
  await remove.click();
  let confirm = page.getByRole('alertdialog', { name: '¿Quitar esta integración con Notion?' });
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await remove.click();
  confirm = page.getByRole('alertdialog', { name: '¿Quitar esta integración con Notion?' });
  await confirm.getByRole('button', { name: 'Quitar' }).click();
  await expect(toast(page, 'Integración eliminada')).toBeVisible();
  await expect(page.getByText('Sin integraciones de Notion')).toBeVisible();
  expect(await call('get', `/portfolios/${portfolio.id}/integraciones`)).toEqual([]);
});

for (const width of [1280, 390]) {
  test(`settings screens are axe-clean and fit at ${width} px`, async ({ browser, request }) => {
    const portfolio = await employeePortfolio(request, 'Estudio de Yoga Alba');
    const { call } = await apiAs(request, 'employee');
    await call('post', `/portfolios/${portfolio.id}/integraciones/notion`, { paginaNotionId: pageId });
    const page = await open(browser, 'employee', width);

    await openSettings(page, portfolio.id, 'general');
    await expect(page.getByLabel('Nombre del negocio')).toHaveValue('Estudio de Yoga Alba');
    await expect(
      page.getByText('Para eliminarlo necesitas el permiso «Eliminar el portafolio»'),
    ).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAxeClean(page);
    await page.screenshot({ path: `/tmp/pw-portfolios-shots/general-${width}.png`, fullPage: true });

    await openSettings(page, portfolio.id, 'integrations');
    await expect(page.getByRole('list', { name: 'Integraciones de Notion' }).getByText(pageId)).toBeVisible();
    await page.getByLabel('Página de Notion').fill('hola');
    await page.getByRole('button', { name: 'Añadir integración' }).click();
    await expect(page.getByText(/^No se encontró un ID de página válido/)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAxeClean(page);
    await page.screenshot({ path: `/tmp/pw-portfolios-shots/integrations-${width}.png`, fullPage: true });
    await page.context().close();
  });
}

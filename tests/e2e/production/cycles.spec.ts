import type { APIRequestContext, Browser, ConsoleMessage, Page } from '@playwright/test';
import { seriousViolations } from '../../support/axe.ts';
import { apiAs, newPortfolio } from '../../support/production.ts';
import { signIn, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

/** Calendar days as the app writes them («5 dic 2026»). */
const dayFormat = new Intl.DateTimeFormat('es-ES', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const fmt = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const range = (start: string, end: string) => `${fmt(start)} – ${fmt(end)}`;

async function openPlan(browser: Browser, portfolioId: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await signIn(page, 'employee');
  await page.goto(`/portfolios/${portfolioId}/production`);
  return { page, errors };
}

/** A portfolio whose production started today for 14 days: its first cycle. */
async function started(request: APIRequestContext) {
  const portfolioId = await newPortfolio(request);
  const employee = await apiAs(request, 'employee');
  const cycle = await employee.call('post', `/production/portfolios/${portfolioId}/start`, {
    cycleDuration: 14,
  });
  return { portfolioId, first: cycle as { _id: string; startDate: string; endDate: string } };
}

const openCycles = async (page: Page) => {
  await page.getByRole('button', { name: /^Ciclo / }).click();
  const list = page.getByRole('dialog', { name: 'Ciclo' });
  await expect(list).toBeVisible();
  return list;
};

test('a portfolio without a cycle opens its plan without a console error', async ({ browser, request }) => {
  const portfolioId = await newPortfolio(request);
  const { page, errors } = await openPlan(browser, portfolioId, 1280);
  await expect(page.getByRole('button', { name: 'Iniciar producción' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('«Nuevo ciclo» asks for its duration and shows its dates; the last cycle’s end moves; an empty last cycle is deleted after a confirmation', async ({
  browser,
  request,
}) => {
  const { portfolioId, first } = await started(request);
  const { page, errors } = await openPlan(browser, portfolioId, 1280);
  await expect(page.getByRole('heading', { name: 'Borrador' })).toBeVisible();

  // Nothing is created by the button alone: a dialog asks first.
  await page.getByRole('button', { name: 'Nuevo ciclo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo ciclo' });
  await expect(dialog).toBeVisible();
  const start = addDays(first.endDate, 1);
  const duration = dialog.getByLabel('Duración (días)');
  await expect(duration).toHaveValue('14');
  await expect(
    dialog.getByText(`Empezará el ${fmt(start)} y terminará el ${fmt(addDays(start, 13))}.`),
  ).toBeVisible();
  await duration.fill('7');
  const end = addDays(start, 6);
  await expect(dialog.getByText(`Empezará el ${fmt(start)} y terminará el ${fmt(end)}.`)).toBeVisible();
  await duration.fill('0');
  await expect(dialog.getByText('Indica un número de días entre 1 y 365')).toBeVisible();
  await duration.fill('7');
  await page.screenshot({ path: '/tmp/i31-cycles-new-1280.png' });
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Crear ciclo' }).click();
  await expect(toast(page, `Ciclo creado: ${range(start, end)}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  // The new cycle is selected (issue 49, point 7), and the focus is back on the button that opened the dialog.
  await expect(page.getByRole('button', { name: /^Ciclo / })).toContainText(range(start, end));
  await expect(page.getByRole('button', { name: 'Nuevo ciclo' })).toBeFocused();

  // The new cycle is the last one: its end moves, never before its start.
  let list = await openCycles(page);
  await expect(list.getByRole('option')).toHaveCount(2);
  await page.screenshot({ path: '/tmp/i31-cycles-list-1280.png' });
  await expect(
    list.getByRole('button', {
      name: `Cambiar la fecha de fin del ciclo ${range(first.startDate, first.endDate)}`,
    }),
  ).toHaveCount(0);
  await list.getByRole('button', { name: `Cambiar la fecha de fin del ciclo ${range(start, end)}` }).click();
  const edit = page.getByRole('dialog', { name: `Cambiar la fecha de fin del ciclo ${range(start, end)}` });
  await expect(edit).toBeVisible();
  const endField = edit.getByLabel('Fecha de fin');
  const newEnd = addDays(start, 9);
  await endField.fill(newEnd);
  await endField.press('Tab');
  await expect(edit.getByText('El ciclo durará 10 días.')).toBeVisible();
  await page.screenshot({ path: '/tmp/i31-cycles-end-1280.png' });
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, `El ciclo termina ahora el ${fmt(newEnd)}`)).toBeVisible();
  await expect(edit).toBeHidden();
  // Opened from the list, which closed: the focus comes back to the picker's button, not to the page's body.
  await expect(page.getByRole('button', { name: /^Ciclo / })).toBeFocused();

  // The first cycle holds no items but is not the last: only the last one offers deletion.
  list = await openCycles(page);
  await expect(list.getByText(range(start, newEnd))).toBeVisible();
  await expect(list.getByRole('button', { name: /^Eliminar el ciclo / })).toHaveCount(1);
  await list.getByRole('button', { name: `Eliminar el ciclo ${range(start, newEnd)}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `¿Eliminar el ciclo ${range(start, newEnd)}?` });
  await expect(confirm).toBeVisible();
  // Cancelled: nothing happens.
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: /^Ciclo / })).toBeFocused();
  list = await openCycles(page);
  await expect(list.getByRole('option')).toHaveCount(2);
  await list.getByRole('button', { name: `Eliminar el ciclo ${range(start, newEnd)}` }).click();
  await page.screenshot({ path: '/tmp/i31-cycles-delete-1280.png' });
  await page
    .getByRole('alertdialog', { name: `¿Eliminar el ciclo ${range(start, newEnd)}?` })
    .getByRole('button', { name: 'Eliminar ciclo' })
    .click();
  await expect(toast(page, 'Ciclo eliminado')).toBeVisible();
  list = await openCycles(page);
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(list.getByText('último', { exact: true })).toBeVisible();
  // The first cycle is the last again: its end may move now.
  await expect(
    list.getByRole('button', {
      name: `Cambiar la fecha de fin del ciclo ${range(first.startDate, first.endDate)}`,
    }),
  ).toBeVisible();
  expect(errors).toEqual([]);
});

test('the new-cycle dialog fits a 390 px screen and shows its dates', async ({ browser, request }) => {
  const { portfolioId, first } = await started(request);
  const { page } = await openPlan(browser, portfolioId, 390);
  await page.getByRole('button', { name: 'Nuevo ciclo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo ciclo' });
  const start = addDays(first.endDate, 1);
  await expect(
    dialog.getByText(`Empezará el ${fmt(start)} y terminará el ${fmt(addDays(start, 13))}.`),
  ).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(dialog.getByRole('button', { name: 'Crear ciclo' })).toBeInViewport();
  await page.screenshot({ path: '/tmp/i31-cycles-new-390.png' });
  await dialog.getByRole('button', { name: 'Crear ciclo' }).click();
  await expect(toast(page, `Ciclo creado: ${range(start, addDays(start, 13))}`)).toBeVisible();

  // The list of cycles with the last one's actions, at 390 px too.
  await page.getByRole('button', { name: /^Ciclo / }).click();
  const list = page.getByRole('dialog', { name: 'Ciclo' });
  await expect(
    list.getByRole('button', { name: `Eliminar el ciclo ${range(start, addDays(start, 13))}` }),
  ).toBeInViewport();
  await page.screenshot({ path: '/tmp/i31-cycles-list-390.png' });
});

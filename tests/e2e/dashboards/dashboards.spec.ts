import type { Browser, Page } from '@playwright/test';
import { seriousViolations } from '../../support/axe.ts';
import { apiAs, newPortfolio } from '../../support/production.ts';
import { signIn } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

const widths = [1280, 390] as const;

const inDays = (n: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

async function open(browser: Browser, role: 'employee' | 'client', url: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, role);
  await page.goto(url);
  return page;
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * A cycle with items in several statuses, made through the API: two drafts, one in internal review, one
 * with internal changes requested and one sent to the client.
 */
test.describe('dashboards', () => {
  let portfolioId: string;
  const ids: Record<string, string> = {};

  test.beforeAll(async ({ request }) => {
    portfolioId = await newPortfolio(request);
    const { call } = await apiAs(request, 'employee');
    const cycle = await call('post', `/production/portfolios/${portfolioId}/start`, { cycleDuration: 14 });
    const item = async (title: string, publishDate?: string) =>
      (await call('post', `/production/cycles/${cycle._id}/items`, { title, publishDate }))._id as string;
    const step = (id: string, action: string, body: object = {}) =>
      call('post', `/production/items/${id}/${action}`, body);

    ids.draftA = await item('Borrador de pan', inDays(1));
    ids.draftB = await item('Borrador de dulces');
    ids.inReview = await item('Reel en revisión', inDays(2));
    await step(ids.inReview, 'mark-for-internal-review', { materialData: { copy: '<p>Versión 1</p>' } });
    ids.changes = await item('Carrusel con cambios');
    await step(ids.changes, 'mark-for-internal-review');
    await step(ids.changes, 'request-internal-changes', { reviewComments: 'Falta el logotipo' });
    ids.forClient = await item('Post para el cliente', inDays(3));
    await step(ids.forClient, 'mark-for-internal-review');
    // Another person of the team approves it for the client (four eyes).
    await (await apiAs(request, 'admin')).call(
      'post',
      `/production/items/${ids.forClient}/approve-for-client`,
      {
        reviewComments: 'Listo para el cliente',
      },
    );

    const comment = (entityId: string, body: string, visibility: 'internal' | 'client') =>
      call('post', '/comments', { entityType: 'item', entityId, body, visibility });
    await comment(ids.draftA, '<p>Idea secreta del borrador</p>', 'internal');
    await comment(ids.forClient, '<p>Nota solo del equipo</p>', 'internal');
    await comment(ids.forClient, '<p>Te lo enviamos hoy</p>', 'client');

    // The demo client gets the client's default grant on this portfolio (as the admin would).
    const client = await apiAs(request, 'client');
    const me = await client.call('get', '/auth/me');
    const admin = await apiAs(request, 'admin');
    await admin.call('post', `/users/${me._id}/portfolio-access`, { portfolioId });
  });

  for (const width of widths) {
    test(`the employee's dashboard counts the cycle per status and a count opens the plan filtered (${width} px)`, async ({
      browser,
    }) => {
      const page = await open(browser, 'employee', `/portfolios/${portfolioId}/dashboard`, width);
      await expect(page.getByRole('heading', { name: 'Dashboard del portafolio' })).toBeVisible();

      const statuses = page.getByRole('region', { name: 'Piezas por estado' });
      await expect(statuses.getByRole('link', { name: 'Borrador 2 piezas' })).toBeVisible();
      await expect(statuses.getByRole('link', { name: 'En revisión interna 1 pieza' })).toBeVisible();
      await expect(
        statuses.getByRole('link', { name: 'Cambios internos solicitados 1 pieza' }),
      ).toBeVisible();
      await expect(statuses.getByRole('link', { name: 'En revisión del cliente 1 pieza' })).toBeVisible();
      await expect(
        statuses.getByRole('link', { name: 'Cambios solicitados por el cliente 0 piezas' }),
      ).toBeVisible();
      await expect(statuses.getByRole('link', { name: 'Aprobado 0 piezas' })).toBeVisible();

      const cycle = page.getByRole('region', { name: 'Ciclo actual' });
      await expect(cycle.getByText('Quedan 14 días')).toBeVisible();
      await expect(cycle.getByRole('progressbar', { name: 'Progreso del ciclo' })).toHaveAttribute(
        'aria-valuenow',
        '0',
      );
      await expect(cycle.getByText('0 de 5 piezas aprobadas')).toBeVisible();

      const internal = page.getByRole('region', { name: 'Revisiones internas pendientes' });
      await expect(internal.getByRole('link', { name: 'Reel en revisión' })).toHaveAttribute(
        'href',
        `/portfolios/${portfolioId}/review?item=${ids.inReview}`,
      );
      await expect(page.getByRole('region', { name: 'Cambios solicitados por el cliente' })).toContainText(
        'El cliente no ha pedido cambios',
      );
      const upcoming = page.getByRole('region', { name: 'Publicaciones de los próximos 7 días' });
      await expect(upcoming.getByRole('link')).toHaveText([
        'Borrador de pan',
        'Reel en revisión',
        'Post para el cliente',
      ]);
      const activity = page.getByRole('region', { name: 'Actividad reciente' });
      await expect(activity.getByText('Aprobó para el cliente').first()).toBeVisible();

      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `/tmp/dash-staff-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // Keyboard: the first count link is reachable with Tab and opens the plan filtered by its status.
      const drafts = statuses.getByRole('link', { name: 'Borrador 2 piezas' });
      await drafts.focus();
      await expect(drafts).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/portfolios/${portfolioId}/production\\?status=draft$`));
      await expect(page.getByText('Borrador de pan').first()).toBeVisible();
      await page.context().close();
    });
  }

  test("the client's dashboard shows only the item in client review, with 'Revisar', never the drafts", async ({
    browser,
  }) => {
    for (const width of widths) {
      const page = await open(browser, 'client', `/portfolios/${portfolioId}/client-dashboard`, width);
      await expect(page.getByRole('heading', { name: 'Mi Dashboard' })).toBeVisible();
      const awaiting = page.getByRole('region', { name: 'Esperan tu revisión' });
      await expect(awaiting.getByText('Post para el cliente', { exact: true })).toBeVisible();
      await expect(page.getByTestId('dash-awaiting-count')).toHaveText('1');
      const review = awaiting.getByRole('link', { name: 'Revisar «Post para el cliente»' });
      await expect(review).toHaveCount(1);
      await expect(review).toHaveAttribute('href', `/portfolios/${portfolioId}/review?item=${ids.forClient}`);
      await expect(page.getByRole('region', { name: 'Aprobadas en este ciclo' })).toContainText(
        'Aún no hay piezas aprobadas en este ciclo',
      );
      const comments = page.getByRole('region', { name: 'Comentarios recientes' });
      await expect(comments.getByRole('listitem')).toHaveCount(1);
      await expect(comments).toContainText('Te lo enviamos hoy');
      await expect(comments.getByRole('link', { name: 'en «Post para el cliente»' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Ciclo actual' })).toContainText('Quedan 14 días');

      const text = (await page.locator('main').textContent()) ?? '';
      for (const hidden of [
        'Borrador de pan',
        'Borrador de dulces',
        'Reel en revisión',
        'Carrusel con cambios',
        'Idea secreta',
        'Nota solo del equipo',
      ]) {
        expect(text).not.toContain(hidden);
      }
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `/tmp/dash-client-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      await review.click();
      await expect(page).toHaveURL(new RegExp(`/portfolios/${portfolioId}/review\\?item=${ids.forClient}$`));
      await page.context().close();
    }
  });

  test('a failed load says so in Spanish and «Reintentar» loads again', async ({ browser }) => {
    // Its route must see the page's requests: no service worker (support/test.ts, refuseRoutes).
    const context = await browser.newContext({
      viewport: { width: 390, height: 900 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await signIn(page, 'employee');
    let fail = true;
    await page.route('**/api/production/portfolios/*/dashboard', (route) =>
      fail
        ? route.fulfill({ status: 503, json: { message: 'Servicio no disponible', code: 'UNAVAILABLE' } })
        : route.continue(),
    );
    await page.goto(`/portfolios/${portfolioId}/dashboard`);
    await expect(page.getByText('No se pudo cargar el dashboard')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('region', { name: 'Piezas por estado' })).toBeVisible();
    await context.close();
  });

  test('the staff dashboard follows a colleague’s review without a reload', async ({ browser, request }) => {
    const page = await open(browser, 'employee', `/portfolios/${portfolioId}/dashboard`, 1280);
    const statuses = page.getByRole('region', { name: 'Piezas por estado' });
    await expect(statuses.getByRole('link', { name: 'En revisión interna 1 pieza' })).toBeVisible();
    const admin = await apiAs(request, 'admin');
    await admin.call('post', `/production/items/${ids.inReview}/approve-for-client`, {});
    await expect(statuses.getByRole('link', { name: 'En revisión interna 0 piezas' })).toBeVisible();
    await expect(statuses.getByRole('link', { name: 'En revisión del cliente 2 piezas' })).toBeVisible();
    await expect(page.getByTestId('dash-internal-count')).toHaveText('0');
    await page.context().close();
  });

  test('a new comment shows at once on both dashboards; an internal one never on the client’s', async ({
    browser,
    request,
  }) => {
    const staff = await open(browser, 'employee', `/portfolios/${portfolioId}/dashboard`, 1280);
    const client = await open(browser, 'client', `/portfolios/${portfolioId}/client-dashboard`, 390);
    const activity = staff.getByRole('region', { name: 'Actividad reciente' });
    const clientComments = client.getByRole('region', { name: 'Comentarios recientes' });
    await expect(activity).toBeVisible();
    await expect(clientComments).toContainText('Te lo enviamos hoy');

    const admin = await apiAs(request, 'admin');
    const post = (body: string, visibility: 'internal' | 'client') =>
      admin.call('post', '/comments', { entityType: 'item', entityId: ids.forClient, body, visibility });
    await post('<p>Revisad el titular, equipo</p>', 'internal');
    await expect(activity).toContainText('Revisad el titular, equipo');
    await post('<p>¿Os encaja el titular?</p>', 'client');
    await expect(clientComments).toContainText('¿Os encaja el titular?');
    await expect(activity).toContainText('¿Os encaja el titular?');
    await expect(client.locator('main')).not.toContainText('Revisad el titular');
    await staff.context().close();
    await client.context().close();
  });
});

test('a portfolio without a cycle offers to start production', async ({ browser, request }) => {
  const portfolioId = await newPortfolio(request);
  const page = await open(browser, 'employee', `/portfolios/${portfolioId}/dashboard`, 390);
  await expect(page.getByText('La producción no tiene un ciclo en curso')).toBeVisible();
  await page.getByRole('link', { name: 'Iniciar producción' }).click();
  await expect(page).toHaveURL(new RegExp(`/portfolios/${portfolioId}/production$`));
  await page.context().close();
});

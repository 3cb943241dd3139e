import type { Page } from '@playwright/test';
import { apiAs, cafeAurora } from '../../support/production.ts';
import { signIn } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

/**
 * Issue 49, point 7: every tap target at 390 px is at least 24×24 CSS px (WCAG 2.2, 2.5.8), on every route.
 * Each route is loaded at 390 × 844 and every visible control is measured: links, buttons, form controls and
 * the ARIA widgets (checkbox, switch, tab, option, menu item…). Strict: a smaller box fails even with room
 * around it (2.5.8's spacing exception is not used). Excepted as 2.5.8 allows: a link inside a sentence (its
 * size is the line's), and what is hidden (`aria-hidden`, `inert`, visually hidden until focused: clipped, or 1 px or less).
 * Not walked: /design and /test/editor (the design system's catalogue and the editor's test page, not the
 * product's screens).
 */
test.use({ viewport: { width: 390, height: 844 } });

const MIN = 24;

interface Small {
  what: string;
  width: number;
  height: number;
}

/** The visible controls smaller than 24×24 on the page as it is now. */
function smallTargets(page: Page): Promise<Small[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="menuitemcheckbox"]',
      '[role="option"]',
      '[role="combobox"]',
      '[role="slider"]',
    ].join(',');
    const name = (el: Element) =>
      (
        el.getAttribute('aria-label') ||
        (el as HTMLInputElement).labels?.[0]?.textContent ||
        el.textContent ||
        el.getAttribute('title') ||
        el.getAttribute('name') ||
        ''
      )
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 50);
    const inSentence = (el: Element) => {
      if (!['inline', 'inline-block'].includes(getComputedStyle(el).display)) return false;
      const block = el.parentElement;
      const own = el.textContent?.trim().length ?? 0;
      return Boolean(block && (block.textContent?.trim().length ?? 0) > own + 1);
    };
    const small: Array<{ what: string; width: number; height: number }> = [];
    for (const el of document.querySelectorAll(selector)) {
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // Visually hidden until focused (the skip link): clipped away.
      if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      if (r.width >= min - 0.01 && r.height >= min - 0.01) continue;
      if (inSentence(el)) continue;
      const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
      const type = el.getAttribute('type');
      small.push({
        what: `${role}${type ? `[${type}]` : ''} «${name(el)}»`,
        width: Math.round(r.width * 10) / 10,
        height: Math.round(r.height * 10) / 10,
      });
    }
    return small;
  }, MIN);
}

/** Loads `path`, waits for `ready`, and adds what is too small to `found`. */
async function walk(
  page: Page,
  path: string,
  ready: (page: Page) => Promise<void>,
  found: string[],
  label = path,
) {
  await page.goto(path);
  await ready(page);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  for (const s of await smallTargets(page)) found.push(`${label}: ${s.what} ${s.width}×${s.height}`);
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
};

/** What was found on every route: printed at the end, each route's share asserted by its own test. */
const report = (found: string[]) => {
  if (found.length) console.log(found.join('\n'));
  expect(found, 'tap targets smaller than 24×24 px at 390 px').toEqual([]);
};

test('tap targets at 390 px: sign-in, the link page, home, settings, the admin screens, 404', async ({
  page,
}) => {
  const found: string[] = [];
  await walk(page, '/auth', heading('Iniciar sesión'), found);
  await walk(
    page,
    '/auth/link?token=caducado',
    async (p) => {
      await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
    },
    found,
  );
  await signIn(page, 'admin');
  // Right after signing in: the toast (its close button) on the home screen.
  for (const s of await smallTargets(page)) found.push(`/ (con el aviso): ${s.what} ${s.width}×${s.height}`);
  await walk(page, '/', heading('Tus portafolios'), found);
  await walk(page, '/settings', heading('Configuración'), found);
  await walk(page, '/admin/users', heading(/Usuarios/), found);
  await walk(page, '/admin/tools', heading(/Herramientas/), found);
  await walk(page, '/admin/notify', heading('Notificar'), found);
  await walk(page, '/portfolios/create', heading(/portafolio/i), found);
  await walk(page, '/no-existe', heading('Página no encontrada'), found, '404');
  report(found);
});

test('tap targets at 390 px: a portfolio’s dashboard, settings, agents and review', async ({
  page,
  request,
}) => {
  const found: string[] = [];
  await signIn(page, 'admin');
  const cafe = (await cafeAurora(page))._id;
  await walk(page, `/portfolios/${cafe}/dashboard`, heading(/.+/), found, '/portfolios/:id/dashboard');
  for (const tab of ['general', 'integrations']) {
    await walk(
      page,
      `/portfolios/${cafe}/settings/${tab}`,
      heading(/.+/),
      found,
      `/portfolios/:id/settings/${tab}`,
    );
  }
  await walk(
    page,
    `/portfolios/${cafe}/review`,
    heading('Panel de revisión'),
    found,
    '/portfolios/:id/review',
  );
  await walk(page, `/portfolios/${cafe}/agents`, heading(/Agentes/), found, '/portfolios/:id/agents');
  const employee = await apiAs(request, 'employee');
  const agent = await employee.call('post', `/agents/${cafe}`, { name: `Agente de medidas ${Date.now()}` });
  await walk(
    page,
    `/portfolios/${cafe}/agents/${agent._id}`,
    heading(/Agente de medidas/),
    found,
    '/portfolios/:id/agents/:agentId',
  );
  report(found);
});

test('tap targets at 390 px: the production plan (board, table, calendar) and a piece’s drawer', async ({
  page,
  request,
}) => {
  const found: string[] = [];
  await signIn(page, 'employee');
  const cafe = (await cafeAurora(page))._id;
  for (const view of ['board', 'table', 'calendar']) {
    await walk(
      page,
      `/portfolios/${cafe}/production?view=${view}`,
      async (p) => {
        await heading('Plan de Producción')(p);
        await expect(p.getByRole('button', { name: /^Ciclo / })).toBeVisible();
      },
      found,
      `/portfolios/:id/production?view=${view}`,
    );
  }
  const employee = await apiAs(request, 'employee');
  const cycle = await employee.call('get', `/production/portfolios/${cafe}/current-cycle`);
  const items = await employee.call('get', `/production/cycles/${cycle._id}/items?limit=1`);
  const item = items.items[0];
  await walk(
    page,
    `/portfolios/${cafe}/production?view=table&item=${item._id}`,
    async (p) => {
      await expect(p.getByRole('tab', { name: 'Detalles' })).toBeVisible();
    },
    found,
    'pieza › Detalles',
  );
  for (const tab of ['Versiones', 'Historial', 'Comentarios']) {
    await page.getByRole('tab', { name: tab }).click();
    await page.waitForTimeout(500);
    for (const s of await smallTargets(page)) found.push(`pieza › ${tab}: ${s.what} ${s.width}×${s.height}`);
  }
  report(found);
});

test('tap targets at 390 px: the client’s screens', async ({ page }) => {
  const found: string[] = [];
  await signIn(page, 'client');
  const cafe = (await cafeAurora(page))._id;
  await walk(page, '/', heading(/.+/), found, 'cliente /');
  await walk(
    page,
    `/portfolios/${cafe}/client-dashboard`,
    heading(/.+/),
    found,
    'cliente /portfolios/:id/client-dashboard',
  );
  await walk(page, `/portfolios/${cafe}/review`, heading(/.+/), found, 'cliente /portfolios/:id/review');
  report(found);
});

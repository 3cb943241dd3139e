import type { Page } from '@playwright/test';
import { type DemoRole, signIn } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

/**
 * Issue 31: no page is wider than the viewport, on any route, for any role, at 390 px (a phone) or at 1280 px.
 * Every route of the router is visited by each role, the allowed ones and the refused ones alike (a refusal is a
 * page too); the check waits for the screen's first heading and the end of loading, then compares the document's
 * scrollWidth with the viewport's width, at 390 px and, resized on the same screen, at 1280 px.
 */

const api = async (page: Page, path: string) => {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return res.ok() ? res.json() : undefined;
};

/** What sticks out past the viewport's right edge (to name it when the check fails). */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1 && getComputedStyle(el).position !== 'fixed') {
        const parentOut = el.parentElement && el.parentElement.getBoundingClientRect().right > width + 1;
        if (!parentOut)
          out.push(
            `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 3).join('.')}`,
          );
      }
    }
    return out.slice(0, 5);
  });

/** The document is as wide as the viewport or narrower; else names what sticks out. */
async function expectFits(page: Page, path: string) {
  const { scroll, viewport } = await page.evaluate(async () => {
    // Two frames: what a resize changes (media queries, and the components that listen to them) is laid out.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    return {
      scroll: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
      viewport: window.innerWidth,
    };
  });
  expect(
    scroll,
    `${path}: ${scroll} px wide in a ${viewport} px viewport (${(await overflowing(page)).join(', ')})`,
  ).toBeLessThanOrEqual(viewport);
}

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

/**
 * Opens `path` at 390 px, waits for its first heading and the end of loading, checks the width; then at 1280 px
 * on the same page (a resize lays the same screen and data out again: one load checks both widths).
 */
async function checkWidth(page: Page, path: string, widths = [phone, desktop]) {
  await page.setViewportSize(widths[0]!);
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  for (const [i, size] of widths.entries()) {
    if (i > 0) await page.setViewportSize(size);
    await expectFits(page, `${path} (${size.width} px)`);
  }
}

// The roles' walks are independent (each worker has its own server): they run side by side.
test.describe.configure({ mode: 'parallel' });

for (const role of ['admin', 'employee', 'client'] as const satisfies readonly DemoRole[]) {
  test(`every route is as wide as the viewport or narrower, as the ${role}, at 390 px and at 1280 px`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await signIn(page, role);
    const portfolios: Array<{ _id: string }> = (await api(page, '/portfolios')) ?? [];
    // The demo's portfolios are visible to every role; the client sees its own.
    const portfolio = portfolios[0]!._id;
    const agents: { items?: Array<{ _id: string }> } | Array<{ _id: string }> | undefined = await api(
      page,
      `/agents/${portfolio}`,
    );
    const agentList = Array.isArray(agents) ? agents : (agents?.items ?? []);
    const routes = [
      '/',
      '/settings',
      '/admin/users',
      '/admin/tools',
      '/admin/notify',
      '/test/editor',
      '/design',
      '/portfolios/create',
      `/portfolios/${portfolio}/dashboard`,
      `/portfolios/${portfolio}/settings/general`,
      `/portfolios/${portfolio}/settings/integrations`,
      `/portfolios/${portfolio}/production?view=board`,
      `/portfolios/${portfolio}/production?view=table`,
      `/portfolios/${portfolio}/production?view=calendar`,
      `/portfolios/${portfolio}/agents`,
      ...(agentList[0] ? [`/portfolios/${portfolio}/agents/${agentList[0]._id}`] : []),
      `/portfolios/${portfolio}/client-dashboard`,
      `/portfolios/${portfolio}/review`,
      '/no-existe',
    ];
    for (const path of routes) await checkWidth(page, path);
  });
}

test('the sign-in screens are as wide as the viewport or narrower at 390 px', async ({ page }) => {
  for (const path of ['/auth', '/auth/link']) await checkWidth(page, path, [phone]);
});

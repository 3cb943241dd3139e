import type { Page } from '@playwright/test';
import { type DemoRole, signIn } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

/**
 * Issue 31: no page is wider than the viewport, on any route, for any role, at 390 px (a phone) or at 1280 px.
 * Every route of the router is visited by each role, the allowed ones and the refused ones alike (a refusal is a
 * page too); the check waits for the screen's first heading and the end of loading, then compares the document's
 * scrollWidth with the viewport's width.
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

async function checkWidth(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  const { scroll, viewport } = await page.evaluate(() => ({
    scroll: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    viewport: window.innerWidth,
  }));
  expect(
    scroll,
    `${path}: ${scroll} px wide in a ${viewport} px viewport (${(await overflowing(page)).join(', ')})`,
  ).toBeLessThanOrEqual(viewport);
}

for (const role of ['admin', 'employee', 'client'] as const satisfies readonly DemoRole[]) {
  for (const width of [390, 1280]) {
    test(`every route is as wide as the viewport or narrower, as the ${role}, at ${width} px`, async ({
      page,
    }) => {
      test.setTimeout(300_000);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
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
}

test('the sign-in screens are as wide as the viewport or narrower at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/auth', '/auth/link']) await checkWidth(page, path);
});

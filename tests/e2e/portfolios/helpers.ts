import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { seriousViolations } from '../../support/axe.ts';
import { type DemoRole, demo, signIn } from '../../support/session.ts';

/** A value no other test (or earlier run on the same database) has used. */
export const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The API as a demo user, with their own token. */
export async function apiAs(request: APIRequestContext, role: DemoRole) {
  const login = await request.post('/api/auth/login', { data: demo[role] });
  expect(login.status()).toBe(200);
  const { token, user } = await login.json();
  const headers = { authorization: `Bearer ${token}` };
  const call = async (method: 'get' | 'post' | 'put' | 'delete', url: string, data?: object) => {
    const res = await request[method](`/api${url}`, { headers, ...(data ? { data } : {}) });
    expect(res.status(), `${method.toUpperCase()} ${url}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
  return { call, userId: user._id as string };
}

/** A portfolio made by the employee through the API (who gets the employee's default grant on it). */
export async function employeePortfolio(request: APIRequestContext, businessName: string) {
  const { call } = await apiAs(request, 'employee');
  const identifier = unique('ajustes');
  const p = await call('post', '/portfolios', {
    identifier,
    accountData: { businessName },
    productionCycleData: {
      pilaresContenido: ['Recetas', 'Comunidad'],
      angulosVenta: ['Precio'],
      formatosCreativos: ['Reel'],
    },
  });
  return { id: p._id as string, identifier, businessName };
}

/** A browser page of its own at a width, signed in as `role`. */
export async function open(browser: Browser, role: DemoRole, width: number) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 800 } });
  const page = await context.newPage();
  await signIn(page, role);
  return page;
}

export async function expectAxeClean(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

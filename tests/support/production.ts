import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type DemoRole, demo } from './session.ts';

/** Calls the API as a demo user (a token of their own). */
export async function apiAs(request: APIRequestContext, role: DemoRole) {
  const login = await request.post('/api/auth/login', { data: demo[role] });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const call = async (method: 'get' | 'post' | 'put', url: string, data?: object) => {
    const res = await request[method](`/api${url}`, { headers, ...(data ? { data } : {}) });
    expect(res.status(), `${method.toUpperCase()} ${url}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
  /** Uploads bytes to an item through its signed URL, as the browser does; answers the material file. */
  const upload = async (itemId: string, fileName: string, fileType: string, body: Buffer) => {
    const signed = await call('post', `/production/items/${itemId}/signed-url`, {
      fileName,
      fileType,
      size: body.length,
    });
    const put = await request.put(signed.url, { headers: signed.headers, data: body });
    expect(put.status()).toBe(200);
    return { s3Key: signed.s3Key as string, fileName, fileType, size: body.length };
  };
  return { call, upload };
}

/** A portfolio of its own for each test, created by the employee (who gets its default grant). */
export async function newPortfolio(request: APIRequestContext) {
  const { call } = await apiAs(request, 'employee');
  const portfolio = await call('post', '/portfolios', {
    identifier: `plan-${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
    accountData: { businessName: 'Panadería Sol' },
    productionCycleData: {
      pilaresContenido: ['Pan', 'Dulces'],
      angulosVenta: ['Tradición', 'Salud'],
      formatosCreativos: ['Reel', 'Carrusel'],
    },
  });
  return portfolio._id as string;
}

/** Gives the demo client access to a portfolio (as the admin), with the client role's default permissions. */
export async function grantDemoClient(request: APIRequestContext, portfolioId: string) {
  const admin = await apiAs(request, 'admin');
  const page = await admin.call('get', `/users?query=${encodeURIComponent(demo.client.email)}`);
  const client = (page.items as Array<{ _id: string; email: string }>).find(
    (u) => u.email === demo.client.email,
  );
  expect(client, 'the demo client').toBeTruthy();
  await admin.call('post', `/users/${client!._id}/portfolio-access`, { portfolioId });
}

/** A new portfolio with its first cycle started and one item in it, made by the employee through the API. */
export async function newItem(request: APIRequestContext, title: string, fields: object = {}) {
  const portfolioId = await newPortfolio(request);
  const employee = await apiAs(request, 'employee');
  const cycle = await employee.call('post', `/production/portfolios/${portfolioId}/start`, {
    cycleDuration: 14,
  });
  const item = await employee.call('post', `/production/cycles/${cycle._id}/items`, { title, ...fields });
  return { portfolioId, cycleId: cycle._id as string, item, employee };
}

/** The demo's portfolio with a current cycle, items and one in internal review, as the signed-in page's user reads it. */
export async function cafeAurora(page: Page): Promise<{ _id: string }> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const portfolios = await (
    await page.request.get('/api/portfolios', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  return portfolios.find(
    (p: { accountData: { businessName: string } }) => p.accountData.businessName === 'Café Aurora',
  );
}

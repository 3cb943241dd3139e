/**
 * The world both Notion-sync test files run in: a Notion peer, an app with a token whose sync retries at once,
 * an admin, an employee and a client on a portfolio linked to a page, a started cycle, and the helpers that read
 * the sync status and take an item through the review. Call it inside a describe; `current()` gives what
 * beforeAll made.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createTestApp, makePortfolio, makeUser, type TestContext, type TestUser } from '../helpers.ts';
import { NotionPeer } from './notion-peer.ts';

export const TOKEN = `ntn_${'a1B2c3D4'.repeat(5)}`;
export const PAGE = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
export const OTHER_PAGE = 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee';

export function notionSyncWorld() {
  const peer = new NotionPeer(TOKEN);
  let ctx: TestContext;
  let employee: TestUser;
  let client: TestUser;
  let admin: TestUser;
  let portfolioId: string;
  let cycleId: string;

  const as = (u: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const state = async () => {
    const res = await as(
      employee,
      'GET',
      `/api/portfolios/${portfolioId}/integraciones/notion/sincronizaciones`,
    );
    expect(res.statusCode).toBe(200);
    return res.json() as {
      configured: boolean;
      items: Array<{
        itemId: string;
        status: string;
        attempts: number;
        error: string | null;
        errorDetail: string | null;
        syncedAt: string | null;
      }>;
    };
  };
  /** An item with the given copy taken through the whole review flow; answers its id. */
  const approved = async (title: string, copy: string, extra: object = {}) => {
    const item = (
      await as(employee, 'POST', `/api/production/cycles/${cycleId}/items`, {
        title,
        format: 'Reel',
        publishDate: '2026-12-03',
        ...extra,
      })
    ).json();
    const step = async (u: TestUser, action: string, body: object = {}) => {
      const res = await as(u, 'POST', `/api/production/items/${item._id}/${action}`, body);
      expect(res.statusCode, res.body).toBe(200);
    };
    await step(employee, 'mark-for-internal-review', {
      materialData: { copy, links: ['https://ejemplo.com/brief'] },
    });
    await step(admin, 'approve-for-client');
    await step(client, 'approve-client-review');
    return item._id as string;
  };

  beforeAll(async () => {
    await peer.start();
    ctx = await createTestApp(
      { NOTION_TOKEN: TOKEN, NOTION_API_URL: peer.base, PUBLIC_URL: 'https://estudio.example.com' },
      { notion: { timeoutMs: 400, backoffMs: () => 0 } },
    );
    admin = await makeUser(ctx.app, 'admin');
    employee = await makeUser(ctx.app, 'employee');
    client = await makeUser(ctx.app, 'client');
    portfolioId = (await makePortfolio(ctx.app, [employee, client]))._id;
    cycleId = (
      await as(employee, 'POST', `/api/production/portfolios/${portfolioId}/start`, { cycleDuration: 14 })
    ).json()._id;
    const linked = await as(employee, 'POST', `/api/portfolios/${portfolioId}/integraciones/notion`, {
      paginaNotionId: PAGE,
    });
    expect(linked.statusCode).toBe(201);
    peer.page(PAGE);
  });
  afterAll(async () => {
    await ctx.close();
    await peer.stop();
  });
  beforeEach(() => {
    peer.calls.length = 0;
    peer.replies = [];
  });
  return {
    peer,
    as,
    state,
    approved,
    current: () => ({ ctx, employee, client, admin, portfolioId, cycleId }),
  };
}

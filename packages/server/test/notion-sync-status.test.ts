/**
 * The Notion sync's status and limits: the status is kept to editors, a page id that is not one is refused,
 * without a token items wait, and two instances append each item once. How items are appended, retried and
 * given up on is in notion-sync-append.test.ts.
 */
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { notionSyncs } from '../src/db/schema.ts';
import { loadEnv } from '../src/env.ts';
import {
  createTestApp,
  makePortfolio,
  makeUser,
  type TestContext,
  type TestUser,
  testDb,
} from './helpers.ts';
import { blockText } from './support/notion-peer.ts';
import { notionSyncWorld, PAGE, TOKEN } from './support/notion-sync-world.ts';

/** Client-approved items reach the linked Notion pages: once, in order, retried, with a visible status. */
describe('Notion sync', () => {
  const { peer, as, approved, current } = notionSyncWorld();
  let ctx: TestContext, employee: TestUser, client: TestUser, portfolioId: string;
  beforeAll(() => {
    ({ ctx, employee, client, portfolioId } = current());
  });

  it('keeps the status to editors: a client or another portfolio gets 403/404', async () => {
    const url = `/api/portfolios/${portfolioId}/integraciones/notion/sincronizaciones`;
    expect((await as(client, 'GET', url)).statusCode).toBe(403);
    const stranger = await makeUser(ctx.app, 'employee');
    await makePortfolio(ctx.app, [stranger]);
    expect((await as(stranger, 'GET', url)).statusCode).toBe(404);
    expect(
      (await as(stranger, 'POST', `/api/portfolios/${portfolioId}/integraciones/notion/sincronizar`))
        .statusCode,
    ).toBe(404);
  });

  it('refuses a page id that is not one, in Spanish', async () => {
    const res = await as(employee, 'POST', `/api/portfolios/${portfolioId}/integraciones/notion`, {
      paginaNotionId: 'https://evil.example.com/../x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "El campo 'paginaNotionId' no es un id de página de Notion (32 caracteres hexadecimales)",
    );
  });

  it('without a token: items wait, the status says it is not configured, «Sincronizar ahora» says what is missing', async () => {
    const bare = await createTestApp({ NOTION_API_URL: peer.base });
    try {
      const e = await makeUser(bare.app, 'employee');
      const p = await makePortfolio(bare.app, [e]);
      const status = await bare.app.inject({
        method: 'GET',
        url: `/api/portfolios/${p._id}/integraciones/notion/sincronizaciones`,
        headers: e.headers,
      });
      expect(status.json()).toEqual({ configured: false, items: [] });
      const now = await bare.app.inject({
        method: 'POST',
        url: `/api/portfolios/${p._id}/integraciones/notion/sincronizar`,
        headers: e.headers,
      });
      expect(now.statusCode).toBe(409);
      expect(now.json().message).toBe(
        'Falta el token de integración de Notion: configura NOTION_TOKEN en el servidor',
      );
      expect(await bare.app.notionSync.drain()).toBe(0);
    } finally {
      await bare.close();
    }
  });

  it.runIf(testDb === 'postgres')('two instances on one database append each item exactly once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await approved(`Concurrente ${i}`, `<p>Texto ${i}</p>`));
    await ctx.app.notionSync.drain();
    // Sent once already (each approval woke this instance); queued again, both instances compete for them.
    await ctx.app.db
      .update(notionSyncs)
      .set({ status: 'pending', attempts: 0, blocksSent: 0, syncedAt: null })
      .where(inArray(notionSyncs.itemId, ids));
    const before = peer.page(PAGE).length;
    // Slow answers, so both instances are busy at the same time.
    peer.fallback = (req, res) => setTimeout(() => peer.notion(req, res), 40);
    const second = await buildApp({
      env: loadEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: '/tmp/crw-test-data',
        NOTION_TOKEN: TOKEN,
        NOTION_API_URL: peer.base,
      }),
      database: ctx.database,
      logger: false,
    });
    await second.ready();
    try {
      const [a, b] = await Promise.all([ctx.app.notionSync.drain(), second.notionSync.drain()]);
      expect(a + b).toBe(6);
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
    } finally {
      await second.close();
      peer.fallback = peer.notion;
    }
    const titles = peer
      .page(PAGE)
      .slice(before)
      .filter((b) => b.type === 'heading_2')
      .map(blockText);
    expect(titles.sort()).toEqual(ids.map((_, i) => `Concurrente ${i}`).sort());
  });
});

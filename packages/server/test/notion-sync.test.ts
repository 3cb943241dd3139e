import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { items, notionSyncs } from '../src/db/schema.ts';
import { loadEnv } from '../src/env.ts';
import { NOTION_VERSION } from '../src/services/integrations/notion.ts';
import { NOTION_MAX_ATTEMPTS } from '../src/services/integrations/notion-sync.ts';
import {
  createTestApp,
  makePortfolio,
  makeUser,
  type TestContext,
  type TestUser,
  testDb,
} from './helpers.ts';
import { json } from './support/http-peer.ts';
import { blockText, NotionPeer } from './support/notion-peer.ts';

const TOKEN = `ntn_${'a1B2c3D4'.repeat(5)}`;
const PAGE = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
const OTHER_PAGE = 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee';

/** Client-approved items reach the linked Notion pages: once, in order, retried, with a visible status. */
describe('Notion sync', () => {
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

  it('appends a client-approved item once, as Notion blocks, with the token and version header', async () => {
    const before = peer.page(PAGE).length;
    const id = await approved(
      'Lanzamiento de otoño',
      '<h2>Gancho</h2><p>Hola <strong>otoño</strong> y <a href="https://ejemplo.com/x">enlace</a></p><ul><li><p>Uno</p></li><li>Dos</li></ul><ol><li>Primero</li></ol><script>alert(1)</script>',
    );
    // Queued with the approval (which also wakes the runner); drain waits for the run under way.
    await ctx.app.notionSync.drain();

    expect(peer.calls).toHaveLength(1);
    const [call] = peer.calls;
    expect(call!.method).toBe('PATCH');
    expect(call!.path).toBe(`/v1/blocks/${PAGE}/children`);
    expect(call!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(call!.headers['notion-version']).toBe(NOTION_VERSION);

    const blocks = peer.page(PAGE).slice(before);
    expect(blocks.map((b) => b.type)).toEqual([
      'heading_2',
      'paragraph',
      'heading_3',
      'paragraph',
      'bulleted_list_item',
      'bulleted_list_item',
      'numbered_list_item',
      'paragraph',
      'bulleted_list_item',
      'divider',
    ]);
    expect(blocks.map(blockText)).toEqual([
      'Lanzamiento de otoño',
      'Formato: Reel · Publicación: 3 de diciembre de 2026',
      'Gancho',
      'Hola otoño y enlace',
      'Uno',
      'Dos',
      'Primero',
      'Enlaces',
      'https://ejemplo.com/brief',
      '',
    ]);
    const title = (blocks[0]!.heading_2 as { rich_text: Array<{ text: { link: { url: string } } }> })
      .rich_text[0]!;
    expect(title.text.link.url).toBe(
      `https://estudio.example.com/portfolios/${portfolioId}/production?item=${id}`,
    );
    const body = (
      blocks[3]!.paragraph as {
        rich_text: Array<{ text: { content: string; link: unknown }; annotations?: object }>;
      }
    ).rich_text;
    expect(body.find((t) => t.text.content === 'otoño')?.annotations).toEqual({ bold: true });
    expect(body.find((t) => t.text.content === 'enlace')?.text.link).toEqual({
      url: 'https://ejemplo.com/x',
    });
    expect(JSON.stringify(blocks)).not.toContain('alert');

    const [row] = (await state()).items;
    expect(row).toMatchObject({ itemId: id, status: 'done', attempts: 1, error: null });
    expect(row!.syncedAt).toEqual(expect.any(String));
    // Done is done: another drain and «Sincronizar ahora» send nothing again.
    expect(await ctx.app.notionSync.drain()).toBe(0);
    const now = await as(employee, 'POST', `/api/portfolios/${portfolioId}/integraciones/notion/sincronizar`);
    expect(now.json()).toEqual({ retried: 0, queued: 0 });
    await ctx.app.notionSync.drain();
    expect(peer.calls).toHaveLength(1);
  });

  it('sends the version the client approved, never a working copy the client did not see', async () => {
    const item = (
      await as(employee, 'POST', `/api/production/cycles/${cycleId}/items`, { title: 'Versión aprobada' })
    ).json();
    const step = async (u: TestUser, action: string, body: object = {}) => {
      const res = await as(u, 'POST', `/api/production/items/${item._id}/${action}`, body);
      expect(res.statusCode, res.body).toBe(200);
    };
    await step(employee, 'mark-for-internal-review', { materialData: { copy: '<p>Texto revisado</p>' } });
    await step(admin, 'approve-for-client');
    // A working copy written behind the client's back (as the rules before issue 28 allowed): never sent.
    await ctx.app.db
      .update(items)
      .set({ materialData: { copy: '<p>Texto sin revisar</p>', files: [], links: [] } })
      .where(eq(items.id, item._id));
    const before = peer.page(PAGE).length;
    await step(client, 'approve-client-review', { versionNumber: 1 });
    await ctx.app.notionSync.drain();
    const texts = peer.page(PAGE).slice(before).map(blockText);
    expect(texts).toContain('Texto revisado');
    expect(texts).not.toContain('Texto sin revisar');
    const [row] = await ctx.app.db.select().from(items).where(eq(items.id, item._id));
    expect(row!.materialData.copy).toBe('<p>Texto revisado</p>');
  });

  it('splits a long item into appends of at most 100 blocks and 2,000 characters per text', async () => {
    const before = peer.page(PAGE).length;
    const long = 'ñ'.repeat(4500);
    const copy = `<p>${long}</p>${Array.from({ length: 150 }, (_, i) => `<p>Párrafo ${i + 1}</p>`).join('')}`;
    await approved('Guía larga', copy);
    await ctx.app.notionSync.drain();
    expect(peer.calls.map((c) => JSON.parse(c.body).children.length)).toEqual([100, 56]);
    const blocks = peer.page(PAGE).slice(before);
    const first = (blocks[2]!.paragraph as { rich_text: Array<{ text: { content: string } }> }).rich_text;
    expect(first.map((t) => t.text.content.length)).toEqual([2000, 2000, 500]);
    expect(blockText(blocks[2]!)).toBe(long);
    expect(blocks.slice(3, 153).map(blockText)).toEqual(
      Array.from({ length: 150 }, (_, i) => `Párrafo ${i + 1}`),
    );
  });

  it('retries 429 (after Retry-After), 409 and 5xx, continues where a split item stopped, fails on 4xx', async () => {
    const before = peer.page(PAGE).length;
    const copy = Array.from({ length: 120 }, (_, i) => `<p>P${i}</p>`).join('');
    peer.replies = [
      peer.notion, // the first 100 blocks land
      json(503, {
        object: 'error',
        status: 503,
        code: 'service_unavailable',
        message: 'Notion is unavailable.',
      }),
      json(409, {
        object: 'error',
        status: 409,
        code: 'conflict_error',
        message: 'Conflict occurred while saving.',
      }),
    ];
    const id = await approved('Con reintentos', copy);
    await ctx.app.notionSync.drain();
    // 3 claims: the second append failed twice, then went through; the first 100 blocks were not sent again.
    expect(peer.calls.map((c) => JSON.parse(c.body).children.length)).toEqual([100, 25, 25, 25]);
    expect(
      peer
        .page(PAGE)
        .slice(before)
        .map(blockText)
        .filter((t) => /^P\d+$/.test(t)),
    ).toHaveLength(120);
    expect((await state()).items.find((i) => i.itemId === id)).toMatchObject({ status: 'done', attempts: 3 });

    peer.calls.length = 0;
    peer.replies = [
      json(
        429,
        { object: 'error', status: 429, code: 'rate_limited', message: 'Rate limited.' },
        { 'retry-after': '2' },
      ),
    ];
    const limited = await approved('Limitada', '<p>x</p>');
    await ctx.app.notionSync.drain();
    const [waiting] = await ctx.app.db.select().from(notionSyncs).where(eq(notionSyncs.itemId, limited));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting!.error).toContain('Notion limitó las peticiones');
    expect(waiting!.runAfter.getTime() - Date.now()).toBeGreaterThan(1000);
    await ctx.app.db.update(notionSyncs).set({ runAfter: new Date() }).where(eq(notionSyncs.itemId, limited));
    await ctx.app.notionSync.drain();
    expect((await state()).items.find((i) => i.itemId === limited)).toMatchObject({
      status: 'done',
      attempts: 2,
    });

    peer.calls.length = 0;
    peer.replies = [
      json(400, {
        object: 'error',
        status: 400,
        code: 'validation_error',
        message: 'body failed validation.',
      }),
    ];
    const bad = await approved('Rechazada', '<p>x</p>');
    await ctx.app.notionSync.drain();
    expect(peer.calls).toHaveLength(1);
    const failed = (await state()).items.find((i) => i.itemId === bad)!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    // Plain Spanish with what to do; Notion's own (English) words and code apart, for «Detalles» (issue 31).
    expect(failed.error).toBe(
      'Notion rechazó el contenido de la pieza: revisa su texto y sus enlaces (el motivo exacto está en «Detalles»)',
    );
    expect(failed.errorDetail).toBe('HTTP 400 validation_error\nbody failed validation.');

    // «Sincronizar ahora» sends it again, once.
    const now = await as(employee, 'POST', `/api/portfolios/${portfolioId}/integraciones/notion/sincronizar`);
    expect(now.json()).toEqual({ retried: 1, queued: 0 });
    await ctx.app.notionSync.drain();
    expect((await state()).items.find((i) => i.itemId === bad)).toMatchObject({
      status: 'done',
      error: null,
      errorDetail: null,
    });
  });

  it('gives up after the last try on a page Notion cannot find, naming the problem', async () => {
    const other = await as(employee, 'POST', `/api/portfolios/${portfolioId}/integraciones/notion`, {
      paginaNotionId: OTHER_PAGE,
    });
    expect(other.statusCode).toBe(201);
    // Approved before the page was linked: «Sincronizar ahora» queues it for the new page.
    const now = await as(employee, 'POST', `/api/portfolios/${portfolioId}/integraciones/notion/sincronizar`);
    expect(now.json().queued).toBeGreaterThan(0);
    peer.calls.length = 0;
    await ctx.app.notionSync.drain();
    const forOther = (await state()).items.filter((i) => i.status === 'failed');
    expect(forOther.length).toBe(now.json().queued);
    // 404 is not retried: one call per item.
    expect(peer.calls).toHaveLength(forOther.length);
    expect(forOther[0]!.error).toContain('Notion no encuentra la página');
    expect(forOther[0]!.error).not.toContain('object_not_found');
    expect(forOther[0]!.errorDetail).toMatch(/^HTTP 404 object_not_found/);
    // Network errors are retried up to the limit.
    const [one] = await ctx.app.db.select().from(notionSyncs).where(eq(notionSyncs.status, 'failed'));
    await ctx.app.db
      .update(notionSyncs)
      .set({ status: 'pending', attempts: 0 })
      .where(eq(notionSyncs.id, one!.id));
    peer.calls.length = 0;
    peer.fallback = (_req, res) => res.destroy();
    try {
      await ctx.app.notionSync.drain();
    } finally {
      peer.fallback = peer.notion;
    }
    const [after] = await ctx.app.db.select().from(notionSyncs).where(eq(notionSyncs.id, one!.id));
    expect(after).toMatchObject({ status: 'failed', attempts: NOTION_MAX_ATTEMPTS });
    expect(after!.error).toContain('No se pudo conectar con Notion');
    expect(after!.error).not.toMatch(/ECONNRESET|socket hang up/);
    expect(after!.errorDetail).toMatch(/ECONNRESET|socket hang up/);
    // Removing the page's integration removes its queue.
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/portfolios/${portfolioId}/integraciones/${other.json()._id}`,
      headers: employee.headers,
      payload: { paginaNotionId: OTHER_PAGE },
    });
    expect(removed.statusCode).toBe(200);
    expect((await state()).items.filter((i) => i.status === 'failed')).toEqual([]);
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

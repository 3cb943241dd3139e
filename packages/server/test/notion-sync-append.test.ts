/**
 * Client-approved items reach the linked Notion pages: once, in order, split into appends Notion accepts,
 * retried, and given up on after the last try (that test follows the others: it queues the items they approved).
 * Who sees the status, a bad page id, no token and two instances are in notion-sync-status.test.ts.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { items, notionSyncs } from '../src/db/schema.ts';
import { NOTION_VERSION } from '../src/services/integrations/notion.ts';
import { NOTION_MAX_ATTEMPTS } from '../src/services/integrations/notion-sync.ts';
import type { TestContext, TestUser } from './helpers.ts';
import { json } from './support/http-peer.ts';
import { blockText } from './support/notion-peer.ts';
import { notionSyncWorld, OTHER_PAGE, PAGE, TOKEN } from './support/notion-sync-world.ts';

/** Client-approved items reach the linked Notion pages: once, in order, retried, with a visible status. */
describe('Notion sync', () => {
  const { peer, as, state, approved, current } = notionSyncWorld();
  let ctx: TestContext,
    employee: TestUser,
    client: TestUser,
    admin: TestUser,
    portfolioId: string,
    cycleId: string;
  beforeAll(() => {
    ({ ctx, employee, client, admin, portfolioId, cycleId } = current());
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
});

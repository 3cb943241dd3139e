import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemVersions } from '../../src/db/schema.ts';
import {
  callsAs,
  createTestApp,
  makePortfolio,
  makeUser,
  type TestContext,
  type TestUser,
} from '../helpers.ts';

interface Hit {
  type: 'portfolio' | 'item' | 'comment';
  id: string;
  title: string;
  snippet: string;
  portfolioId: string;
  portfolioName: string;
  cycleId: string | null;
  itemId: string | null;
  url: string;
}

/**
 * `GET /api/search` (issue 49, point 3): one Spanish-aware search over portfolios, pieces and comments across
 * cycles, scoped as the policy scopes every list (a client: the client view only).
 */
describe('search', () => {
  let ctx: TestContext;
  let employee: TestUser;
  let reviewer: TestUser;
  let client: TestUser;
  let outsider: TestUser;
  let admin: TestUser;
  let portfolioId: string;
  let otherPortfolioId: string;
  let oldCycleId: string;
  let newCycleId: string;
  const { as, ok } = callsAs(() => ctx.app);

  const search = async (u: TestUser, q: string, extra = '') =>
    (await ok(u, 'GET', `/api/search?q=${encodeURIComponent(q)}${extra}`)).items as Hit[];
  const newItem = async (cycleId: string, title: string, description = '') =>
    (await ok(employee, 'POST', `/api/production/cycles/${cycleId}/items`, { title, description })) as {
      _id: string;
    };
  const flow = (u: TestUser, id: string, action: string, body: object = {}) =>
    ok(u, 'POST', `/api/production/items/${id}/${action}`, body);

  let oldPiece: string;
  let draft: string;
  let sent: string;
  let unsentCopy: string;
  let internalComment: string;
  let clientComment: string;
  let foreign: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    employee = await makeUser(ctx.app, 'employee');
    reviewer = await makeUser(ctx.app, 'employee');
    client = await makeUser(ctx.app, 'client');
    outsider = await makeUser(ctx.app, 'client');
    admin = await makeUser(ctx.app, 'admin');
    portfolioId = (await makePortfolio(ctx.app, [employee, reviewer, client], 'cafeteria-sol'))._id;
    otherPortfolioId = (await makePortfolio(ctx.app, [employee, outsider]))._id;
    oldCycleId = (
      await ok(employee, 'POST', `/api/production/portfolios/${portfolioId}/start`, { cycleDuration: 14 })
    )._id;
    newCycleId = (await ok(employee, 'POST', `/api/production/portfolios/${portfolioId}/next-cycle`, {}))._id;
    const otherCycle = (
      await ok(employee, 'POST', `/api/production/portfolios/${otherPortfolioId}/start`, {
        cycleDuration: 14,
      })
    )._id;

    oldPiece = (await newItem(oldCycleId, 'Café tostado de la mañana', 'Granos de Colombia'))._id;
    draft = (await newItem(newCycleId, 'Borrador secreto de temporada', 'Solo para el equipo'))._id;
    // Sent to the client with version 1; then the team writes version 2, not sent yet.
    sent = (await newItem(newCycleId, 'Promoción de verano', 'Descuento en bebidas frías'))._id;
    await flow(employee, sent, 'mark-for-internal-review', {
      materialData: { copy: '<p>Limonada helada</p>' },
    });
    await flow(reviewer, sent, 'approve-for-client', { reviewComments: 'Bien' });
    unsentCopy = (await newItem(newCycleId, 'Pieza con texto interno', ''))._id;
    await flow(employee, unsentCopy, 'mark-for-internal-review', {
      materialData: { copy: '<p>Maracuyá confidencial</p>' },
    });
    internalComment = (
      await ok(employee, 'POST', '/api/comments', {
        entityType: 'item',
        entityId: sent,
        body: '<p>Ojo con el presupuesto de la campaña</p>',
        visibility: 'internal',
      })
    )._id;
    clientComment = (
      await ok(employee, 'POST', '/api/comments', {
        entityType: 'item',
        entityId: sent,
        body: '<p>¿Os gusta la tipografía?</p>',
        visibility: 'client',
      })
    )._id;
    foreign = (
      await ok(employee, 'POST', `/api/production/cycles/${otherCycle}/items`, {
        title: 'Café de otra cartera',
      })
    )._id;
  }, 60_000);
  afterAll(() => ctx.close());

  it('ignores accents and case and matches word forms, across cycles, with the cycle and a link', async () => {
    for (const q of ['cafe', 'CAFÉ', 'tostados', 'mañana', 'manana cafe']) {
      const hits = await search(employee, q);
      const hit = hits.find((h) => h.id === oldPiece);
      expect(hit, q).toMatchObject({
        type: 'item',
        title: 'Café tostado de la mañana',
        portfolioId,
        cycleId: oldCycleId,
        itemId: oldPiece,
        url: `/portfolios/${portfolioId}/production?cycle=${oldCycleId}&item=${oldPiece}`,
      });
    }
    const [hit] = await search(employee, 'tostados');
    expect(hit!.snippet).toContain('<mark>tostado</mark>');
    expect(await search(employee, 'tostadora')).toEqual([]);
  });

  it('finds the copy of the newest version, comments, and portfolios; the typed last word as a prefix', async () => {
    expect((await search(employee, 'limonada')).map((h) => h.id)).toEqual([sent]);
    expect((await search(employee, 'limon')).map((h) => h.id)).toEqual([sent]);
    const comment = (await search(employee, 'presupuesto'))[0]!;
    expect(comment).toMatchObject({
      type: 'comment',
      id: internalComment,
      itemId: sent,
      cycleId: newCycleId,
    });
    expect(comment.url).toBe(`/portfolios/${portfolioId}/production?cycle=${newCycleId}&item=${sent}`);
    expect(comment.snippet).toBe('Ojo con el <mark>presupuesto</mark> de la campaña');
    const folder = await search(employee, 'cafeteria');
    expect(folder[0]).toMatchObject({ type: 'portfolio', id: portfolioId, cycleId: null });
  });

  it('ranks a match in the title above one in the description or the copy', async () => {
    const title = (await newItem(oldCycleId, 'Reel de granizado', ''))._id;
    const described = (await newItem(oldCycleId, 'Otra pieza', 'Un granizado en la descripción'))._id;
    const hits = await search(employee, 'granizado');
    expect(hits.map((h) => h.id)).toEqual([title, described]);
  });

  it('shows a client only the client view: no drafts, internal comments, unsent copy or other portfolios', async () => {
    expect(await search(client, 'borrador')).toEqual([]);
    expect(await search(client, 'presupuesto')).toEqual([]);
    expect(await search(client, 'maracuya')).toEqual([]);
    expect(await search(employee, 'maracuya')).toHaveLength(1);
    expect((await search(client, 'cafe')).map((h) => h.id)).toEqual([portfolioId]);
    // Words of the title and of the sent copy together.
    expect((await search(client, 'limonada verano')).map((h) => h.id)).toEqual([sent]);
    const [promo] = await search(client, 'verano');
    expect(promo).toMatchObject({ id: sent, url: `/portfolios/${portfolioId}/review?item=${sent}` });
    expect((await search(client, 'limonada')).map((h) => h.id)).toEqual([sent]);
    expect((await search(client, 'tipografia')).map((h) => h.id)).toEqual([clientComment]);
    // A newer version the client was not sent yet (client changes asked, the team rewrote the copy).
    await ctx.app.db.execute(
      sql`update items set material_data = jsonb_set(material_data, '{copy}', '"<p>Sandía nueva</p>"'),
          current_version = 2 where id = ${sent}`,
    );
    await ctx.app.db.insert(itemVersions).values({
      itemId: sent,
      number: 2,
      materialData: { copy: '<p>Sandía nueva</p>', files: [], links: [] },
    });
    expect(await search(client, 'sandia')).toEqual([]);
    expect((await search(client, 'verano')).map((h) => h.id)).toEqual([sent]);
    expect((await search(employee, 'sandia')).map((h) => h.id)).toEqual([sent]);
    // The other portfolio's client sees its portfolio, not its draft, and nothing of this one.
    expect((await search(outsider, 'cafe')).map((h) => h.id)).toEqual([]);
    expect(await search(outsider, 'verano')).toEqual([]);
    // Staff see both portfolios'; narrowed to one with portfolioId.
    expect((await search(employee, 'cafe')).map((h) => h.id)).toEqual(
      expect.arrayContaining([oldPiece, foreign, portfolioId]),
    );
    expect((await search(employee, 'cafe', `&portfolioId=${otherPortfolioId}`)).map((h) => h.id)).toEqual([
      foreign,
    ]);
    expect((await search(admin, 'borrador')).map((h) => h.id)).toEqual([draft]);
    const refused = await as(outsider, 'GET', `/api/search?q=cafe&portfolioId=${portfolioId}`);
    expect(refused.statusCode).toBe(404);
  });

  it('refuses an empty or huge question and a limit out of bounds, in Spanish', async () => {
    for (const q of ['', '   ', '¿?!']) {
      const res = await as(employee, 'GET', `/api/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBe('Escribe al menos una palabra para buscar');
    }
    const huge = await as(employee, 'GET', `/api/search?q=${'a'.repeat(201)}`);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/q/);
    for (const limit of ['0', '51', 'x']) {
      const res = await as(employee, 'GET', `/api/search?q=cafe&limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
    }
    expect(await search(employee, 'cafe', '&limit=1')).toHaveLength(1);
    // Markup in the text is escaped; only the marks are HTML.
    await newItem(oldCycleId, 'Tarta <b>fresa</b> & nata', '');
    const [tart] = await search(employee, 'fresa');
    expect(tart!.snippet).toBe('Tarta &lt;b&gt;<mark>fresa</mark>&lt;/b&gt; &amp; nata');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { itemHistory, items } from '../../src/db/schema.ts';
import { BULK_MAX_ITEMS } from '../../src/services/review/index.ts';
import { createTestApp, makePortfolio, makeUser, type TestContext, type TestUser } from '../helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const IN_CLIENT_REVIEW = 'La pieza está en revisión del cliente: retírala de la revisión antes de cambiarla';
const FINAL = 'La pieza está aprobada: su material, archivos e historial ya no se pueden cambiar';
const NOT_FOUND = 'Pieza no encontrada';

/**
 * Issue 49, point 1: `PATCH /production/cycles/{id}/items` sets the same fields on many pieces in one
 * transaction, each as far as it may, and says why it refused the others.
 */
describe('bulk edit of a cycle’s pieces', () => {
  let ctx: TestContext;
  let editor: TestUser;
  let other: TestUser;
  let client: TestUser;
  let outsider: TestUser;
  let portfolioId: string;
  let cycleId: string;
  let otherCycleId: string;
  let foreignItemId: string;

  const as = (u: TestUser, method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const bulk = (u: TestUser, payload: object, cycle = cycleId) =>
    as(u, 'PATCH', `/api/production/cycles/${cycle}/items`, payload);
  const create = async (title: string, extra: object = {}, cycle = cycleId) => {
    const res = await as(editor, 'POST', `/api/production/cycles/${cycle}/items`, { title, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  };
  const row = async (id: string) => (await ctx.app.db.select().from(items).where(eq(items.id, id)))[0]!;

  beforeAll(async () => {
    ctx = await createTestApp();
    editor = await makeUser(ctx.app, 'employee');
    other = await makeUser(ctx.app, 'employee');
    client = await makeUser(ctx.app, 'client');
    outsider = await makeUser(ctx.app, 'employee');
    portfolioId = (await makePortfolio(ctx.app, [editor, other, client]))._id;
    cycleId = (
      await as(editor, 'POST', `/api/production/portfolios/${portfolioId}/start`, { cycleDuration: 30 })
    ).json()._id;
    // Another portfolio, with a piece of its own.
    const elsewhere = (await makePortfolio(ctx.app, [editor, outsider]))._id;
    otherCycleId = (
      await as(editor, 'POST', `/api/production/portfolios/${elsewhere}/start`, { cycleDuration: 30 })
    ).json()._id;
    foreignItemId = await create('De otro portafolio', {}, otherCycleId);
  });
  afterAll(() => ctx.close());

  it('sets every field on the pieces that may change, bumps each version and tells the open screens', async () => {
    const ids = [await create('Uno'), await create('Dos'), await create('Tres')];
    const before = await Promise.all(ids.map(row));
    const publish = vi.spyOn(ctx.app.productionEvents, 'publish');
    const set = {
      publishDate: '2026-12-20',
      format: 'Reel',
      pilar: 'A',
      angulo: 'X',
      funnelPhase: 'awareness',
      awarenessLevel: 'unaware',
      assigneeId: other.id,
    };
    const res = await bulk(editor, { ids, set });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: ids, refused: [] });
    for (const [i, id] of ids.entries()) {
      const after = await row(id);
      expect(after).toMatchObject({ ...set, version: before[i]!.version + 1 });
      const history = await ctx.app.db.select().from(itemHistory).where(eq(itemHistory.itemId, id));
      expect(history.map((h) => h.action)).toContain('update');
    }
    const changes = publish.mock.calls.flatMap(([c]) => c);
    expect(changes.map((c) => [c.kind, c.item._id, c.actorId])).toEqual(
      ids.map((id) => ['item.updated', id, editor.id]),
    );
    publish.mockRestore();
    // The new owner follows each piece, and sees it as theirs.
    const theirs = await as(other, 'GET', `/api/production/items/${ids[0]}`);
    expect(theirs.json().assigneeId).toBe(other.id);
  });

  it('refuses frozen, approved, foreign and unknown pieces with their reasons and changes the rest', async () => {
    const free = await create('Libre');
    const reviewing = await create('En revisión del cliente', { format: 'Post' });
    const approved = await create('Aprobada');
    await ctx.app.db.update(items).set({ status: 'client_review' }).where(eq(items.id, reviewing));
    await ctx.app.db.update(items).set({ status: 'approved' }).where(eq(items.id, approved));
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await bulk(editor, {
      ids: [free, reviewing, approved, foreignItemId, unknown],
      set: { format: 'Reel', publishDate: '2026-12-24' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      updated: [free],
      refused: [
        { id: reviewing, reason: IN_CLIENT_REVIEW },
        { id: approved, reason: FINAL },
        { id: foreignItemId, reason: NOT_FOUND },
        { id: unknown, reason: NOT_FOUND },
      ],
    });
    expect((await row(reviewing)).format).toBe('Post');
    expect((await row(foreignItemId)).format).toBeNull();
    expect((await row(free)).format).toBe('Reel');
    // The team's own field (the owner) still changes while the client reviews; once approved, nothing does.
    const owner = await bulk(editor, { ids: [reviewing, approved], set: { assigneeId: other.id } });
    expect(owner.json()).toEqual({ updated: [reviewing], refused: [{ id: approved, reason: FINAL }] });
  });

  it('refuses the whole call for a caller who may not edit, or may not see the cycle', async () => {
    const id = await create('Protegida');
    const asClient = await bulk(client, { ids: [id], set: { format: 'Reel' } });
    expect(asClient.statusCode).toBe(403);
    const asOutsider = await bulk(outsider, { ids: [id], set: { format: 'Reel' } });
    expect(asOutsider.statusCode).toBe(404);
    expect(asOutsider.json().message).toBe('Ciclo no encontrado');
    // The outsider's own cycle does not reach pieces of a portfolio they do not see.
    const through = await bulk(outsider, { ids: [id], set: { format: 'Reel' } }, otherCycleId);
    expect(through.json()).toEqual({ updated: [], refused: [{ id, reason: NOT_FOUND }] });
    expect((await row(id)).format).toBeNull();
  });

  it('answers a Spanish 400 for empty, huge or invalid input, changing nothing', async () => {
    const id = await create('Intacta');
    const cases: Array<[object, string]> = [
      [{ ids: [], set: { format: 'Reel' } }, "El campo 'ids' debe tener al menos 1 elementos"],
      [
        { ids: Array.from({ length: BULK_MAX_ITEMS + 1 }, () => id), set: { format: 'Reel' } },
        `El campo 'ids' debe tener como máximo ${BULK_MAX_ITEMS} elementos`,
      ],
      [{ ids: [id], set: {} }, "El campo 'set' está vacío"],
      [{ ids: [id], set: { color: 'rojo' } }, 'El cuerpo no contiene ningún campo que cambiar'],
      [{ ids: [id], set: { publishDate: '2026-13-45' } }, 'no es una fecha válida'],
      [{ ids: [id], set: { funnelPhase: 'NADA' } }, 'valor no permitido'],
      [
        { ids: [id], set: { assigneeId: outsider.id } },
        "El campo 'assigneeId' no es un miembro del portafolio",
      ],
      [{ ids: [''], set: { format: 'Reel' } }, "El campo 'ids.0'"],
      [{ set: { format: 'Reel' } }, "Falta el campo obligatorio 'ids'"],
    ];
    for (const [payload, message] of cases) {
      const res = await bulk(editor, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await row(id)).version).toBe(1);
    // An id that names nothing is a refusal, not an error.
    const odd = await bulk(editor, { ids: ['no es un id'], set: { format: 'Reel' } });
    expect(odd.json()).toEqual({ updated: [], refused: [{ id: 'no es un id', reason: NOT_FOUND }] });
  });

  it('changes each piece named twice once', async () => {
    const id = await create('Repetida');
    const res = await bulk(editor, { ids: [id, id], set: { pilar: 'B' } });
    expect(res.json()).toEqual({ updated: [id], refused: [] });
    expect((await row(id)).version).toBe(2);
  });
});

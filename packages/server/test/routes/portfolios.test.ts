import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioAccess } from '../../src/db/schema/grants.ts';
import * as schema from '../../src/db/schema.ts';
import { createTestApp, makeUser, type TestContext, type TestUser } from '../helpers.ts';

describe('portfolios API', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let employee: TestUser;
  const as = (u: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await makeUser(ctx.app, 'admin');
    employee = await makeUser(ctx.app, 'employee');
  });
  afterAll(() => ctx.close());

  it('an employee creates a portfolio, gets access to it, and the identifier becomes taken', async () => {
    expect((await as(employee, 'GET', '/api/portfolios/check-identifier/cafe-sol')).json()).toEqual({
      available: true,
    });
    const res = await as(employee, 'POST', '/api/portfolios', {
      identifier: 'cafe-sol',
      accountData: { businessName: 'Café Sol' },
      productionCycleData: {
        pilaresContenido: ['Origen'],
        angulosVenta: ['Calidad'],
        formatosCreativos: ['Reel'],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      identifier: 'cafe-sol',
      accountData: { businessName: 'Café Sol' },
      integraciones: [],
    });
    expect(
      (await as(employee, 'GET', '/api/portfolios')).json().map((p: { _id: string }) => p._id),
    ).toContain(res.json()._id);
    expect((await as(employee, 'GET', '/api/portfolios/check-identifier/cafe-sol')).json()).toEqual({
      available: false,
    });
    expect((await as(employee, 'GET', '/api/portfolios/check-identifier/No Válido')).json()).toEqual({
      available: false,
    });
    const dup = await as(admin, 'POST', '/api/portfolios', {
      identifier: 'cafe-sol',
      accountData: { businessName: 'Otro' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('IDENTIFIER_TAKEN');
    const bad = await as(admin, 'POST', '/api/portfolios', {
      identifier: 'Con Espacios',
      accountData: { businessName: 'X' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("'identifier'");
  });

  it('check-identifier answers only people who may create portfolios', async () => {
    const client = await makeUser(ctx.app, 'client');
    const cannotCreate = await makeUser(ctx.app, 'employee', { permissions: ['users.search'] });
    const canCreate = await makeUser(ctx.app, 'employee', { permissions: ['portfolios.create'] });
    await as(admin, 'POST', '/api/portfolios', {
      identifier: 'cliente-secreto',
      accountData: { businessName: 'Cliente secreto' },
    });
    const url = '/api/portfolios/check-identifier/cliente-secreto';
    for (const refused of [client, cannotCreate]) {
      const res = await as(refused, 'GET', url);
      expect(res.statusCode).toBe(403);
      // The API's error shape, and nothing about the identifier.
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.any(String) });
      expect(res.json()).not.toHaveProperty('available');
    }
    for (const allowed of [canCreate, admin]) {
      const res = await as(allowed, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ available: false });
    }
  });

  it('edits settings and manages Notion integrations', async () => {
    const p = (
      await as(employee, 'POST', '/api/portfolios', {
        identifier: 'estudio-luz',
        accountData: { businessName: 'Estudio Luz' },
      })
    ).json();
    const edited = await as(employee, 'PUT', `/api/portfolios/${p._id}`, {
      productionCycleData: { pilaresContenido: ['A', 'B'] },
    });
    expect(edited.json().productionCycleData).toEqual({
      pilaresContenido: ['A', 'B'],
      angulosVenta: [],
      formatosCreativos: [],
    });
    const integration = await as(employee, 'POST', `/api/portfolios/${p._id}/integraciones/notion`, {
      paginaNotionId: 'abc12300000000000000000000000123',
    });
    expect(integration.statusCode).toBe(201);
    expect(integration.json()).toMatchObject({
      type: 'notion',
      paginaNotionId: 'abc12300000000000000000000000123',
    });
    expect(
      (
        await as(employee, 'POST', `/api/portfolios/${p._id}/integraciones/notion`, {
          paginaNotionId: 'abc12300000000000000000000000123',
        })
      ).statusCode,
    ).toBe(409);
    expect((await as(employee, 'GET', `/api/portfolios/${p._id}/integraciones`)).json()).toHaveLength(1);
    expect((await as(employee, 'GET', `/api/portfolios/${p._id}`)).json().integraciones).toHaveLength(1);
    const wrong = await as(
      employee,
      'DELETE',
      `/api/portfolios/${p._id}/integraciones/${integration.json()._id}`,
      { paginaNotionId: 'otra' },
    );
    expect(wrong.statusCode).toBe(400);
    const ok = await as(
      employee,
      'DELETE',
      `/api/portfolios/${p._id}/integraciones/${integration.json()._id}`,
      { paginaNotionId: 'abc12300000000000000000000000123' },
    );
    expect(ok.statusCode).toBe(200);
    expect((await as(employee, 'GET', `/api/portfolios/${p._id}/integraciones`)).json()).toEqual([]);
  });

  it('deleting a portfolio leaves no orphans in any child table', async () => {
    const p = (
      await as(admin, 'POST', '/api/portfolios', {
        identifier: 'borrar-me',
        accountData: { businessName: 'Borrar' },
      })
    ).json();
    const db = ctx.app.db;
    await db
      .insert(portfolioAccess)
      .values({ userId: employee.id, portfolioId: p._id, permissions: ['portfolio.view'] });
    await db.insert(schema.portfolioIntegrations).values({ portfolioId: p._id, paginaNotionId: 'n1' });
    const [cycle] = await db
      .insert(schema.cycles)
      .values({ portfolioId: p._id, startDate: '2026-01-01', endDate: '2026-01-14' })
      .returning();
    const [item] = await db
      .insert(schema.items)
      .values({ portfolioId: p._id, cycleId: cycle!.id, title: 'Pieza' })
      .returning();
    await db
      .insert(schema.itemVersions)
      .values({ itemId: item!.id, number: 1, materialData: { copy: '', files: [], links: [] } });
    await db.insert(schema.itemHistory).values({ itemId: item!.id, action: 'create' });
    await db.insert(schema.files).values({
      itemId: item!.id,
      s3Key: `items/${item!.id}/x.png`,
      fileName: 'x.png',
      fileType: 'image/png',
    });
    const [agent] = await db.insert(schema.agents).values({ portfolioId: p._id, name: 'Agente' }).returning();
    await db.insert(schema.tasks).values({ portfolioId: p._id, agentId: agent!.id, title: 'Tarea' });
    await db
      .insert(schema.comments)
      .values({ portfolioId: p._id, entityId: item!.id, entityType: 'item', body: 'Hola' });

    expect((await as(admin, 'DELETE', `/api/portfolios/${p._id}`)).statusCode).toBe(200);
    const counts = await Promise.all(
      [
        db.select({ n: count() }).from(portfolioAccess).where(eq(portfolioAccess.portfolioId, p._id)),
        db
          .select({ n: count() })
          .from(schema.portfolioIntegrations)
          .where(eq(schema.portfolioIntegrations.portfolioId, p._id)),
        db.select({ n: count() }).from(schema.cycles).where(eq(schema.cycles.portfolioId, p._id)),
        db.select({ n: count() }).from(schema.items).where(eq(schema.items.portfolioId, p._id)),
        db.select({ n: count() }).from(schema.itemVersions).where(eq(schema.itemVersions.itemId, item!.id)),
        db.select({ n: count() }).from(schema.itemHistory).where(eq(schema.itemHistory.itemId, item!.id)),
        db.select({ n: count() }).from(schema.files).where(eq(schema.files.itemId, item!.id)),
        db.select({ n: count() }).from(schema.agents).where(eq(schema.agents.portfolioId, p._id)),
        db.select({ n: count() }).from(schema.tasks).where(eq(schema.tasks.portfolioId, p._id)),
        db.select({ n: count() }).from(schema.comments).where(eq(schema.comments.portfolioId, p._id)),
      ].map(async (q) => Number((await q)[0]!.n)),
    );
    expect(counts).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect((await as(admin, 'GET', `/api/portfolios/${p._id}`)).statusCode).toBe(404);
  });
});

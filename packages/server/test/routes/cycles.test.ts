import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makePortfolio, makeUser, type TestContext, type TestUser } from '../helpers.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('cycles stay contiguous', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let employee: TestUser;
  let client: TestUser;
  let outsider: TestUser;
  let portfolioId: string;
  let foreignCycleId: string;

  const as = (u: TestUser, method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const create = (u: TestUser, startDate: string, endDate: string, portfolio = portfolioId) =>
    as(u, 'POST', '/api/production/cycles', { portfolioId: portfolio, startDate, endDate });
  const list = async () =>
    (await as(employee, 'GET', `/api/production/portfolios/${portfolioId}/cycles?limit=100`)).json()
      .items as Array<{
      _id: string;
      startDate: string;
      endDate: string;
      isLast: boolean;
      itemCount: number;
    }>;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await makeUser(ctx.app, 'admin');
    employee = await makeUser(ctx.app, 'employee');
    client = await makeUser(ctx.app, 'client');
    outsider = await makeUser(ctx.app, 'employee');
    portfolioId = (await makePortfolio(ctx.app, [employee, client]))._id;
    const foreign = (await makePortfolio(ctx.app, [outsider]))._id;
    foreignCycleId = (
      await as(outsider, 'POST', `/api/production/portfolios/${foreign}/start`, { cycleDuration: 7 })
    ).json()._id;
  });
  afterAll(() => ctx.close());

  it('answers current-cycle with 200 and null when there is none, and the cycle once there is', async () => {
    const none = await as(client, 'GET', `/api/production/portfolios/${portfolioId}/current-cycle`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    expect(
      (await as(outsider, 'GET', `/api/production/portfolios/${portfolioId}/current-cycle`)).statusCode,
    ).toBe(404);
    const started = await as(employee, 'POST', `/api/production/portfolios/${portfolioId}/start`, {
      cycleDuration: 7,
    });
    expect(started.json()).toMatchObject({ startDate: day(0), endDate: day(6) });
    const current = await as(client, 'GET', `/api/production/portfolios/${portfolioId}/current-cycle`);
    expect(current.json()._id).toBe(started.json()._id);
  });

  it('creates the next cycle only from the day after the last one ends, once (double submit)', async () => {
    for (const [start, end] of [
      [day(6), day(12)], // overlaps the last day
      [day(8), day(14)], // leaves a gap
      [day(-30), day(-20)], // before the first
    ] as const) {
      const refused = await create(employee, start, end);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'CONFLICT' });
      expect(refused.json().message).toContain(`debe empezar el ${day(7)}`);
    }
    const backwards = await create(employee, day(7), day(6));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ code: 'VALIDATION' });
    expect(backwards.json().message).toContain("'endDate'");
    expect((await create(employee, day(7), 'mañana')).statusCode).toBe(400);
    expect((await create(employee, day(7), '2026-02-30')).statusCode).toBe(400);

    // The same dialog submitted twice at once: one cycle, one 409.
    const both = await Promise.all([create(employee, day(7), day(13)), create(employee, day(7), day(13))]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    // Submitted again afterwards: 409 too.
    expect((await create(employee, day(7), day(13))).statusCode).toBe(409);
    // A one-day cycle is a cycle.
    expect((await create(employee, day(14), day(14))).statusCode).toBe(201);

    const cycles = await list();
    expect(cycles.map((c) => [c.startDate, c.endDate])).toEqual([
      [day(14), day(14)],
      [day(7), day(13)],
      [day(0), day(6)],
    ]);
    expect(cycles.map((c) => c.isLast)).toEqual([true, false, false]);
  });

  it('refuses creation to the wrong role and to whoever may not see the portfolio', async () => {
    expect((await create(client, day(15), day(20))).statusCode).toBe(403);
    expect((await create(outsider, day(15), day(20))).statusCode).toBe(404);
    expect((await create(employee, day(15), day(20), 'no-existe')).statusCode).toBe(404);
  });

  it("moves only the last cycle's end, never before its start", async () => {
    const [last, previous] = await list();
    const moved = await as(admin, 'PATCH', `/api/production/cycles/${last!._id}`, { endDate: day(20) });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ _id: last!._id, startDate: day(14), endDate: day(20) });
    const notLast = await as(employee, 'PATCH', `/api/production/cycles/${previous!._id}`, {
      endDate: day(12),
    });
    expect(notLast.statusCode).toBe(409);
    expect(notLast.json().message).toBe(
      'Solo se puede cambiar la fecha de fin del último ciclo: los ciclos van seguidos',
    );
    const before = await as(employee, 'PATCH', `/api/production/cycles/${last!._id}`, { endDate: day(13) });
    expect(before.statusCode).toBe(400);
    expect(before.json().details).toEqual([
      { field: 'endDate', message: 'No puede ser anterior a la fecha de inicio' },
    ]);
    for (const body of [{}, { endDate: '20-01-2026' }, { endDate: null }]) {
      expect((await as(employee, 'PATCH', `/api/production/cycles/${last!._id}`, body)).statusCode).toBe(400);
    }
    // Shortened to one day, then lengthened back: the next cycle follows the new end.
    expect(
      (await as(employee, 'PATCH', `/api/production/cycles/${last!._id}`, { endDate: day(14) })).json()
        .endDate,
    ).toBe(day(14));
    expect(
      (await as(employee, 'PATCH', `/api/production/cycles/${last!._id}`, { endDate: day(16) })).json()
        .endDate,
    ).toBe(day(16));
    expect((await create(employee, day(15), day(20))).statusCode).toBe(409);
    expect((await list())[0]).toMatchObject({ _id: last!._id, endDate: day(16) });
  });

  it('refuses the change to the wrong role, outsiders, another portfolio and malformed ids', async () => {
    const [last] = await list();
    const patch = (u: TestUser, id: string) =>
      as(u, 'PATCH', `/api/production/cycles/${id}`, { endDate: day(30) });
    expect((await patch(client, last!._id)).statusCode).toBe(403);
    expect((await patch(outsider, last!._id)).statusCode).toBe(404);
    expect((await patch(employee, foreignCycleId)).statusCode).toBe(404);
    expect((await patch(employee, 'no-existe')).statusCode).toBe(404);
    expect((await patch(employee, "1' or '1'='1")).statusCode).toBe(404);
    expect((await patch(employee, 'x'.repeat(101))).statusCode).toBe(414);
    const anonymous = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/production/cycles/${last!._id}`,
      payload: { endDate: day(30) },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await list())[0]!.endDate).toBe(day(16));
  });

  it('deletes only the last cycle, only when it holds no items, after which the previous one is last', async () => {
    const [last, previous] = await list();
    const item = await as(employee, 'POST', `/api/production/cycles/${last!._id}/items`, {
      title: 'Borrador',
    });
    expect(item.statusCode).toBe(201);
    const full = await as(employee, 'DELETE', `/api/production/cycles/${last!._id}`);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'El ciclo tiene piezas: muévelas a otro ciclo o elimínalas antes de eliminar el ciclo',
    });
    const notLast = await as(employee, 'DELETE', `/api/production/cycles/${previous!._id}`);
    expect(notLast.statusCode).toBe(409);
    expect(notLast.json().message).toBe('Solo se puede eliminar el último ciclo: los ciclos van seguidos');

    expect((await as(client, 'DELETE', `/api/production/cycles/${last!._id}`)).statusCode).toBe(403);
    expect((await as(outsider, 'DELETE', `/api/production/cycles/${last!._id}`)).statusCode).toBe(404);
    expect((await as(employee, 'DELETE', `/api/production/cycles/${foreignCycleId}`)).statusCode).toBe(404);
    expect((await as(employee, 'DELETE', '/api/production/cycles/no-existe')).statusCode).toBe(404);

    expect((await as(employee, 'DELETE', `/api/production/items/${item.json()._id}`)).statusCode).toBe(200);
    const comment = await as(employee, 'POST', '/api/comments', {
      entityId: last!._id,
      entityType: 'cycle',
      body: 'Nota del ciclo',
    });
    expect(comment.statusCode).toBe(201);
    // Deleted twice at once: once.
    const both = await Promise.all([
      as(employee, 'DELETE', `/api/production/cycles/${last!._id}`),
      as(employee, 'DELETE', `/api/production/cycles/${last!._id}`),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect((await as(employee, 'GET', `/api/comments/${comment.json()._id}`)).statusCode).toBe(404);
    const cycles = await list();
    expect(cycles.map((c) => c._id)).not.toContain(last!._id);
    expect(cycles[0]).toMatchObject({ _id: previous!._id, isLast: true });
    // The next cycle now follows the previous one.
    expect((await create(employee, day(14), day(15))).statusCode).toBe(201);
  });
});

describe('strategy titles', () => {
  let ctx: TestContext;
  let employee: TestUser;
  let admin: TestUser;
  let portfolioId: string;
  let cycleId: string;

  const as = (u: TestUser, method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const generate = async (itemsCount: number, cycle = cycleId) => {
    const res = await as(employee, 'POST', `/api/production/cycles/${cycle}/items/strategy`, { itemsCount });
    expect(res.statusCode).toBe(201);
    return (res.json() as Array<{ title: string }>).map((i) => i.title);
  };
  const allTitles = async (cycle = cycleId) =>
    (
      (await as(employee, 'GET', `/api/production/cycles/${cycle}/items?limit=100`)).json().items as Array<{
        title: string;
      }>
    ).map((i) => i.title);

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await makeUser(ctx.app, 'admin');
    employee = await makeUser(ctx.app, 'employee');
    portfolioId = (await makePortfolio(ctx.app, [employee]))._id;
    const updated = await as(admin, 'PUT', `/api/portfolios/${portfolioId}`, {
      productionCycleData: {
        pilaresContenido: ['Origen del café'],
        angulosVenta: ['Precio', 'Calidad'],
        formatosCreativos: ['Reel'],
      },
    });
    expect(updated.statusCode).toBe(200);
    cycleId = (
      await as(employee, 'POST', `/api/production/portfolios/${portfolioId}/start`, { cycleDuration: 14 })
    ).json()._id;
  });
  afterAll(() => ctx.close());

  it('are unique within one run, naming the ángulo and numbering repeats', async () => {
    const titles = await generate(5);
    expect(titles).toEqual([
      'Reel · Origen del café · Precio',
      'Reel · Origen del café · Calidad',
      'Reel · Origen del café · Precio (2)',
      'Reel · Origen del café · Calidad (2)',
      'Reel · Origen del café · Precio (3)',
    ]);
  });

  it('are unique against the items the cycle already holds, whoever made them', async () => {
    await as(employee, 'POST', `/api/production/cycles/${cycleId}/items`, {
      title: 'Reel · Origen del café · Calidad (7)',
    });
    const titles = await generate(3);
    expect(titles).toEqual([
      'Reel · Origen del café · Precio (4)',
      'Reel · Origen del café · Calidad (8)',
      'Reel · Origen del café · Precio (5)',
    ]);
    const every = await allTitles();
    expect(new Set(every).size).toBe(every.length);
  });

  it('are the same for the same state (deterministic), and two runs at once never collide', async () => {
    const next = (
      await as(employee, 'POST', `/api/production/portfolios/${portfolioId}/next-cycle`, { cycleDuration: 7 })
    ).json()._id;
    await Promise.all([generate(4, next), generate(4, next)]);
    const every = await allTitles(next);
    expect(every).toHaveLength(8);
    expect(new Set(every).size).toBe(8);
    expect([...every].sort()).toEqual(
      [
        'Reel · Origen del café · Precio',
        'Reel · Origen del café · Calidad',
        ...[2, 3, 4].flatMap((n) => [
          `Reel · Origen del café · Precio (${n})`,
          `Reel · Origen del café · Calidad (${n})`,
        ]),
      ].sort(),
    );
  });

  it('are unique also with characters LIKE treats specially and without dimensions', async () => {
    await as(admin, 'PUT', `/api/portfolios/${portfolioId}`, {
      productionCycleData: { pilaresContenido: ['100%_real'], angulosVenta: [], formatosCreativos: [] },
    });
    const next = (
      await as(employee, 'POST', `/api/production/portfolios/${portfolioId}/next-cycle`, { cycleDuration: 7 })
    ).json()._id;
    await as(employee, 'POST', `/api/production/cycles/${next}/items`, { title: '100%Xreal (5)' });
    expect(await generate(2, next)).toEqual(['100%_real', '100%_real (2)']);
    await as(admin, 'PUT', `/api/portfolios/${portfolioId}`, {
      productionCycleData: { pilaresContenido: [], angulosVenta: [], formatosCreativos: [] },
    });
    expect(await generate(2, next)).toEqual(['Pieza', 'Pieza (2)']);
  });
});

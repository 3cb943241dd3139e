import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, cycles, items, tasks, users } from '../src/db/schema.ts';
import { errorsPlugin } from '../src/plugins/errors.ts';
import { createTestApp, makePortfolio, makeUser, type TestContext, type TestUser } from './helpers.ts';

/** What an answer must never carry: a stack frame or SQL. */
const leak = /at .*\(.*:\d+:\d+\)|select |insert into|update .* set|violates|syntax error|node_modules/i;

/** The classes of 500 an earlier fuzzing pass found, each answered now with the right 4xx in Spanish. */
describe('bad input is a 4xx', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let employee: TestUser;
  let portfolioId: string;
  let cycleId: string;
  let itemId: string;
  let agentId: string;
  let taskId: string;
  const as = (
    u: TestUser | undefined,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: u?.headers ?? {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await makeUser(ctx.app, 'admin');
    employee = await makeUser(ctx.app, 'employee');
    portfolioId = (await makePortfolio(ctx.app, [employee]))._id;
    const [cycle] = await ctx.app.db
      .insert(cycles)
      .values({ portfolioId, startDate: '2070-01-01', endDate: '2070-01-10' })
      .returning();
    cycleId = cycle!.id;
    const [item] = await ctx.app.db
      .insert(items)
      .values({ portfolioId, cycleId, title: 'Pieza' })
      .returning();
    itemId = item!.id;
    const [agent] = await ctx.app.db.insert(agents).values({ portfolioId, name: 'A' }).returning();
    agentId = agent!.id;
    const [task] = await ctx.app.db
      .insert(tasks)
      .values({ portfolioId, agentId, title: 'T', itemId })
      .returning();
    taskId = task!.id;
  });
  afterAll(() => ctx.close());

  it('refuses a NUL byte anywhere, even signing in, naming the field', async () => {
    const login = await as(undefined, 'POST', '/api/auth/login', { email: 'a\u0000@b.co', password: 'x' });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ code: 'VALIDATION' });
    expect(login.json().message).toContain("'email'");
    const password = await as(undefined, 'POST', '/api/auth/login', {
      email: employee.email,
      password: `${employee.password}\u0000`,
    });
    expect(password.statusCode).toBe(400);
    expect(password.json().message).toContain("'password'");

    const nested = await as(employee, 'POST', `/api/production/cycles/${cycleId}/items`, {
      title: 'ok',
      description: 'a\u0000b',
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().message).toContain("'description'");
    const deep = await as(admin, 'PUT', `/api/portfolios/${portfolioId}`, {
      productionCycleData: { pilaresContenido: ['bien', 'mal\u0000'] },
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toContain("'productionCycleData.pilaresContenido.1'");
    const key = await as(employee, 'PUT', `/api/tasks/${taskId}`, { 'title\u0000': 'x' });
    expect(key.statusCode).toBe(400);

    const query = await as(employee, 'GET', '/api/users/search?query=%00');
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toContain("'query'");
    const param = await as(employee, 'GET', '/api/portfolios/a%00b');
    expect(param.statusCode).toBe(400);
    expect(param.json().message).toContain("'id'");
    for (const res of [login, password, nested, deep, key, query, param]) expect(res.body).not.toMatch(leak);
  });

  it('answers broken or over-long paths in Spanish, without echoing them', async () => {
    const bad = await as(employee, 'GET', '/api/portfolios/%E0%A4%A');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      code: 'VALIDATION',
      message: 'La dirección contiene una codificación no válida',
    });
    const long = await as(employee, 'GET', `/api/portfolios/${'x'.repeat(500)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({
      code: 'URI_TOO_LONG',
      message: 'La dirección de la petición es demasiado larga',
    });
  });

  it('refuses an update that changes nothing, also when only unknown fields were sent', async () => {
    const res = await as(employee, 'PUT', `/api/tasks/${taskId}`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'El cuerpo no contiene ningún campo que cambiar',
    });
    // Unknown fields are dropped by the validator: what is left is an empty update.
    const unknown = await as(employee, 'PUT', `/api/tasks/${taskId}`, { titulo: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('El cuerpo no contiene ningún campo que cambiar');
    for (const url of [
      `/api/tools/${randomUUID()}`,
      `/api/users/${employee.id}`,
      `/api/portfolios/${portfolioId}`,
      `/api/production/items/${itemId}`,
      `/api/comments/${randomUUID()}`,
    ]) {
      for (const body of [{}, { desconocido: 1 }]) {
        const r = await as(admin, 'PUT', url, body);
        expect(r.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(r.json().message).toBe('El cuerpo no contiene ningún campo que cambiar');
      }
    }
  });

  it('answers 404 for a portfolio that does not exist, also to an admin', async () => {
    const missing = randomUUID();
    const agent = await as(admin, 'POST', `/api/agents/${missing}`, { name: 'Fantasma' });
    expect(agent.statusCode).toBe(404);
    expect(agent.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Portafolio no encontrado' });
    const notion = await as(admin, 'POST', `/api/portfolios/${missing}/integraciones/notion`, {
      paginaNotionId: '0123456789abcdef0123456789abcdef',
    });
    expect(notion.statusCode).toBe(404);
    expect(notion.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Portafolio no encontrado' });
    const task = await as(admin, 'POST', '/api/tasks', { title: 'x', agentId, portfolioId: missing });
    expect(task.statusCode).toBe(404);
    const cycle = await as(admin, 'POST', '/api/production/cycles', {
      portfolioId: missing,
      startDate: '2071-01-01',
      endDate: '2071-01-10',
    });
    expect(cycle.statusCode).toBe(404);
    const grant = await as(admin, 'POST', `/api/users/${employee.id}/portfolio-access`, {
      portfolioId: missing,
    });
    expect(grant.statusCode).toBe(404);
  });

  it('refuses names made only of spaces', async () => {
    const agent = await as(admin, 'POST', `/api/agents/${portfolioId}`, { name: '   ' });
    expect(agent.statusCode).toBe(400);
    expect(agent.json().message).toBe("El campo 'name' está vacío");
    const task = await as(employee, 'PUT', `/api/tasks/${taskId}`, { title: ' ' });
    expect(task.statusCode).toBe(400);
    expect(task.json().message).toBe("El campo 'title' está vacío");
    const tool = await as(admin, 'POST', '/api/tools', { name: ' ', kind: 'notion' });
    expect(tool.statusCode).toBe(400);
    const notion = await as(admin, 'POST', `/api/portfolios/${portfolioId}/integraciones/notion`, {
      paginaNotionId: '  ',
    });
    expect(notion.statusCode).toBe(400);
    expect(notion.json().message).toBe("El campo 'paginaNotionId' está vacío");
  });

  it('bounds the page so the offset never overflows', async () => {
    for (const page of ['1e20', '922337203685477580', '100001']) {
      for (const url of [
        `/api/production/portfolios/${portfolioId}/cycles?page=${page}`,
        `/api/production/cycles/${cycleId}/items?page=${page}`,
        `/api/tasks?page=${page}`,
        `/api/users?page=${page}`,
        `/api/comments?entityType=item&entityId=${itemId}&page=${page}`,
      ]) {
        const res = await as(admin, 'GET', url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message).toBe("El campo 'page' debe ser como máximo 100000");
      }
    }
    const last = await as(admin, 'GET', `/api/tasks?page=100000&limit=100`);
    expect(last.statusCode).toBe(200);
    expect(last.json().items).toEqual([]);
  });

  it('takes a null assignee as "unassigned" and refuses an empty one', async () => {
    const created = await as(employee, 'POST', `/api/production/cycles/${cycleId}/items`, {
      title: 'Sin asignar',
      assigneeId: null,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().assigneeId).toBeNull();
    const assigned = await as(employee, 'PUT', `/api/production/items/${created.json()._id}`, {
      assigneeId: employee.id,
    });
    expect(assigned.json().assigneeId).toBe(employee.id);
    const unassigned = await as(employee, 'PUT', `/api/production/items/${created.json()._id}`, {
      assigneeId: null,
    });
    expect(unassigned.statusCode).toBe(200);
    expect(unassigned.json().assigneeId).toBeNull();
    for (const body of [{ assigneeId: '' }, { title: 'x', assigneeId: '' }]) {
      const empty = await as(employee, 'PUT', `/api/production/items/${created.json()._id}`, body);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toContain("'assigneeId'");
    }
    const emptyOnCreate = await as(employee, 'POST', `/api/production/cycles/${cycleId}/items`, {
      title: 'x',
      assigneeId: '',
    });
    expect(emptyOnCreate.statusCode).toBe(400);
  });

  it('takes a null item as "unlinked" on a task and refuses an empty one', async () => {
    const unlinked = await as(employee, 'PUT', `/api/tasks/${taskId}`, { itemId: null });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().itemId).toBeNull();
    const empty = await as(employee, 'PUT', `/api/tasks/${taskId}`, { itemId: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain("'itemId'");
    const cleared = await as(employee, 'PUT', `/api/tasks/${taskId}`, { result: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().result).toBeNull();
  });

  it('refuses dates that do not exist, naming the field', async () => {
    for (const dueDate of ['2070-13-45', '2071-02-29', '0000-01-01']) {
      const res = await as(employee, 'PUT', `/api/tasks/${taskId}`, { dueDate });
      expect(res.statusCode, dueDate).toBe(400);
      expect(res.json().message).toContain("'dueDate'");
    }
    expect((await as(employee, 'PUT', `/api/tasks/${taskId}`, { dueDate: '2072-02-29' })).statusCode).toBe(
      200,
    );
  });
});

/**
 * The error handler's net behind the services' checks: real PostgreSQL (or PGlite) errors caused by data,
 * raised through Drizzle on this project's database, become 4xx with a Spanish message and no SQL.
 */
describe('database errors caused by data', () => {
  let ctx: TestContext;
  let app: ReturnType<typeof Fastify>;
  let portfolioId: string;
  let userId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.app.db;
    portfolioId = (await makePortfolio(ctx.app))._id;
    userId = (await makeUser(ctx.app, 'employee')).id;
    const [agent] = await db.insert(agents).values({ portfolioId, name: 'A' }).returning();
    await db.insert(tasks).values({ portfolioId, agentId: agent!.id, title: 'T', createdBy: userId });
    app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    const run = (query: () => Promise<unknown>) => async () => {
      await query();
      return { ok: true };
    };
    app.get(
      '/fk',
      run(() =>
        db.insert(tasks).values({ portfolioId, agentId: randomUUID(), title: 'huérfana' }).returning(),
      ),
    );
    app.get(
      '/in-use',
      run(() => db.delete(users).where(eq(users.id, userId))),
    );
    app.get(
      '/not-null',
      run(() =>
        db.execute(sql`insert into agents (id, portfolio_id, name) values ('x', ${portfolioId}, null)`),
      ),
    );
    app.get(
      '/text',
      run(() => db.execute(sql`select ${'abc'}::integer`)),
    );
    app.get(
      '/range',
      run(() => db.execute(sql`select ${'99999999999'}::integer`)),
    );
    app.get(
      '/date',
      run(() => db.execute(sql`select ${'2024-13-45'}::date`)),
    );
    app.get(
      '/date-format',
      run(() => db.execute(sql`select ${'mañana'}::date`)),
    );
    app.get(
      '/encoding',
      run(() => db.execute(sql`select convert_from('\\xff'::bytea, 'UTF8')`)),
    );
    app.get(
      '/too-long',
      run(() => db.execute(sql.raw(`do $$ declare v varchar(2); begin v := 'abcdef'; end $$`))),
    );
    app.get(
      '/bug',
      run(() => db.execute(sql`select * from tabla_que_no_existe`)),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.body).not.toMatch(leak);
    return { status: res.statusCode, ...res.json() };
  };

  it('a foreign key that misses is a 404 naming the field', async () => {
    expect(await get('/fk')).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: "El elemento indicado en 'agentId' no existe",
    });
  });

  it('a row still referenced is a 409', async () => {
    expect(await get('/in-use')).toMatchObject({ status: 409, code: 'CONFLICT' });
  });

  it('values PostgreSQL refuses are a 400', async () => {
    expect(await get('/not-null')).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: "El campo 'name' no tiene un valor obligatorio",
    });
    for (const [url, message] of [
      ['/text', 'La petición tiene un valor con un formato no válido'],
      ['/range', 'La petición tiene un número fuera del rango permitido'],
      ['/date', 'La petición tiene una fecha u hora fuera del rango permitido'],
      ['/date-format', 'La petición tiene una fecha u hora con un formato no válido'],
      ['/encoding', 'La petición contiene caracteres no válidos'],
      ['/too-long', 'La petición tiene un texto demasiado largo'],
    ] as const) {
      expect(await get(url), url).toMatchObject({ status: 400, code: 'VALIDATION', message });
    }
  });

  it('a server bug stays a 500 without its SQL', async () => {
    expect(await get('/bug')).toEqual({
      status: 500,
      code: 'INTERNAL',
      message: 'Error interno del servidor',
    });
  });
});

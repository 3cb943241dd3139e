import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemHistory, users } from '../../src/db/schema.ts';
import { createTestApp, makePortfolio, makeUser, type TestContext, type TestUser } from '../helpers.ts';

describe('users API', () => {
  let ctx: TestContext;
  let admin: TestUser;
  const as = (
    u: TestUser,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await makeUser(ctx.app, 'admin');
  });
  afterAll(() => ctx.close());

  it('creates, lists (paginated, filtered), edits and finds users; a duplicate email is 409', async () => {
    const created = await as(admin, 'POST', '/api/users', {
      email: 'Lucia@Test.local',
      name: 'Lucía Pérez',
      role: 'employee',
      password: 'contraseña-1',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      email: 'lucia@test.local',
      role: 'employee',
      permissions: ['portfolios.create', 'users.search'],
    });
    expect(
      (
        await as(admin, 'POST', '/api/users', {
          email: 'lucia@test.local',
          name: 'Otra',
          role: 'client',
          password: 'contraseña-1',
        })
      ).statusCode,
    ).toBe(409);
    const page = (await as(admin, 'GET', '/api/users?query=luc&limit=5')).json();
    expect(page).toMatchObject({ total: 1, page: 1, limit: 5 });
    expect(page.items[0].name).toBe('Lucía Pérez');
    const found = (await as(admin, 'GET', '/api/users/search?query=PÉREZ')).json();
    expect(found.map((u: { email: string }) => u.email)).toContain('lucia@test.local');
    const edited = await as(admin, 'PUT', `/api/users/${created.json()._id}`, { name: 'Lucía P.' });
    expect(edited.json().name).toBe('Lucía P.');
  });

  it('sorts the whole list before paging, by name, email, role or creation, both ways', async () => {
    for (const [name, role] of [
      ['Zoe Sort', 'client'],
      ['Ana Sort', 'employee'],
      ['Marta Sort', 'admin'],
    ] as const) {
      const res = await as(admin, 'POST', '/api/users', {
        email: `${name.split(' ')[0]!.toLowerCase()}.sort@test.local`,
        name,
        role,
        password: 'contraseña-1',
      });
      expect(res.statusCode).toBe(201);
    }
    const names = async (qs: string) =>
      ((await as(admin, 'GET', `/api/users?query=sort&${qs}`)).json().items as Array<{ name: string }>).map(
        (u) => u.name,
      );
    expect(await names('sort=name')).toEqual(['Ana Sort', 'Marta Sort', 'Zoe Sort']);
    expect(await names('sort=name&order=desc')).toEqual(['Zoe Sort', 'Marta Sort', 'Ana Sort']);
    expect(await names('sort=role')).toEqual(['Marta Sort', 'Zoe Sort', 'Ana Sort']);
    expect(await names('sort=createdAt&order=desc')).toEqual(['Marta Sort', 'Ana Sort', 'Zoe Sort']);
    // The first page of one is the first of the whole sorted list, not of an unsorted page.
    expect(await names('sort=name&order=desc&limit=1')).toEqual(['Zoe Sort']);
    expect(await names('sort=email&page=2&limit=1')).toEqual(['Marta Sort']);
    const bad = await as(admin, 'GET', '/api/users?sort=password');
    expect(bad.statusCode).toBe(400);

    // A search's total goes as far as its page (one row read past it: «at least» while there are more), exact on
    // its last page; past the end, the matches up to the page's start.
    const page = async (qs: string) => (await as(admin, 'GET', `/api/users?query=sort&${qs}`)).json();
    expect(await page('limit=1')).toMatchObject({ total: 2, atLeast: true, page: 1 });
    expect(await page('limit=2&page=2')).toMatchObject({ total: 3, page: 2 });
    expect((await page('limit=2&page=2')).atLeast).toBeUndefined();
    const past = await page('limit=2&page=4');
    expect(past).toMatchObject({ items: [], total: 3 });
    expect(past.atLeast).toBeUndefined();
    // `%` and `_` are literal characters, not wildcards.
    expect((await as(admin, 'GET', '/api/users?query=s%25t')).json().total).toBe(0);
    expect((await as(admin, 'GET', '/api/users?query=a_s')).json().total).toBe(0);
  });

  it('names the invalid field in Spanish', async () => {
    const res = await as(admin, 'POST', '/api/users', {
      email: 'no-es-correo',
      name: 'X',
      role: 'client',
      password: 'contraseña-1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("El campo 'email' no tiene un formato válido");
    const role = await as(admin, 'POST', '/api/users', {
      email: 'a@b.cd',
      name: 'X',
      role: 'jefe',
      password: 'contraseña-1',
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toContain("'role'");
  });

  it("a role change ends that user's sessions at once; nobody changes their own role", async () => {
    const u = await makeUser(ctx.app, 'employee');
    expect((await as(u, 'GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await as(admin, 'PUT', `/api/users/${u.id}`, { role: 'client' })).json().role).toBe('client');
    expect((await as(u, 'GET', '/api/auth/me')).statusCode).toBe(401);
    const self = await as(admin, 'PUT', `/api/users/${admin.id}`, { role: 'client' });
    expect(self.statusCode).toBe(403);
    expect(
      (await as(admin, 'PATCH', `/api/users/${admin.id}/permissions`, { permissions: [] })).statusCode,
    ).toBe(403);
  });

  it('global permissions accept only known global keys', async () => {
    const u = await makeUser(ctx.app, 'client');
    const bad = await as(admin, 'PATCH', `/api/users/${u.id}/permissions`, {
      permissions: ['production.edit'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('production.edit');
    const ok = await as(admin, 'PATCH', `/api/users/${u.id}/permissions`, { permissions: ['users.search'] });
    expect(ok.json().permissions).toEqual(['users.search']);
  });

  it('grants, lists and revokes portfolio access with role defaults', async () => {
    const u = await makeUser(ctx.app, 'client');
    const p = await makePortfolio(ctx.app);
    const granted = await as(admin, 'POST', `/api/users/${u.id}/portfolio-access`, { portfolioId: p._id });
    expect(granted.json()).toMatchObject({
      portfolioId: p._id,
      permissions: ['portfolio.view', 'production.view', 'review.client', 'comments.write'],
    });
    expect((await as(u, 'GET', `/api/portfolios/${p._id}`)).statusCode).toBe(200);
    expect((await as(u, 'GET', '/api/users/permissions')).json().portfolios).toEqual([
      { portfolioId: p._id, permissions: granted.json().permissions },
    ]);
    expect((await as(admin, 'GET', `/api/users/${u.id}/portfolio-access`)).json()[0].businessName).toBe(
      p.accountData.businessName,
    );
    expect(
      (await as(admin, 'POST', `/api/users/${u.id}/portfolio-access`, { portfolioId: 'no-existe' }))
        .statusCode,
    ).toBe(404);
    expect((await as(admin, 'DELETE', `/api/users/${u.id}/portfolio-access/${p._id}`)).statusCode).toBe(200);
    expect((await as(u, 'GET', `/api/portfolios/${p._id}`)).statusCode).toBe(404);
  });

  it('deleting a user keeps the history they authored and frees their email', async () => {
    const u = await makeUser(ctx.app, 'employee');
    const p = await makePortfolio(ctx.app, [u]);
    // A history entry authored by the user (written directly: production has its own tests).
    const { cycles, items } = await import('../../src/db/schema.ts');
    const [cycle] = await ctx.app.db
      .insert(cycles)
      .values({ portfolioId: p._id, startDate: '2026-01-01', endDate: '2026-01-10' })
      .returning();
    const [item] = await ctx.app.db
      .insert(items)
      .values({ portfolioId: p._id, cycleId: cycle!.id, title: 'Pieza', authorId: u.id })
      .returning();
    await ctx.app.db.insert(itemHistory).values({ itemId: item!.id, actorId: u.id, action: 'create' });
    expect((await as(admin, 'DELETE', `/api/users/${u.id}`)).statusCode).toBe(200);
    expect((await as(u, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await as(admin, 'GET', `/api/users/${u.id}`)).statusCode).toBe(404);
    expect(await ctx.app.db.select().from(itemHistory).where(eq(itemHistory.actorId, u.id))).toHaveLength(1);
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const again = await as(admin, 'POST', '/api/users', {
      email: u.email,
      name: 'Nueva',
      role: 'client',
      password: 'contraseña-1',
    });
    expect(again.statusCode).toBe(201);
    expect((await as(admin, 'DELETE', `/api/users/${admin.id}`)).statusCode).toBe(403);
  });
});

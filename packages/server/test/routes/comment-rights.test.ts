import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makePortfolio, makeUser, type TestContext, type TestUser } from '../helpers.ts';

/** Each comment tells its reader whether they may edit or delete it: its author or an admin (`canEdit`). */
describe('comments: canEdit', () => {
  let ctx: TestContext;
  let author: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let client: TestUser;
  let portfolioId: string;

  const as = (u: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const list = async (u: TestUser) => {
    const res = await as(u, 'GET', `/api/comments?entityType=portfolio&entityId=${portfolioId}`);
    expect(res.statusCode).toBe(200);
    return res.json().items as { _id: string; canEdit: boolean }[];
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    author = await makeUser(ctx.app, 'employee');
    other = await makeUser(ctx.app, 'employee');
    admin = await makeUser(ctx.app, 'admin');
    client = await makeUser(ctx.app, 'client');
    portfolioId = (await makePortfolio(ctx.app, [author, other, client]))._id;
  });
  afterAll(() => ctx.close());

  it('is true for its author and an admin, false for another member and a client, as the writes agree', async () => {
    const created = await as(author, 'POST', '/api/comments', {
      entityType: 'portfolio',
      entityId: portfolioId,
      body: '<p>Para todos</p>',
      visibility: 'client',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().canEdit).toBe(true);
    const id = created.json()._id as string;

    const seen = async (u: TestUser) => (await list(u)).find((c) => c._id === id)?.canEdit;
    expect(await seen(author)).toBe(true);
    expect(await seen(admin)).toBe(true);
    expect(await seen(other)).toBe(false);
    expect(await seen(client)).toBe(false);

    const one = async (u: TestUser) => (await as(u, 'GET', `/api/comments/${id}`)).json().canEdit;
    expect(await one(admin)).toBe(true);
    expect(await one(other)).toBe(false);

    // The answer matches what the server lets each of them do.
    expect((await as(other, 'PUT', `/api/comments/${id}`, { body: '<p>No</p>' })).statusCode).toBe(403);
    expect((await as(client, 'PUT', `/api/comments/${id}`, { body: '<p>No</p>' })).statusCode).toBe(403);
    const edited = await as(admin, 'PUT', `/api/comments/${id}`, { body: '<p>Sí</p>' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().canEdit).toBe(true);
  });

  it('a thread reads newest first with order=desc (a client still only its own side); another order is refused in Spanish', async () => {
    for (const [text, visibility] of [
      ['<p>Primero, para todos</p>', 'client'],
      ['<p>Segundo, del equipo</p>', 'internal'],
      ['<p>Tercero, para todos</p>', 'client'],
    ] as const)
      expect(
        (
          await as(author, 'POST', '/api/comments', {
            entityType: 'portfolio',
            entityId: portfolioId,
            body: text,
            visibility,
          })
        ).statusCode,
      ).toBe(201);
    const read = async (u: TestUser, order: string) => {
      const res = await as(
        u,
        'GET',
        `/api/comments?entityType=portfolio&entityId=${portfolioId}&limit=100&order=${order}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().items as { body: string }[])
        .map((c) => c.body)
        .filter((b) => /Primero|Segundo|Tercero/.test(b));
    };
    expect(await read(author, 'desc')).toEqual([
      '<p>Tercero, para todos</p>',
      '<p>Segundo, del equipo</p>',
      '<p>Primero, para todos</p>',
    ]);
    expect(await read(author, 'asc')).toEqual([
      '<p>Primero, para todos</p>',
      '<p>Segundo, del equipo</p>',
      '<p>Tercero, para todos</p>',
    ]);
    expect(await read(client, 'desc')).toEqual(['<p>Tercero, para todos</p>', '<p>Primero, para todos</p>']);

    const wrong = await as(
      author,
      'GET',
      `/api/comments?entityType=portfolio&entityId=${portfolioId}&order=sideways`,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("El campo 'order' tiene un valor no permitido");
  });
});

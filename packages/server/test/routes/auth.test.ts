import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { createTestApp, makeUser, type TestContext } from '../helpers.ts';

describe('auth', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ LOGIN_RATE_LIMIT: '5' });
  });
  afterAll(() => ctx.close());

  it('signs in with the right password and never returns the hash', async () => {
    const u = await makeUser(ctx.app, 'employee');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email.toUpperCase(), password: u.password },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ _id: u.id, email: u.email, role: 'employee' });
    expect(res.body).not.toContain('argon2');
    expect(body.user.passwordHash).toBeUndefined();
  });

  it('refuses a wrong password with 401 and a Spanish message', async () => {
    const u = await makeUser(ctx.app, 'client');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: 'incorrecta' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Correo o contraseña incorrectos', code: 'INVALID_CREDENTIALS' });
  });

  it('names the missing field in a 400', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@y.z' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Falta el campo obligatorio 'password'");
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_JSON');
  });

  it('GET /auth/me answers the user of the token, 401 without one', async () => {
    const u = await makeUser(ctx.app, 'admin');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: u.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ _id: u.id, role: 'admin' });
    const anon = await ctx.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(anon.statusCode).toBe(401);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Bearer nope' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('INVALID_TOKEN');
  });

  it('a token stops working at once when the user is deleted or their role changes', async () => {
    const a = await makeUser(ctx.app, 'employee');
    await ctx.app.db.update(users).set({ role: 'client', tokenVersion: 1 }).where(eq(users.id, a.id));
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: a.headers })).statusCode,
    ).toBe(401);
    const b = await makeUser(ctx.app, 'employee');
    await ctx.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, b.id));
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: b.headers })).statusCode,
    ).toBe(401);
  });

  it('rate-limits sign-in per account with a Spanish 429', async () => {
    const u = await makeUser(ctx.app, 'client');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `10.0.0.${i + 1}`,
        payload: { email: u.email, password: 'incorrecta' },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toMatch(/Demasiados intentos/);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('rate-limits sign-in per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.9.9.9',
        payload: { email: `nadie${i}@test.local`, password: 'x' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(statuses[0]).toBe(401);
  });
});

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

  it('a cached user is read again at once when an admin changes them', async () => {
    const admin = await makeUser(ctx.app, 'admin');
    const u = await makeUser(ctx.app, 'employee');
    const me = () => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: u.headers });
    expect((await me()).json().name).not.toBe('Nombre nuevo'); // cached now
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${u.id}`,
      headers: admin.headers,
      payload: { name: 'Nombre nuevo' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await me()).json().name).toBe('Nombre nuevo');
    const demoted = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${u.id}`,
      headers: admin.headers,
      payload: { role: 'client' },
    });
    expect(demoted.statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
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

  const login = (payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, headers, payload });

  it('limits guessing one account from one address, but never locks the owner out of their own device', async () => {
    const u = await makeUser(ctx.app, 'client');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await login({ email: u.email, password: 'incorrecta' }, '10.200.0.1');
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toMatch(/Demasiados intentos/);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Even the right password from the guessing address waits out the minute…
    expect((await login({ email: u.email, password: u.password }, '10.200.0.1')).statusCode).toBe(429);
    // …while the owner, from another address, signs in.
    expect((await login({ email: u.email, password: u.password }, '10.200.0.2')).statusCode).toBe(200);
  });

  it('does not trust X-Forwarded-For unless TRUST_PROXY says so', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await login({ email: `rota${i}@test.local`, password: 'x' }, '10.8.8.8', {
        'x-forwarded-for': `203.0.113.${i + 1}`,
      });
      statuses.push(res.statusCode);
    }
    // Rotating the header does not escape the per-address limit of the real peer.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);

    const behindProxy = await createTestApp({ LOGIN_RATE_LIMIT: '5', TRUST_PROXY: '1' });
    try {
      const forwarded: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await behindProxy.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.7.7.7', // the proxy
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}` }, // one client each
          payload: { email: `via-proxy${i}@test.local`, password: 'x' },
        });
        forwarded.push(res.statusCode);
      }
      expect(forwarded).toEqual([401, 401, 401, 401, 401, 401, 401]);
    } finally {
      await behindProxy.close();
    }
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

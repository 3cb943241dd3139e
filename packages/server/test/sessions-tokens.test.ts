import { SignJWT, UnsecuredJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type TestContext, type TestUser } from './helpers.ts';
import { type Headers, key, sessionsWorld } from './support/sessions-world.ts';

/** Sessions end when the account changes: tokens, sockets, powers. */
describe('sessions and role changes', () => {
  const { as, open, userRow, current } = sessionsWorld();
  let ctx: TestContext;
  beforeAll(() => {
    ({ ctx } = current());
  });

  describe('tokens', () => {
    const bearer = (token: string): Headers => ({ headers: { authorization: `Bearer ${token}` } });
    const claims = async (u: TestUser) => ({ tv: (await userRow(u.id)).tokenVersion });

    it('refuses a token without an expiry, even correctly signed', async () => {
      const u = await makeUser(ctx.app, 'employee');
      const forever = await new SignJWT(await claims(u))
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(u.id)
        .setIssuedAt()
        .sign(key);
      expect((await as(bearer(forever), 'GET', '/api/auth/me')).statusCode).toBe(401);
      await expect(open(forever)).rejects.toThrow(/Sesión inválida/);
      // The same token with an expiry is accepted: the expiry is what was missing.
      const bounded = await new SignJWT(await claims(u))
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(u.id)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key);
      expect((await as(bearer(bounded), 'GET', '/api/auth/me')).statusCode).toBe(200);
    });

    it.each([
      ['another algorithm (HS512, same secret)', { alg: 'HS512' }, {}],
      ['a signature by another secret', { key: 'otro-secreto-de-32-caracteres-como-minimo!' }, {}],
      ['an old token version', {}, { tv: 99 }],
      ['an expired token', { exp: Math.floor(Date.now() / 1000) - 60 }, {}],
      ['no subject', { noSub: true }, {}],
    ] as const)('refuses %s', async (_name, how, payload) => {
      const u = await makeUser(ctx.app, 'employee');
      const opts = how as { alg?: string; key?: string; exp?: number; noSub?: boolean };
      let jwt = new SignJWT({ ...(await claims(u)), ...payload })
        .setProtectedHeader({ alg: opts.alg ?? 'HS256' })
        .setIssuedAt()
        .setExpirationTime(opts.exp ?? '1h');
      if (!opts.noSub) jwt = jwt.setSubject(u.id);
      const token = await jwt.sign(opts.key ? new TextEncoder().encode(opts.key) : key);
      const res = await as(bearer(token), 'GET', '/api/auth/me');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
      await expect(open(token)).rejects.toThrow(/Sesión inválida/);
    });

    it('a token accepted once is refused once it expires, and a copy with another signature never passes', async () => {
      const u = await makeUser(ctx.app, 'employee');
      const expiresAt = Math.floor(Date.now() / 1000) + 2;
      const token = await new SignJWT(await claims(u))
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(u.id)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key);
      // Accepted twice (the second time its signature is not checked again)…
      expect((await as(bearer(token), 'GET', '/api/auth/me')).statusCode).toBe(200);
      expect((await as(bearer(token), 'GET', '/api/auth/me')).statusCode).toBe(200);
      // …while the same claims under another signature are refused.
      const [header, body, signature] = token.split('.');
      const forged = `${header}.${body}.${signature!.slice(0, -4)}${signature!.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
      expect((await as(bearer(forged), 'GET', '/api/auth/me')).statusCode).toBe(401);
      // Once its expiry has passed, the token that was accepted is refused.
      await new Promise((r) => setTimeout(r, Math.max(0, expiresAt * 1000 - Date.now()) + 50));
      const late = await as(bearer(token), 'GET', '/api/auth/me');
      expect(late.statusCode).toBe(401);
      expect(late.json()).toMatchObject({ code: 'INVALID_TOKEN' });
      await expect(open(token)).rejects.toThrow(/Sesión inválida/);
    });

    it('refuses an unsigned token (alg none)', async () => {
      const u = await makeUser(ctx.app, 'employee');
      const token = new UnsecuredJWT(await claims(u)).setSubject(u.id).setExpirationTime('1h').encode();
      expect((await as(bearer(token), 'GET', '/api/auth/me')).statusCode).toBe(401);
      await expect(open(token)).rejects.toThrow(/Sesión inválida/);
    });
  });
});

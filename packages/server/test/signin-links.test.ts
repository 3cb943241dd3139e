import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { signinLinks } from '../src/db/schema.ts';
import { loadEnv } from '../src/env.ts';
import { redactUrl } from '../src/lib/log-serializers.ts';
import type { Actor } from '../src/policy.ts';
import { createSigninLink, isAppPath, signinLinkUrl } from '../src/services/people/signin-links.ts';
import { deleteUser, updateUser } from '../src/services/people/users.ts';
import { createTestApp, freshDatabase, makeUser, type TestContext, type TestUser } from './helpers.ts';

const GONE = { message: 'Este enlace ya se usó o caducó', code: 'SIGNIN_LINK_GONE' };
const system: Actor = { id: 'system', role: 'admin', permissions: [] };

let addressCounter = 0;
/** A distinct address per call, so the per-address limit is only met where a test means to meet it. */
const nextAddress = () => {
  addressCounter += 1;
  return `10.29.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

/** One-time sign-in links (issue 29): single use, expiry, void on account changes, one answer for all. */
describe('one-time sign-in links', () => {
  let ctx: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    admin = await makeUser(ctx.app, 'admin');
  });
  afterAll(() => ctx.close());

  const redeem = (token: unknown, extra: Record<string, unknown> = {}, remoteAddress = nextAddress()) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/link',
      remoteAddress,
      payload: { token, ...extra },
    });
  const link = (user: { id: string }, target = '/portfolios/p1/review?item=i1') =>
    createSigninLink(ctx.app.db, { userId: user.id, target, ttlHours: 168 });

  it('opens an ordinary session for the link’s user and answers its target', async () => {
    const client = await makeUser(ctx.app, 'client');
    const token = await link(client);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await redeem(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      user: { _id: client.id, email: client.email, role: 'client' },
      target: '/portfolios/p1/review?item=i1',
    });
    expect(body.user.passwordHash).toBeUndefined();
    // The same shape as a login, and a session as good as one.
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()._id).toBe(client.id);
    // Only the hash is stored.
    const rows = await ctx.app.db.select().from(signinLinks).where(eq(signinLinks.userId, client.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('works once: the second use answers 410 with the one message and the target', async () => {
    const client = await makeUser(ctx.app, 'client');
    const token = await link(client, '/portfolios/p2/review');
    expect((await redeem(token)).statusCode).toBe(200);
    const again = await redeem(token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({
      ...GONE,
      details: [{ field: 'target', message: '/portfolios/p2/review' }],
    });
  });

  it('is used once when redeemed twice at the same time', async () => {
    const client = await makeUser(ctx.app, 'client');
    const token = await link(client);
    const answers = await Promise.all([redeem(token), redeem(token), redeem(token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410, 410]);
  });

  it('expires', async () => {
    const client = await makeUser(ctx.app, 'client');
    const token = await link(client);
    const [row] = await ctx.app.db
      .select({ expiresAt: signinLinks.expiresAt, createdAt: signinLinks.createdAt })
      .from(signinLinks)
      .where(eq(signinLinks.userId, client.id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(168 * 3_600_000, -4);
    await ctx.app.db
      .update(signinLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(signinLinks.userId, client.id));
    const res = await redeem(token);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject(GONE);
  });

  it('is void after a password change, a role change or the user’s deletion', async () => {
    const byPassword = await makeUser(ctx.app, 'client');
    const byRole = await makeUser(ctx.app, 'employee');
    const byDeletion = await makeUser(ctx.app, 'client');
    const tokens = [await link(byPassword), await link(byRole), await link(byDeletion)];
    await updateUser(ctx.app, system, byPassword.id, { password: 'otra-contraseña-segura-2' });
    await updateUser(ctx.app, system, byRole.id, { role: 'client' });
    await deleteUser(ctx.app, system, byDeletion.id);
    for (const token of tokens) {
      const res = await redeem(token);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject(GONE);
    }
    // A change that is neither (the name) leaves a link working.
    const renamed = await makeUser(ctx.app, 'client');
    const token = await link(renamed);
    await updateUser(ctx.app, system, renamed.id, { name: 'Otro nombre' });
    expect((await redeem(token)).statusCode).toBe(200);
  });

  it('answers wrong, garbage and huge tokens with the same 410, never a 5xx', async () => {
    const client = await makeUser(ctx.app, 'client');
    const real = await link(client);
    const wrong = [
      `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`,
      '',
      ' ',
      'x',
      "' or 1=1 --",
      '💥'.repeat(50),
      'a'.repeat(200_000),
      12345,
    ];
    for (const token of wrong) {
      const res = await redeem(token);
      expect(res.statusCode, String(token).slice(0, 20)).toBe(410);
      expect(res.json()).toEqual(GONE);
    }
    // A malformed request is one for every route: no token, or a NUL character (the input guard).
    for (const payload of [{}, { token: 'a\u0000b' }]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/link',
        remoteAddress: nextAddress(),
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    // None of those used the real link up.
    expect((await redeem(real)).statusCode).toBe(200);
  });

  it('asks before closing another person’s session, and not the same person’s', async () => {
    const client = await makeUser(ctx.app, 'client');
    const token = await link(client);
    const other = await redeem(token, { sessionUserId: admin.id });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'OTHER_SESSION' });
    const same = await redeem(token, { sessionUserId: client.id });
    expect(same.statusCode).toBe(200);
    // A dead link says so whoever is signed in.
    expect((await redeem(token, { sessionUserId: admin.id })).json()).toMatchObject(GONE);
    const confirmed = await link(client);
    expect((await redeem(confirmed, { sessionUserId: admin.id })).statusCode).toBe(409);
    expect((await redeem(confirmed)).statusCode).toBe(200);
  });

  it('takes only app paths as targets', async () => {
    const client = await makeUser(ctx.app, 'client');
    for (const target of [
      '//evil.com',
      '/\\evil.com',
      '/\t/evil.com',
      'https://x',
      'javascript:alert(1)',
      'evil.com',
      '',
      `/${'a'.repeat(2000)}`,
    ]) {
      expect(isAppPath(target), target).toBe(false);
      await expect(link(client, target)).rejects.toMatchObject({ code: 'VALIDATION' });
    }
    for (const target of ['/', '/portfolios/a/review?item=b#c', '/settings'])
      expect(isAppPath(target)).toBe(true);
    await expect(
      createSigninLink(ctx.app.db, { userId: 'nadie', target: '/', ttlHours: 1 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('builds the email’s URL on the public origin', () => {
    expect(signinLinkUrl('https://estudio.test', 'abc_-9')).toBe(
      'https://estudio.test/auth/link?token=abc_-9',
    );
    expect(signinLinkUrl('https://estudio.test/', 'abc')).toBe('https://estudio.test/auth/link?token=abc');
  });
});

describe('sign-in links: limits and logs', () => {
  it('limits attempts per address (429), shared through Redis when there is one', async () => {
    const redis = process.env.REDIS_URL
      ? new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 3 })
      : undefined;
    const ctx = await createTestApp({ LOGIN_RATE_LIMIT: '5' }, { redis });
    try {
      const remoteAddress = `10.30.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/link',
          remoteAddress,
          payload: { token: `adivinanza-${i}` },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
      }
      expect(codes).toEqual([410, 410, 410, 410, 410, 429, 429]);
    } finally {
      await ctx.close();
      redis?.disconnect();
    }
  });

  it('never writes the link’s token to the log', async () => {
    const lines: string[] = [];
    const database = await freshDatabase();
    const app = await buildApp({
      env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'trace', DATA_DIR: '/tmp/crw-test-data' }),
      database,
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      await app.ready();
      const user = await makeUser(app, 'client');
      const token = await createSigninLink(app.db, { userId: user.id, target: '/', ttlHours: 1 });
      await app.inject({ method: 'GET', url: `/auth/link?token=${token}` });
      await app.inject({ method: 'GET', url: `/auth/link?%74oken=${token}` });
      const ok = await app.inject({ method: 'POST', url: '/api/auth/link', payload: { token } });
      expect(ok.statusCode).toBe(200);
      await app.inject({ method: 'POST', url: '/api/auth/link', payload: { token } });
      const log = lines.join('');
      expect(log).toContain('/auth/link?token=[oculto]');
      expect(log).toContain('/api/auth/link');
      expect(log).not.toContain(token);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('redacts only the token parameter', () => {
    expect(redactUrl('/auth/link?token=abc&next=%2F')).toBe('/auth/link?token=[oculto]&next=%2F');
    expect(redactUrl('/a?x=1&token=abc')).toBe('/a?x=1&token=[oculto]');
    expect(redactUrl('/a?tokens=abc')).toBe('/a?tokens=abc');
    expect(redactUrl('/a?%E0=1&token')).toBe('/a?%E0=1&token=[oculto]');
    expect(redactUrl('/a')).toBe('/a');
  });
});

import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { mailOutbox, signinLinks, users } from '../src/db/schema.ts';
import { createTestApp, makeUser, type TestContext } from './helpers.ts';
import { SmtpPeer } from './support/smtp-peer.ts';

/**
 * Getting in without the admin (issue 49, point 4), against a real SMTP server on loopback: a forgotten password,
 * a fresh sign-in link, a password change and invitations. Single use, expiry, the same answer (and time) for an
 * address that is nobody's, and every other session ended.
 */
const PUBLIC_URL = 'https://estudio.test';
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.49.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

async function until<T>(probe: () => Promise<T | undefined>, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`no llegó: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('getting in without the admin', () => {
  const peer = new SmtpPeer();
  let ctx: TestContext;
  let app: App;

  beforeAll(async () => {
    await peer.start();
    ctx = await createTestApp(
      {
        SMTP_URL: peer.url,
        MAIL_FROM: 'Estudio <no-reply@estudio.test>',
        PUBLIC_URL,
        LOGIN_RATE_LIMIT: '1000',
      },
      { mail: { backoffMs: () => 0 } },
    );
    app = ctx.app;
  });
  afterAll(async () => {
    await ctx?.close();
    await peer.stop();
  });

  const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `/api${url}`, remoteAddress: nextAddress(), payload, headers });
  const me = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/auth/me', headers });
  /** The n-th mail to an address, once it has arrived. */
  const mailTo = (address: string, n = 1) =>
    until(async () => {
      const mails = await peer.to(address);
      return mails.length >= n ? mails[n - 1] : undefined;
    }, `correo ${n} a ${address}`);
  const linkIn = (text: string | undefined, label: string) => {
    const url = new RegExp(`${label} (\\S+)`).exec(text ?? '')?.[1];
    expect(url, text).toBeDefined();
    return new URL(url!);
  };

  it('forgot password: 202, an email to «Nueva contraseña», the new password signs in and ends every other session', async () => {
    const user = await makeUser(app, 'employee');
    const other = await post('/auth/login', { email: user.email, password: user.password });
    const otherHeaders = { authorization: `Bearer ${other.json().token}` };

    const res = await post('/auth/password/forgot', { email: `  ${user.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    const mail = await mailTo(user.email);
    expect(mail.subject).toBe('Elige una contraseña nueva');
    expect(mail.text).toContain('caduca en 1 hora');
    expect(mail.headers.get('list-unsubscribe')).toBeUndefined();
    expect(String(mail.html)).not.toContain('Dejar de recibir estos correos');
    const link = linkIn(mail.text, 'Elegir una contraseña nueva');
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/auth/password`);
    const token = link.searchParams.get('token')!;

    // The link does not sign in by itself (it is not a sign-in link), and stays usable.
    const asSignin = await post('/auth/link', { token });
    expect(asSignin.statusCode).toBe(410);

    const reset = await post('/auth/password/reset', { token, password: 'una-contraseña-nueva-9' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().user).toMatchObject({ _id: user.id, email: user.email });
    expect((await me({ authorization: `Bearer ${reset.json().token}` })).statusCode).toBe(200);
    // Every session from before ends: this one's and the other device's.
    expect((await me(user.headers)).statusCode).toBe(401);
    expect((await me(otherHeaders)).statusCode).toBe(401);
    // The old password no longer works, the new one does.
    expect((await post('/auth/login', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect(
      (await post('/auth/login', { email: user.email, password: 'una-contraseña-nueva-9' })).statusCode,
    ).toBe(200);
    // Single use.
    const again = await post('/auth/password/reset', { token, password: 'otra-contraseña-nueva-9' });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      code: 'SIGNIN_LINK_GONE',
      message: 'Este enlace ya se usó o caducó',
    });
  });

  it('a password link expires, dies with a newer password, and a short password is refused', async () => {
    const user = await makeUser(app, 'client');
    await post('/auth/password/forgot', { email: user.email });
    await post('/auth/password/forgot', { email: user.email });
    const first = linkIn((await mailTo(user.email, 1)).text, 'Elegir una contraseña nueva');
    const second = linkIn((await mailTo(user.email, 2)).text, 'Elegir una contraseña nueva');
    const short = await post('/auth/password/reset', {
      token: first.searchParams.get('token'),
      password: 'corta',
    });
    expect(short.statusCode).toBe(400);
    // One hour.
    const [row] = await app.db
      .select({ expiresAt: signinLinks.expiresAt, createdAt: signinLinks.createdAt })
      .from(signinLinks)
      .where(eq(signinLinks.userId, user.id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(3_600_000, -4);
    await app.db
      .update(signinLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(
        eq(
          signinLinks.tokenHash,
          createHash('sha256').update(first.searchParams.get('token')!).digest('hex'),
        ),
      );
    const expired = await post('/auth/password/reset', {
      token: first.searchParams.get('token'),
      password: 'contraseña-larga-1',
    });
    expect(expired.statusCode).toBe(410);
    // The second link works; once it has set a password, the first (had it lived) would be void too.
    const ok = await post('/auth/password/reset', {
      token: second.searchParams.get('token'),
      password: 'contraseña-larga-2',
    });
    expect(ok.statusCode).toBe(200);
    for (const token of ['', 'x', 'a'.repeat(200)]) {
      const res = await post('/auth/password/reset', { token, password: 'contraseña-larga-3' });
      expect(res.statusCode).toBe(410);
    }
  });

  it('says nothing about whether an address exists: the same answer, no mail, similar time', async () => {
    const user = await makeUser(app, 'employee');
    const unknown = `nadie-${Date.now()}@test.local`;
    const known = await post('/auth/password/forgot', { email: user.email });
    const nobody = await post('/auth/password/forgot', { email: unknown });
    expect(nobody.statusCode).toBe(known.statusCode);
    expect(nobody.body).toBe(known.body);
    const linkKnown = await post('/auth/link/request', { email: user.email, next: '/' });
    const linkNobody = await post('/auth/link/request', { email: unknown, next: '/' });
    expect(linkNobody.statusCode).toBe(202);
    expect(linkNobody.body).toBe(linkKnown.body);
    await mailTo(user.email, 2);
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, unknown))).toHaveLength(0);

    // Timing: the answer comes before the address is looked up, so both take the same path. Medians of
    // alternating requests, each on its own address.
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 12; i++) {
      for (const [kind, email] of [
        ['known', user.email],
        ['unknown', unknown],
      ] as const) {
        // The previous request's work (after its answer) is left to finish first, so it slows neither kind.
        await new Promise((r) => setTimeout(r, 80));
        const start = performance.now();
        const res = await post('/auth/password/forgot', { email });
        times[kind].push(performance.now() - start);
        expect(res.statusCode).toBe(202);
      }
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const [k, u] = [median(times.known), median(times.unknown)];
    expect(Math.abs(k - u), `known ${k} ms, unknown ${u} ms`).toBeLessThan(
      Math.max(15, 0.5 * Math.max(k, u)),
    );
    // At most 5 emails an hour to one address, however many are asked for (still 202).
    await until(async () => ((await peer.to(user.email)).length >= 5 ? true : undefined), '5 correos');
    await new Promise((r) => setTimeout(r, 300));
    expect((await peer.to(user.email)).length).toBe(5);
  });

  it('«Enviarme un enlace nuevo»: a fresh one-time sign-in link to the same piece', async () => {
    const user = await makeUser(app, 'client');
    const next = '/portfolios/p1/review?item=i9';
    expect((await post('/auth/link/request', { email: user.email, next })).statusCode).toBe(202);
    const mail = await mailTo(user.email);
    expect(mail.subject).toBe('Tu enlace para entrar');
    const link = linkIn(mail.text, 'Entrar');
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/auth/link`);
    const redeemed = await post('/auth/link', { token: link.searchParams.get('token') });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toMatchObject({ target: next, user: { _id: user.id } });
    expect((await post('/auth/link', { token: link.searchParams.get('token') })).statusCode).toBe(410);
    // A target that is not an app path opens the start instead.
    await post('/auth/link/request', { email: user.email, next: '//otro.example/x' });
    const second = linkIn((await mailTo(user.email, 2)).text, 'Entrar');
    const res = await post('/auth/link', { token: second.searchParams.get('token') });
    expect(res.json().target).toBe('/');
  });

  it('«Cambiar contraseña»: a wrong current password is 400 in Spanish; a right one ends the other sessions', async () => {
    const user = await makeUser(app, 'employee');
    const other = await post('/auth/login', { email: user.email, password: user.password });
    const otherHeaders = { authorization: `Bearer ${other.json().token}` };
    const put = (payload: Record<string, unknown>, headers: Record<string, string> = user.headers) =>
      app.inject({
        method: 'PUT',
        url: '/api/auth/me/password',
        payload,
        headers,
        remoteAddress: nextAddress(),
      });
    const wrong = await put({ currentPassword: 'no-es-esta', newPassword: 'contraseña-nueva-7' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'La contraseña actual no es correcta',
    });
    expect((await me(user.headers)).statusCode).toBe(200);
    const ok = await put({ currentPassword: user.password, newPassword: 'contraseña-nueva-7' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await me({ authorization: `Bearer ${ok.json().token}` })).statusCode).toBe(200);
    expect((await me(user.headers)).statusCode).toBe(401);
    expect((await me(otherHeaders)).statusCode).toBe(401);
    expect((await put({ currentPassword: 'x', newPassword: 'contraseña-nueva-8' }, {})).statusCode).toBe(401);
  });

  it('invites a new user by email (7 days), resends to whoever has not signed in, and no longer after', async () => {
    const admin = await makeUser(app, 'admin');
    const email = `invitada-${Date.now()}@test.local`;
    const created = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: { email, name: 'Invitada', role: 'client' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ email, invitationPending: true });
    const id = created.json()._id as string;
    const mail = await mailTo(email);
    expect(mail.subject).toBe('Te damos la bienvenida a Estudio de Contenido');
    expect(mail.text).toContain('caduca en 7 días');
    const link = linkIn(mail.text, 'Elegir mi contraseña');
    const [row] = await app.db
      .select({ expiresAt: signinLinks.expiresAt, createdAt: signinLinks.createdAt })
      .from(signinLinks)
      .where(eq(signinLinks.userId, id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(168 * 3_600_000, -4);

    const resend = await app.inject({
      method: 'POST',
      url: `/api/users/${id}/invite`,
      headers: admin.headers,
    });
    expect(resend.statusCode, resend.body).toBe(202);
    await mailTo(email, 2);

    const reset = await post('/auth/password/reset', {
      token: link.searchParams.get('token'),
      password: 'mi-contraseña-elegida',
    });
    expect(reset.statusCode).toBe(200);
    const [after] = await app.db.select().from(users).where(eq(users.id, id));
    expect(after!.signedInAt).not.toBeNull();
    const listed = await app.inject({ method: 'GET', url: `/api/users/${id}`, headers: admin.headers });
    expect(listed.json().invitationPending).toBe(false);
    const late = await app.inject({ method: 'POST', url: `/api/users/${id}/invite`, headers: admin.headers });
    expect(late.statusCode).toBe(409);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/users/00000000000000000000000000/invite',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    // With a password the form works as before: no invitation.
    const withPassword = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: {
        email: `con-clave-${Date.now()}@test.local`,
        name: 'Con clave',
        role: 'employee',
        password: 'contraseña-dada-1',
      },
    });
    expect(withPassword.statusCode).toBe(201);
    expect(await peer.to(withPassword.json().email)).toHaveLength(0);
  });
});

describe('without SMTP_URL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('forgot and link requests answer 409 with what to do; the user form needs a password', async () => {
    const admin = await makeUser(ctx.app, 'admin');
    for (const url of ['/api/auth/password/forgot', '/api/auth/link/request']) {
      const res = await ctx.app.inject({ method: 'POST', url, payload: { email: admin.email } });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'El envío de correos no está configurado: pide a un administrador que te ayude a entrar',
      );
    }
    const noPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: { email: 'sin-clave@test.local', name: 'Sin clave', role: 'client' },
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toBe('Escribe una contraseña: el envío de correos no está configurado');
    const user = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: {
        email: 'con-clave@test.local',
        name: 'Con clave',
        role: 'client',
        password: 'contraseña-dada-1',
      },
    });
    expect(user.statusCode).toBe(201);
    const resend = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${user.json()._id}/invite`,
      headers: admin.headers,
    });
    expect(resend.statusCode).toBe(409);
  });
});

/**
 * The email channel (issue 29) against a real SMTP server on loopback (smtp-server, every message parsed with
 * mailparser): what a message says and links to, the one-click unsubscribe, retries of temporary refusals,
 * permanent failures that stop nobody else's mail, email off without SMTP_URL, the digest, and exactly-once
 * delivery with two instances on one PostgreSQL database (on CI its absence is a failure, never a skip).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { mailDigestEntries, mailOutbox } from '../src/db/schema.ts';
import { loadEnv } from '../src/env.ts';
import type { MailData } from '../src/services/notify/mail/templates.tsx';
import { getPreferences } from '../src/services/notify/preferences.ts';
import { createTestApp, freshDatabase, makeUser, type TestContext, testDb } from './helpers.ts';
import { SmtpPeer } from './support/smtp-peer.ts';

const PUBLIC_URL = 'http://127.0.0.1:3999';
const onCi = process.env.CI === 'true';

const asks: MailData = {
  title: 'Revisión interna',
  content: 'Ana te pide que revises «Post de lanzamiento» de Café Aurora',
  url: '/portfolios/p1/review?item=i1',
  portfolioName: 'Café Aurora',
  actorName: 'Ana',
  group: 'reviews',
};

const outboxOf = (app: App, to: string) =>
  app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));

describe('email', () => {
  const peer = new SmtpPeer();
  let ctx: TestContext;
  let app: App;

  beforeAll(async () => {
    await peer.start();
    ctx = await createTestApp(
      { SMTP_URL: peer.url, MAIL_FROM: 'Estudio <no-reply@estudio.test>', PUBLIC_URL },
      { mail: { backoffMs: () => 0 } },
    );
    app = ctx.app;
  });
  afterAll(async () => {
    await ctx?.close();
    await peer.stop();
  });

  it('sends who asks what, with the button and a one-click unsubscribe that turns the group off', async () => {
    const client = await makeUser(app, 'client');
    expect(app.mail.enabled).toBe(true);
    await app.db.transaction((tx) =>
      app.mail.enqueue(tx, { userId: client.id, to: client.email, template: 'action', data: asks }),
    );
    expect(await app.mail.drain()).toBe(1);
    const [mail, ...more] = await peer.to(client.email);
    expect(more).toHaveLength(0);
    expect(mail!.from?.value[0]).toMatchObject({ name: 'Estudio', address: 'no-reply@estudio.test' });
    expect(mail!.subject).toBe(asks.content);
    expect(mail!.text).toContain(asks.content);
    expect(mail!.text).toContain('Portafolio: Café Aurora');
    // The button is a one-time sign-in link to the piece: redeemed, it opens a session on that target.
    const button = /Abrir la pieza (\S+)/.exec(mail!.text ?? '')?.[1];
    expect(button).toMatch(new RegExp(`^${PUBLIC_URL}/auth/link\\?token=[\\w-]+$`));
    const html = String(mail!.html);
    expect(html).toContain('lang="es"');
    expect(html).toContain(`href="${button}"`);
    const redeemed = await app.inject({
      method: 'POST',
      url: '/api/auth/link',
      payload: { token: new URL(button!).searchParams.get('token') },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json()).toMatchObject({ target: asks.url, user: { _id: client.id } });
    expect(html).toContain('Dejar de recibir estos correos');

    const unsubscribe = /Dejar de recibir estos correos (\S+)/.exec(mail!.text ?? '')?.[1];
    expect(unsubscribe).toMatch(new RegExp(`^${PUBLIC_URL}/api/mail/unsubscribe\\?token=`));
    // RFC 8058: mail clients offer their own one-click unsubscribe, posting to the same link.
    const header = (key: string) => mail!.headerLines.find((h) => h.key === key)?.line;
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toContain('/api/mail/unsubscribe?token=');
    const path = unsubscribe!.slice(PUBLIC_URL.length);

    // Opening the link (a scanner, a preview) changes nothing: it shows a page with a button.
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('lang="es"');
    expect(page.body).toContain('«Revisiones»');
    expect((await getPreferences(app.db, client.id))!.reviews.email).toBe(true);

    // The button posts the form: email of that group is off, the rest stays.
    const done = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Ya no recibirás estos correos');
    const prefs = (await getPreferences(app.db, client.id))!;
    expect(prefs.reviews.email).toBe(false);
    expect(prefs.reviews.app).toBe(true);
    expect(prefs.comments.email).toBe(true);

    // The API form; a forged token is refused.
    const token = new URL(unsubscribe!).searchParams.get('token')!;
    expect(
      (await app.inject({ method: 'POST', url: '/api/mail/unsubscribe', payload: { token } })).json(),
    ).toEqual({
      success: true,
    });
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    const refused = await app.inject({
      method: 'POST',
      url: '/api/mail/unsubscribe',
      payload: { token: forged },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('no es válido');
    expect(
      (await app.inject({ method: 'GET', url: `/api/mail/unsubscribe?token=${forged}` })).statusCode,
    ).toBe(400);
  });

  it('retries a temporary refusal (451) and delivers once', async () => {
    const user = await makeUser(app, 'employee');
    peer.refuse(user.email, 451, 1);
    await app.mail.enqueue(app.db, { userId: user.id, to: user.email, template: 'reminder', data: asks });
    await app.mail.drain();
    const [row] = await outboxOf(app, user.email);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await peer.to(user.email)).toHaveLength(1);
  });

  it('records a permanent failure (550) with the address, and the other mail still goes', async () => {
    const bad = await makeUser(app, 'employee');
    const good = await makeUser(app, 'employee');
    const admin = await makeUser(app, 'admin');
    peer.refuse(bad.email, 550);
    await app.mail.enqueue(app.db, { userId: bad.id, to: bad.email, template: 'action', data: asks });
    await app.mail.enqueue(app.db, { userId: good.id, to: good.email, template: 'action', data: asks });
    expect(await app.mail.drain()).toBe(2);
    const [failed] = await outboxOf(app, bad.email);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed!.error).toBe(
      `El servidor de correo rechazó la dirección ${bad.email}: comprueba que esté bien escrita y que el buzón exista`,
    );
    // The server's own reply apart, for «Detalles» (issue 31).
    expect(failed!.errorDetail).toMatch(/^550\b/);
    expect(await peer.to(bad.email)).toHaveLength(0);
    expect(await peer.to(good.email)).toHaveLength(1);

    const list = await app.inject({ method: 'GET', url: '/api/admin/mail-failures', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().enabled).toBe(true);
    expect(list.json().items[0]).toMatchObject({ to: bad.email, template: 'action' });
    expect(list.json().items[0].error).toContain(bad.email);
    expect(list.json().items[0].errorDetail).toMatch(/^550\b/);
    const asEmployee = await app.inject({
      method: 'GET',
      url: '/api/admin/mail-failures',
      headers: good.headers,
    });
    expect(asEmployee.statusCode).toBe(403);
  });

  it('groups what happened into one digest, at most one per MAIL_DIGEST_MINUTES', async () => {
    const user = await makeUser(app, 'employee');
    const now = new Date();
    for (const [i, group] of (['comments', 'tasks', 'comments'] as const).entries()) {
      await app.mail.addDigestEntry(app.db, {
        userId: user.id,
        title: `Novedad ${i + 1}`,
        content: `Pasó la cosa ${i + 1}`,
        url: '/portfolios/p1/production',
        group,
      });
    }
    expect(await app.mail.runDigest(now)).toEqual({ ran: true, queued: 1 });
    // The same minute, on another instance: nothing.
    expect((await app.mail.runDigest(now)).ran).toBe(false);
    await app.mail.drain();
    const [digest, ...more] = await peer.to(user.email);
    expect(more).toHaveLength(0);
    expect(digest!.subject).toBe('Novedades en el espacio de trabajo');
    for (const n of [1, 2, 3]) expect(digest!.text).toContain(`Pasó la cosa ${n}`);
    expect(digest!.text).toContain(`Abrir el espacio de trabajo ${PUBLIC_URL}/`);
    expect(digest!.text).toContain('Dejar de recibir estos correos');
    expect(
      await app.db.select().from(mailDigestEntries).where(eq(mailDigestEntries.userId, user.id)),
    ).toEqual([]);

    await app.mail.addDigestEntry(app.db, {
      userId: user.id,
      title: 'Otra',
      content: 'Otra más',
      group: 'tasks',
    });
    expect(await app.mail.runDigest(new Date(now.getTime() + 60_000))).toEqual({ ran: true, queued: 0 });
    expect(await app.mail.runDigest(new Date(now.getTime() + 16 * 60_000))).toEqual({ ran: true, queued: 1 });
    await app.mail.drain();
    expect(await peer.to(user.email)).toHaveLength(2);
  });

  it('without SMTP_URL email is off: nothing queues', async () => {
    const off = await createTestApp();
    try {
      const user = await makeUser(off.app, 'employee');
      expect(off.app.mail.enabled).toBe(false);
      await off.app.mail.enqueue(off.app.db, {
        userId: user.id,
        to: user.email,
        template: 'action',
        data: asks,
      });
      await off.app.mail.addDigestEntry(off.app.db, {
        userId: user.id,
        title: 'T',
        content: 'C',
        group: 'tasks',
      });
      expect(await off.app.mail.runDigest()).toEqual({ ran: false, queued: 0 });
      expect(await off.app.mail.drain()).toBe(0);
      expect(await off.app.db.select().from(mailOutbox)).toEqual([]);
      expect(await off.app.db.select().from(mailDigestEntries)).toEqual([]);
      const admin = await makeUser(off.app, 'admin');
      const list = await off.app.inject({
        method: 'GET',
        url: '/api/admin/mail-failures',
        headers: admin.headers,
      });
      expect(list.json()).toEqual({ enabled: false, items: [] });
    } finally {
      await off.close();
    }
  });
});

it.runIf(onCi && !process.env.DATABASE_URL)('CI runs the two-instance mail test on PostgreSQL', () => {
  expect.fail('CI necesita DATABASE_URL para la prueba de correo con dos instancias');
});

describe.runIf(testDb === 'postgres')('email with two instances on one PostgreSQL database', () => {
  const peer = new SmtpPeer();
  let database: Database & { url?: string };
  let second: Database;
  const apps: App[] = [];

  beforeAll(async () => {
    await peer.start();
    database = await freshDatabase();
    second = await openDatabase({ databaseUrl: database.url! });
    for (const db of [database, second]) {
      const env = loadEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: database.url,
        SMTP_URL: peer.url,
      });
      const app = await buildApp({ env, database: db, logger: false });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await database?.close();
    await peer.stop();
  });

  it('sends each message exactly once', async () => {
    const [a, b] = apps as [App, App];
    const users = await Promise.all(Array.from({ length: 4 }, () => makeUser(a, 'employee')));
    const n = 40;
    await a.db.transaction(async (tx) => {
      for (let i = 0; i < n; i++) {
        const user = users[i % users.length]!;
        await a.mail.enqueue(tx, {
          userId: user.id,
          to: user.email,
          template: 'action',
          data: { ...asks, content: `Mensaje ${i}` },
        });
      }
    });
    const [byA, byB] = await Promise.all([a.mail.drain(), b.mail.drain()]);
    expect(byA + byB).toBe(n);
    const subjects = (await Promise.all(users.map((u) => peer.to(u.email)))).flat().map((m) => m.subject);
    expect(subjects).toHaveLength(n);
    expect(new Set(subjects).size).toBe(n);
    const rows = await a.db.select().from(mailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});

/**
 * The mail queue's delivery-once rules and what admins see of it (issue 45): one Message-ID per queued mail on
 * every attempt, a lease of a minute at most, a stop that waits for the SMTP server's reply and hands back what
 * was not handed over yet, and «Reintentar» of failed mail. Against a real SMTP server on loopback (smtp-server),
 * on PGlite and PostgreSQL. An SMTP outage is in mail-queue-outage.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { users } from '../src/db/schema.ts';
import { createHealthMonitor } from '../src/lib/health.ts';
import { createMailWorker, MAIL_LEASE_SECONDS, messageIdFor } from '../src/services/notify/mail/outbox.ts';
import {
  createSmtpTransport,
  type MailTransport,
  type OutgoingMail,
} from '../src/services/notify/mail/transport.ts';
import { createTestApp, makeUser, type TestContext, type TestUser } from './helpers.ts';
import { HOST, PUBLIC_URL, plainLinks, queue, recordingLog, rowOf, until } from './support/mail-queue.ts';
import { SmtpPeer } from './support/smtp-peer.ts';

describe('the mail queue', () => {
  const peer = new SmtpPeer();
  let ctx: TestContext;
  let app: App;
  let admin: TestUser;

  beforeAll(async () => {
    await peer.start();
    ctx = await createTestApp({ SMTP_URL: peer.url, PUBLIC_URL }, { mail: { backoffMs: () => 0 } });
    app = ctx.app;
    admin = await makeUser(app, 'admin');
  });
  afterAll(async () => {
    await ctx?.close();
    await peer.stop();
  });

  it('gives each queued mail one Message-ID of its own, on every attempt', async () => {
    const user = await makeUser(app, 'employee');
    peer.refuse(user.email, 451, 1);
    const id = await queue(app, user);
    await app.mail.drain();
    expect(await rowOf(app, id)).toMatchObject({ status: 'sent', attempts: 2 });
    const [mail, ...more] = await peer.to(user.email);
    expect(more).toHaveLength(0);
    expect(mail!.messageId).toBe(messageIdFor(id, HOST));
    expect(messageIdFor(id, HOST)).toBe(`<${id}@${HOST}>`);

    // Every attempt hands SMTP the same id (the refused one above never reached DATA: seen here at the transport).
    const seen: string[] = [];
    let calls = 0;
    const flaky: MailTransport = {
      send: async (m: OutgoingMail) => {
        seen.push(m.messageId);
        calls += 1;
        return calls < 3
          ? { ok: false, temporary: true, unreachable: false, error: 'Más tarde', detail: '451 4.7.1' }
          : { ok: true };
      },
      verify: async () => undefined,
      close: () => undefined,
    };
    const other = await makeUser(app, 'employee');
    const otherId = await queue(app, other);
    const worker = createMailWorker({
      db: app.db,
      log: recordingLog().log,
      transport: flaky,
      links: plainLinks,
      health: createHealthMonitor(recordingLog().log),
      messageHost: HOST,
      backoffMs: () => 0,
    });
    await worker.drain();
    expect(seen).toEqual([
      messageIdFor(otherId, HOST),
      messageIdFor(otherId, HOST),
      messageIdFor(otherId, HOST),
    ]);
    expect(await rowOf(app, otherId)).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('holds a mail for a minute at most while it is sent, and a stop waits for the server’s reply', async () => {
    const user = await makeUser(app, 'employee');
    const id = await queue(app, user);
    const transport = createSmtpTransport({ url: peer.url, from: 'Estudio <no-reply@estudio.test>' });
    const worker = createMailWorker({
      db: app.db,
      log: recordingLog().log,
      transport,
      links: plainLinks,
      health: createHealthMonitor(recordingLog().log),
      messageHost: HOST,
    });
    peer.holdReplies();
    try {
      const draining = worker.drain();
      await until(() => peer.heldCount === 1, 'el servidor SMTP tiene el mensaje');
      const row = await rowOf(app, id);
      expect(row.status).toBe('sending');
      expect(MAIL_LEASE_SECONDS).toBeLessThanOrEqual(60);
      const leaseMs = row.lockedUntil!.getTime() - Date.now();
      expect(leaseMs).toBeGreaterThan((MAIL_LEASE_SECONDS - 10) * 1000);
      expect(leaseMs).toBeLessThanOrEqual(MAIL_LEASE_SECONDS * 1000);

      // Shutting down: the message was handed over, so the stop waits for the reply instead of dropping it.
      let stopped = false;
      const stopping = worker.stop().then(() => {
        stopped = true;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(stopped).toBe(false);
      expect((await rowOf(app, id)).status).toBe('sending');
      peer.release();
      await stopping;
      await draining;
      expect(await rowOf(app, id)).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null });
      expect(await peer.to(user.email)).toHaveLength(1);
    } finally {
      peer.release();
      transport.close();
    }
  });

  it('hands back at once a mail it claimed but had not handed to SMTP when it stops', async () => {
    const user = await makeUser(app, 'employee');
    const id = await queue(app, user);
    let sent = 0;
    let reached!: () => void;
    const reachedButton = new Promise<void>((r) => {
      reached = r;
    });
    let letGo!: () => void;
    const held = new Promise<void>((r) => {
      letGo = r;
    });
    const worker = createMailWorker({
      db: app.db,
      log: recordingLog().log,
      transport: {
        send: async () => {
          sent += 1;
          return { ok: true };
        },
        verify: async () => undefined,
        close: () => undefined,
      },
      // Making the button's sign-in link is the step before SMTP: the stop comes while it is made.
      links: {
        ...plainLinks,
        button: async (_u, path) => {
          reached();
          await held;
          return path;
        },
      },
      health: createHealthMonitor(recordingLog().log),
      messageHost: HOST,
    });
    const draining = worker.drain();
    await reachedButton;
    expect((await rowOf(app, id)).status).toBe('sending');
    const stopping = worker.stop();
    letGo();
    await stopping;
    await draining;
    expect(sent).toBe(0);
    const row = await rowOf(app, id);
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    expect(row.runAfter.getTime()).toBeLessThanOrEqual(Date.now());
    // Another instance (here: this app's worker) sends it now, not after a lease.
    await app.mail.drain();
    expect(await rowOf(app, id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('«Reintentar»: admins send failed mail again, one or all, to the address of now', async () => {
    const bad = await makeUser(app, 'employee');
    const also = await makeUser(app, 'employee');
    const employee = await makeUser(app, 'employee');
    peer.refuse(bad.email, 550);
    peer.refuse(also.email, 550, 1);
    const badId = await queue(app, bad);
    const alsoId = await queue(app, also);
    await app.mail.drain();
    expect(await rowOf(app, badId)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await rowOf(app, alsoId)).toMatchObject({ status: 'failed', attempts: 1 });

    const retryOne = (id: string, who: TestUser) =>
      app.inject({ method: 'POST', url: `/api/admin/mail-failures/${id}/retry`, headers: who.headers });
    expect((await retryOne(badId, employee)).statusCode).toBe(403);
    expect((await retryOne('no-existe', admin)).statusCode).toBe(404);
    expect((await retryOne('no-existe', admin)).json()).toMatchObject({ code: 'NOT_FOUND' });

    // The address was mistyped: corrected in the profile, the retry goes to the new one.
    const fixed = `corregida-${bad.email}`;
    await app.db.update(users).set({ email: fixed }).where(eq(users.id, bad.id));
    const one = await retryOne(badId, admin);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ retried: 1 });
    await app.mail.drain();
    expect(await rowOf(app, badId)).toMatchObject({
      status: 'sent',
      attempts: 1,
      toAddress: fixed,
      error: null,
    });
    const [again] = await peer.to(fixed);
    expect(again!.messageId).toBe(messageIdFor(badId, HOST));
    // A mail that is not failed (any more) is not retried.
    expect((await retryOne(badId, admin)).statusCode).toBe(404);

    const all = await app.inject({
      method: 'POST',
      url: '/api/admin/mail-failures/retry',
      headers: admin.headers,
    });
    expect(all.statusCode).toBe(200);
    expect(all.json().retried).toBeGreaterThanOrEqual(1);
    await app.mail.drain();
    expect(await rowOf(app, alsoId)).toMatchObject({ status: 'sent' });
    expect(await peer.to(also.email)).toHaveLength(1);
    const employeeAll = await app.inject({
      method: 'POST',
      url: '/api/admin/mail-failures/retry',
      headers: employee.headers,
    });
    expect(employeeAll.statusCode).toBe(403);
  });
});

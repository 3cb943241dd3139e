/**
 * The mail queue through an SMTP outage (issue 45): reported to the health check and the pending list, waited
 * out, and logged as structured warnings. On PGlite and PostgreSQL. Delivery rules are in
 * mail-queue-delivery.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { createHealthMonitor } from '../src/lib/health.ts';
import { createMailWorker } from '../src/services/notify/mail/outbox.ts';
import { createTestApp, makeUser, type TestContext, type TestUser } from './helpers.ts';
import { HOST, PUBLIC_URL, plainLinks, queue, recordingLog, rowOf } from './support/mail-queue.ts';
import { freePort } from './support/server-process.ts';
import { SmtpPeer } from './support/smtp-peer.ts';

describe('an SMTP outage', () => {
  const peer = new SmtpPeer();
  let ctx: TestContext;
  let app: App;
  let admin: TestUser;

  beforeAll(async () => {
    // A port where nothing listens yet: the SMTP server is down from the start.
    peer.port = await freePort();
    ctx = await createTestApp({ SMTP_URL: peer.url, PUBLIC_URL });
    app = ctx.app;
    admin = await makeUser(app, 'admin');
  });
  afterAll(async () => {
    await ctx?.close();
    await peer.stop();
  });

  it('is shown by the health check and the pending list, waited out, and the mail goes once it is back', async () => {
    const user = await makeUser(app, 'employee');
    const id = await queue(app, user);
    const before = Date.now();
    await app.mail.drain();
    const row = await rowOf(app, id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.error).toBe(
      'No se pudo conectar con el servidor de correo: comprueba que SMTP_URL apunte a un servidor en marcha',
    );
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().status).toBe('degraded');
    expect(health.json().checks.smtp.state).toBe('down');

    const pending = await app.inject({
      method: 'GET',
      url: '/api/admin/mail-pending',
      headers: admin.headers,
    });
    expect(pending.statusCode).toBe(200);
    const body = pending.json();
    expect(body).toMatchObject({ enabled: true, total: 1 });
    expect(body.items[0]).toMatchObject({
      _id: id,
      to: user.email,
      status: 'pending',
      attempts: 1,
      error: row.error,
    });
    expect(body.items[0].errorDetail).toMatch(/ECONNREFUSED|ECONNECTION/);
    // The first retry comes a minute after the failure.
    const next = Date.parse(body.items[0].nextAttemptAt);
    expect(next).toBeGreaterThanOrEqual(before + 59_000);
    expect(next).toBeLessThanOrEqual(Date.now() + 60_000);
    const employee = await makeUser(app, 'employee');
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/mail-pending', headers: employee.headers }))
        .statusCode,
    ).toBe(403);

    // While it is down, a due mail still gets its attempt (and its error); the one waiting for its retry waits.
    const later = await queue(app, employee);
    expect(await app.mail.drain()).toBe(1);
    expect(await rowOf(app, later)).toMatchObject({ status: 'pending', attempts: 1, error: row.error });
    expect(await rowOf(app, id)).toMatchObject({ status: 'pending', attempts: 1 });

    // Back: the next poll finds it, brings the waiting mail forward and sends everything once.
    await peer.start();
    await app.mail.drain();
    expect(await rowOf(app, id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await rowOf(app, later)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await peer.to(user.email)).toHaveLength(1);
    expect(await peer.to(employee.email)).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json().checks.smtp.state).toBe('ok');
    const empty = await app.inject({ method: 'GET', url: '/api/admin/mail-pending', headers: admin.headers });
    expect(empty.json()).toEqual({ enabled: true, total: 0, items: [] });
  });

  it('logs each retry and the final failure as structured warnings', async () => {
    const { log, warnings } = recordingLog();
    const user = await makeUser(app, 'employee');
    const id = await queue(app, user);
    const worker = createMailWorker({
      db: app.db,
      log,
      transport: {
        send: async () => ({
          ok: false,
          temporary: true,
          unreachable: false,
          error: 'El servidor de correo no aceptó el mensaje por ahora',
          detail: '451 4.7.1 Try again later',
        }),
        verify: async () => undefined,
        close: () => undefined,
      },
      links: plainLinks,
      health: createHealthMonitor(recordingLog().log),
      messageHost: HOST,
      backoffMs: () => 0,
    });
    await worker.drain();
    expect(await rowOf(app, id)).toMatchObject({ status: 'failed', attempts: 6 });
    const mine = warnings.filter((w) => w.mailId === id);
    expect(mine.map((w) => [w.event, w.attempt])).toEqual([
      ['mail.retry', 1],
      ['mail.retry', 2],
      ['mail.retry', 3],
      ['mail.retry', 4],
      ['mail.retry', 5],
      ['mail.failed', 6],
    ]);
    expect(mine[0]).toMatchObject({
      error: 'El servidor de correo no aceptó el mensaje por ahora',
      detail: '451 4.7.1 Try again later',
      nextAttemptAt: expect.any(String),
    });
  });
});

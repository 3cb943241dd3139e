import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startServer } from '../support/server-process.ts';
import { SmtpPeer } from '../support/smtp-peer.ts';
import {
  assertNoCrash,
  atEnd,
  freshDatabase,
  freshDir,
  type LogLine,
  logLines,
  signIn,
  sleep,
  until,
  withPostgres,
} from './support.ts';

/**
 * The SMTP server's faults (issue 45), on real server processes and a real SMTP server on loopback:
 *  (a) down, then up: the health check says so (200 degraded), the admin's pending list shows the mail with its
 *      Spanish error and its next attempt, one structured warning per retry and no more while it stays down; once
 *      it is back the mail arrives, once;
 *  (b) an SMTP server holding its reply to DATA across a SIGTERM, two instances on one PostgreSQL database: the
 *      instance that handed the message over waits for the reply, exits 0, and the recipient has it once.
 */
const password = 'contraseña-del-correo-1';
const PUBLIC_URL = 'http://estudio.test';
const MESSAGE_HOST = 'estudio.test';
/** The mail worker's poll (MAIL_POLL_MS) and a margin: what «the next poll» waits for. */
const POLL_MS = 5_000;

/**
 * The compiled server as deployed (NODE_ENV=production: under `test` its queue workers do not poll, tests drive
 * them), killed at the end of the file if a case left it running.
 */
async function launch(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServer({ NODE_ENV: 'production', ADMIN_PASSWORD: password, PUBLIC_URL, ...env });
  atEnd(() => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  });
  return server;
}

async function api(url: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * Queues one email through the API as an admin would cause it: a second admin is mentioned in a comment on a
 * new portfolio (a mention asks them to act: an email at once). Answers the recipient's address.
 */
async function queueMail(url: string, token: string, tag: string) {
  const to = `destino-${tag}@estudio.test`;
  const user = await api(url, token, 'POST', '/users', {
    email: to,
    name: `Destino ${tag}`,
    role: 'admin',
    password: 'contraseña-destino-1',
  });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  const portfolio = await api(url, token, 'POST', '/portfolios', {
    identifier: `correo-${tag}`,
    accountData: { businessName: `Correo ${tag}` },
    productionCycleData: { pilaresContenido: ['A'], angulosVenta: ['X'], formatosCreativos: ['Reel'] },
  });
  expect(portfolio.status, JSON.stringify(portfolio.body)).toBe(201);
  const comment = await api(url, token, 'POST', '/comments', {
    entityType: 'portfolio',
    entityId: portfolio.body._id,
    visibility: 'internal',
    body: `<p>Mira esto <span data-mention-id="${user.body._id}">@Destino</span></p>`,
  });
  expect(comment.status, JSON.stringify(comment.body)).toBe(201);
  return to;
}

const warnings = (server: ServerProcess, event: string, mailId: string) =>
  logLines(server.output()).filter((l) => l.event === event && l.mailId === mailId);
const smtpChanges = (server: ServerProcess) =>
  logLines(server.output()).filter((l: LogLine) => l.dependency === 'smtp');

describe('SMTP faults', () => {
  it('(a) down, then up: visible while down, the mail arrives once when it is back', {
    timeout: 120_000,
  }, async () => {
    // Nothing listens on the SMTP port yet: the server starts with its mail server down.
    const peer = new SmtpPeer();
    peer.port = await freePort();
    atEnd(() => peer.stop());
    const server = await launch({ DATA_DIR: freshDir(), SMTP_URL: peer.url });
    const token = await signIn(server.url, 'admin@example.com', password);
    const to = await queueMail(server.url, token, Date.now().toString(36));

    // The worker tried at once and failed: the admin sees the mail waiting, with why and when it goes next.
    type Pending = {
      _id: string;
      to: string;
      status: string;
      attempts: number;
      error: string;
      nextAttemptAt: string;
    };
    const pending = (await until(async () => {
      const list = await api(server.url, token, 'GET', '/admin/mail-pending');
      const mine = (list.body.items as Pending[]).find((m) => m.to === to);
      return mine?.status === 'pending' && mine.attempts === 1 ? mine : undefined;
    }, 'el correo pendiente con su primer intento'))!;
    expect(pending.error).toBe(
      'No se pudo conectar con el servidor de correo: comprueba que SMTP_URL apunte a un servidor en marcha',
    );
    const wait = Date.parse(pending.nextAttemptAt) - Date.now();
    expect(wait).toBeGreaterThan(30_000);
    expect(wait).toBeLessThanOrEqual(60_000);

    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    const report = (await health.json()) as { status: string; checks: { smtp: { state: string } } };
    expect(report.status).toBe('degraded');
    expect(report.checks.smtp.state).toBe('down');

    // One warning for the retry, with the mail, the attempt, the next one and the error; the outage logged once.
    const [retry, ...moreRetries] = warnings(server, 'mail.retry', pending._id);
    expect(moreRetries).toEqual([]);
    expect(retry).toMatchObject({
      level: 40,
      attempt: 1,
      to,
      error: pending.error,
      nextAttemptAt: pending.nextAttemptAt,
    });
    expect(String(retry!.detail)).toMatch(/ECONNREFUSED|ECONNECTION/);
    // While it stays down, the polls try a connection; the mail waits for its retry: no attempt, no line more.
    await sleep(POLL_MS + 1_000);
    const still = await api(server.url, token, 'GET', '/admin/mail-pending');
    expect((still.body.items as Pending[]).find((m) => m._id === pending._id)?.attempts).toBe(1);
    expect(warnings(server, 'mail.retry', pending._id)).toHaveLength(1);
    expect(smtpChanges(server).map((l) => [l.level, l.state])).toEqual([[50, 'down']]);

    // The SMTP server comes back on the same port: the next poll finds it and sends the mail, long before its
    // retry was due.
    await peer.start();
    const back = Date.now();
    const [mail] = (await until(
      async () => {
        const got = await peer.to(to);
        return got.length > 0 ? got : undefined;
      },
      'el correo llega',
      20_000,
    ))!;
    expect(Date.now() - back).toBeLessThan(POLL_MS + 3_000);
    expect(mail!.messageId).toBe(`<${pending._id}@${MESSAGE_HOST}>`);
    // Another poll later: still once.
    await sleep(POLL_MS + 1_000);
    expect(await peer.to(to)).toHaveLength(1);
    const after = await api(server.url, token, 'GET', '/admin/mail-pending');
    expect((after.body.items as Pending[]).some((m) => m._id === pending._id)).toBe(false);
    const failures = await api(server.url, token, 'GET', '/admin/mail-failures');
    expect(failures.body.items).toEqual([]);
    expect(warnings(server, 'mail.retry', pending._id)).toHaveLength(1);
    expect(warnings(server, 'mail.failed', pending._id)).toEqual([]);
    expect(smtpChanges(server).map((l) => [l.level, l.state])).toEqual([
      [50, 'down'],
      [40, 'ok'],
    ]);
    const healthy = (await (await fetch(`${server.url}/api/health`)).json()) as typeof report;
    expect(healthy.checks.smtp.state).toBe('ok');

    assertNoCrash(server);
    expect(await server.stop()).toBe(0);
  });

  it.runIf(withPostgres())(
    '(b) a reply held across a SIGTERM, two instances: the message is sent once, the instance exits 0',
    { timeout: 150_000 },
    async () => {
      const databaseUrl = await freshDatabase('crw_fault_smtp');
      const peer = new SmtpPeer();
      await peer.start();
      atEnd(() => {
        peer.release();
        return peer.stop();
      });
      const env = { DATABASE_URL: databaseUrl, SMTP_URL: peer.url };
      const a = await launch(env);
      const token = await signIn(a.url, 'admin@example.com', password);

      // A hands the message to SMTP; the server keeps it and does not answer yet.
      peer.holdReplies();
      const to = await queueMail(a.url, token, Date.now().toString(36));
      await until(() => peer.heldCount === 1, 'el servidor SMTP tiene el mensaje sin responder');
      // B joins: its worker polls the same queue while A holds the mail.
      const b = await launch(env);

      const signalled = Date.now();
      a.child.kill('SIGTERM');
      // A waits for the reply to the message it handed over.
      await sleep(1_500);
      expect(a.child.exitCode).toBeNull();
      peer.release();
      expect(await a.exited).toBe(0);
      const took = Date.now() - signalled;
      expect(took).toBeLessThan(5_000);

      // B runs on; across both instances the recipient has the message once.
      await sleep(POLL_MS + 1_000);
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        const { rows } = await db.query<{ id: string; status: string; attempts: number }>(
          'select id, status, attempts from mail_outbox where to_address = $1',
          [to],
        );
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ status: 'sent', attempts: 1 });
        const received = await peer.to(to);
        expect(received.map((m) => m.messageId)).toEqual([`<${rows[0]!.id}@${MESSAGE_HOST}>`]);
      } finally {
        await db.end();
      }
      assertNoCrash(a);
      assertNoCrash(b);
      console.log(`SIGTERM con un correo en vuelo: cierre en ${took} ms`);
      expect(await b.stop()).toBe(0);
    },
  );
});

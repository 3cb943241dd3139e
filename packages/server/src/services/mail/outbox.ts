import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { createDrainLoop, type DrainLoop } from '../../lib/drain-loop.ts';
import type { HealthMonitor } from '../../lib/health.ts';
import { claimNext, heldBy, type QueueTable } from '../../lib/queue-claim.ts';
import type { NotifyGroup } from '../notify/preferences.ts';
import { MAIL_TEMPLATES, type MailData, type MailTemplate, renderMail } from './templates.tsx';
import type { MailTransport, SendOutcome } from './transport.ts';

type MailRow = typeof mailOutbox.$inferSelect;

/** A temporary failure is tried this many times in all (about 2.5 hours) before the mail is marked failed. */
export const MAIL_MAX_ATTEMPTS = 6;
/** 1 min, 5 min, 30 min, 2 h between attempts. */
export const mailBackoffMs = (attempt: number) =>
  [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000][attempt - 1] ?? 2 * 3_600_000;
export const MAIL_POLL_MS = 5_000;
/**
 * A claimed mail is this instance's for this long: one SMTP conversation (at most SMTP_DEADLINE_MS, 45 s) and a
 * margin. If the instance dies holding it, another one sends it after this (with the same Message-ID), so a
 * restart delays a mail by a minute at most.
 */
export const MAIL_LEASE_SECONDS = 60;

const queue: QueueTable = {
  table: mailOutbox,
  id: mailOutbox.id,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  running: 'sending',
};

/** The Message-ID of a queued mail, the same on every attempt (`host`: PUBLIC_URL's). */
export const messageIdFor = (mailId: string, host: string) => `<${mailId}@${host}>`;

export interface QueuedMail {
  userId: string;
  to: string;
  template: MailTemplate;
  data: MailData;
}

/**
 * Queues one email in the caller's transaction: it is sent after that transaction commits, by the worker of one
 * instance, never inside the request. Callers go through `app.mail.enqueue`, which does nothing when email is
 * off (no SMTP_URL).
 */
export async function enqueueMail(db: DbOrTx, mail: QueuedMail): Promise<void> {
  await db.insert(mailOutbox).values({
    userId: mail.userId,
    toAddress: mail.to,
    template: mail.template,
    data: mail.data as unknown as Record<string, unknown>,
  });
}

/** The addresses made when a mail is sent (a sign-in link is minted then, not when it is queued). */
export interface MailLinkMaker {
  /** The button: the app path, as a link for this user (a one-time sign-in link, or the plain address). */
  button(userId: string, path: string): Promise<string>;
  /** «Dejar de recibir estos correos» for these groups. */
  unsubscribe(userId: string, groups: NotifyGroup[]): string;
}

interface WorkerDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** Null when email is off: nothing is claimed. */
  transport: MailTransport | null;
  links: MailLinkMaker;
  /** Told whether SMTP works; read to know whether it is down (then the worker waits for it). */
  health: Pick<HealthMonitor, 'report' | 'snapshot'>;
  /** The host of every Message-ID (PUBLIC_URL's). */
  messageHost: string;
  backoffMs?: (attempt: number) => number;
}

/**
 * How one claimed mail ended for the loop. `unreachable` ends this drain: while the server cannot be used, each
 * poll tries one due mail (its attempt, error and next attempt are what admins read), not every one of them.
 */
type Sent = 'done' | 'unreachable' | 'handed-back';

export function createMailWorker(deps: WorkerDeps): DrainLoop {
  const backoff = deps.backoffMs ?? mailBackoffMs;
  const watchSmtp = smtpWatch(deps);
  return createDrainLoop({
    pollMs: MAIL_POLL_MS,
    onError: (err) => deps.log.error({ err }, 'no se pudieron enviar los correos'),
    // On shutdown it claims nothing more; a message handed to SMTP is finished (SMTP cannot take one back), one
    // not handed over yet goes back to the queue for another instance.
    drainOnce: async (signal) => {
      const transport = deps.transport;
      if (!transport) return 0;
      await watchSmtp(transport);
      let n = 0;
      while (!signal.aborted) {
        const id = await claimNext(deps.db, queue, { leaseSeconds: MAIL_LEASE_SECONDS });
        if (!id) return n;
        const [row] = await deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        if (!row) continue;
        n += 1;
        // One message's failure, whatever it is, is that message's: the loop goes on with the next.
        const sent = await send(deps, transport, row, backoff, signal).catch(async (err): Promise<Sent> => {
          deps.log.error({ err, mailId: row.id }, 'el envío de un correo falló de forma inesperada');
          await finish(deps.db, row, { status: 'failed', error: 'Error interno al preparar el correo' });
          return 'done';
        });
        if (sent === 'unreachable') return n;
      }
      return n;
    },
  });
}

/**
 * While SMTP is down (this worker saw it fail, or the health probe did), each poll first tries a connection. The
 * first time it answers again, SMTP is reported back and the mail waiting for a retry is brought forward: it goes
 * now, not at the end of its backoff (a minute to two hours).
 */
function smtpWatch(deps: WorkerDeps) {
  let sawDown = false;
  const isDown = () => deps.health.snapshot().checks.smtp.state === 'down';
  return async (transport: MailTransport) => {
    if (isDown()) {
      sawDown = true;
      await transport.verify().then(
        () => deps.health.report('smtp', true),
        (err) => deps.health.report('smtp', false, err),
      );
    }
    if (sawDown && !isDown()) {
      sawDown = false;
      await deps.db
        .update(mailOutbox)
        .set({ runAfter: sql`now()` })
        .where(and(eq(mailOutbox.status, 'pending'), gt(mailOutbox.runAfter, sql`now()`)));
    }
  };
}

async function send(
  deps: WorkerDeps,
  transport: MailTransport,
  row: MailRow,
  backoff: (attempt: number) => number,
  signal: AbortSignal,
): Promise<Sent> {
  const template = row.template as MailTemplate;
  if (!MAIL_TEMPLATES.includes(template) || !row.userId) {
    await fail(deps, row, {
      ok: false,
      temporary: false,
      unreachable: false,
      error: `Plantilla de correo desconocida: ${row.template}`,
      detail: '',
    });
    return 'done';
  }
  const data = row.data as unknown as MailData;
  const groups = [...new Set(data.entries?.map((e) => e.group) ?? [data.group])];
  const unsubscribeUrl = deps.links.unsubscribe(row.userId, groups);
  const rendered = await renderMail(template, data, {
    button: await deps.links.button(row.userId, data.url ?? '/'),
    unsubscribe: unsubscribeUrl,
  });
  if (signal.aborted) {
    await handBack(deps.db, row);
    return 'handed-back';
  }
  const outcome = await transport.send({
    to: row.toAddress,
    ...rendered,
    unsubscribeUrl,
    messageId: messageIdFor(row.id, deps.messageHost),
  });
  if (outcome.ok) {
    deps.health.report('smtp', true);
    await finish(deps.db, row, { status: 'sent', error: null, errorDetail: null, sentAt: new Date() });
    return 'done';
  }
  // The server answered (a refusal) or could not be used at all: only the latter makes SMTP down.
  deps.health.report('smtp', !outcome.unreachable, outcome.detail);
  await fail(deps, row, outcome, backoff);
  return outcome.unreachable ? 'unreachable' : 'done';
}

/** A failed attempt: again later (a warning with when), or failed for good (a warning too; admins can retry). */
async function fail(
  deps: WorkerDeps,
  row: MailRow,
  outcome: SendOutcome & { ok: false },
  backoff?: (attempt: number) => number,
) {
  const fields = {
    mailId: row.id,
    to: row.toAddress,
    attempt: row.attempts,
    error: outcome.error,
    detail: outcome.detail,
  };
  if (backoff && outcome.temporary && row.attempts < MAIL_MAX_ATTEMPTS) {
    const runAfter = new Date(Date.now() + backoff(row.attempts));
    deps.log.warn(
      { ...fields, event: 'mail.retry', nextAttemptAt: runAfter.toISOString() },
      'correo no enviado: se volverá a intentar',
    );
    await finish(deps.db, row, {
      status: 'pending',
      error: outcome.error,
      errorDetail: outcome.detail,
      runAfter,
    });
    return;
  }
  deps.log.warn({ ...fields, event: 'mail.failed' }, 'correo no enviado: no se volverá a intentar');
  // A failed mail's run_after is when it failed (admins see it in the list of failures).
  await finish(deps.db, row, {
    status: 'failed',
    error: outcome.error,
    errorDetail: outcome.detail || null,
    runAfter: new Date(),
  });
}

/** Writes this run's outcome, unless the mail changed hands meanwhile (a later claim after the lease). */
async function finish(
  db: Db,
  row: MailRow,
  set: Partial<Pick<MailRow, 'status' | 'error' | 'errorDetail' | 'runAfter' | 'sentAt'>>,
) {
  await db
    .update(mailOutbox)
    .set({ ...set, lockedUntil: null })
    .where(heldBy(queue, row));
}

/**
 * This instance is shutting down before the mail was handed to SMTP: it goes back to the queue as it was before
 * this claim, due at once, so another instance sends it now instead of after the lease.
 */
async function handBack(db: Db, row: MailRow) {
  await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: row.attempts - 1, lockedUntil: null, runAfter: new Date() })
    .where(heldBy(queue, row));
}

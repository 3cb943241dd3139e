import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { mailOutbox } from '../../../db/schema.ts';
import type { DrainLoop } from '../../../lib/drain-loop.ts';
import type { HealthMonitor } from '../../../lib/health.ts';
import { type Backoff, createQueueWorker, type Job, type Queue } from '../../../lib/queue-worker.ts';
import type { NotifyGroup } from '../preferences.ts';
import {
  isAccountTemplate,
  MAIL_TEMPLATES,
  type MailData,
  type MailTemplate,
  renderMail,
} from './templates.tsx';
import type { MailTransport, SendOutcome } from './transport.ts';

type MailRow = typeof mailOutbox.$inferSelect;

/** A temporary failure is tried this many times in all (about 2.5 hours) before the mail is marked failed. */
export const MAIL_MAX_ATTEMPTS = 6;
export const MAIL_POLL_MS = 5_000;
/**
 * A claimed mail is this instance's for this long: one SMTP conversation (at most SMTP_DEADLINE_MS, 45 s) and a
 * margin. If the instance dies holding it, another one sends it after this (with the same Message-ID), so a
 * restart delays a mail by a minute at most.
 */
export const MAIL_LEASE_SECONDS = 60;

/** The mail outbox as one of the project's queues (lib/queue-worker.ts). */
export const mailQueue: Queue<typeof mailOutbox> = { table: mailOutbox, running: 'sending', done: 'sent' };

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
  /** The plain address of an app path (links inside an email's text). */
  app?(path: string): string;
  /** A one-time link to choose a password, valid `hours` (the account emails `password` and `invite`). */
  password?(userId: string, hours: number): Promise<string>;
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
  /** Default: the `mail` schedule (lib/queue-worker.ts). */
  backoffMs?: Backoff;
}

export function createMailWorker(deps: WorkerDeps): DrainLoop {
  const watchSmtp = smtpWatch(deps);
  const transport = deps.transport;
  return createQueueWorker({
    db: deps.db,
    log: deps.log,
    queue: mailQueue,
    leaseSeconds: MAIL_LEASE_SECONDS,
    backoff: deps.backoffMs ?? 'mail',
    maxAttempts: MAIL_MAX_ATTEMPTS,
    pollMs: MAIL_POLL_MS,
    // A failed mail's run_after is when it failed (admins see it in the list of failures).
    failedSet: () => ({ runAfter: new Date() }),
    ready: async () => {
      if (transport) await watchSmtp(transport);
      return transport !== null;
    },
    messages: {
      drainFailed: 'no se pudieron enviar los correos',
      jobCrashed: 'el envío de un correo falló de forma inesperada',
      idField: 'mailId',
      crashError: 'Error interno al preparar el correo',
    },
    // While the server cannot be used at all, this drain ends: each poll tries one due mail (its attempt, error
    // and next attempt are what admins read), not every one of them.
    handle: async (job) => {
      if (!transport) return undefined;
      return (await send(deps, transport, job)) === 'unreachable' ? 'stop' : undefined;
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

/**
 * One claimed mail. On shutdown, a message handed to SMTP is finished (SMTP cannot take one back); one not handed
 * over yet goes back to the queue for another instance.
 */
async function send(
  deps: WorkerDeps,
  transport: MailTransport,
  job: Job<MailRow>,
): Promise<'done' | 'unreachable'> {
  const { row } = job;
  const template = row.template as MailTemplate;
  if (!MAIL_TEMPLATES.includes(template) || !row.userId) {
    const error = `Plantilla de correo desconocida: ${row.template}`;
    await fail(deps, job, { ok: false, temporary: false, unreachable: false, error, detail: '' });
    return 'done';
  }
  const data = row.data as unknown as MailData;
  const groups = [...new Set(data.entries?.map((e) => e.group) ?? [data.group])];
  const account = isAccountTemplate(template);
  const unsubscribeUrl = account ? undefined : deps.links.unsubscribe(row.userId, groups);
  const button =
    (template === 'password' || template === 'invite') && deps.links.password
      ? await deps.links.password(row.userId, data.linkHours ?? 1)
      : await deps.links.button(row.userId, data.url ?? '/');
  const rendered = await renderMail(template, data, {
    button,
    unsubscribe: unsubscribeUrl,
    ...(deps.links.app ? { app: deps.links.app } : {}),
  });
  if (job.signal.aborted) {
    await job.handBack();
    return 'done';
  }
  const outcome = await transport.send({
    to: row.toAddress,
    ...rendered,
    unsubscribeUrl,
    messageId: messageIdFor(row.id, deps.messageHost),
  });
  if (outcome.ok) {
    deps.health.report('smtp', true);
    await job.complete({ sentAt: new Date() });
    return 'done';
  }
  // The server answered (a refusal) or could not be used at all: only the latter makes SMTP down.
  deps.health.report('smtp', !outcome.unreachable, outcome.detail);
  await fail(deps, job, outcome);
  return outcome.unreachable ? 'unreachable' : 'done';
}

/** A failed attempt: again later (a warning with when), or failed for good (a warning too; admins can retry). */
async function fail(deps: WorkerDeps, job: Job<MailRow>, outcome: SendOutcome & { ok: false }) {
  const { row } = job;
  const { retryAt } = await job.fail({
    error: outcome.error,
    errorDetail: outcome.detail || null,
    retryable: outcome.temporary,
  });
  const fields = {
    mailId: row.id,
    to: row.toAddress,
    attempt: row.attempts,
    error: outcome.error,
    detail: outcome.detail,
  };
  if (retryAt)
    deps.log.warn(
      { ...fields, event: 'mail.retry', nextAttemptAt: retryAt.toISOString() },
      'correo no enviado: se volverá a intentar',
    );
  else deps.log.warn({ ...fields, event: 'mail.failed' }, 'correo no enviado: no se volverá a intentar');
}

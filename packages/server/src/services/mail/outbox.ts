import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { createDrainLoop, type DrainLoop } from '../../lib/drain-loop.ts';
import { claimNext, heldBy, type QueueTable } from '../../lib/queue-claim.ts';
import type { NotifyGroup } from '../notify/preferences.ts';
import { MAIL_TEMPLATES, type MailData, type MailTemplate, renderMail } from './templates.tsx';
import { type MailTransport, SMTP_TIMEOUT_MS } from './transport.ts';

type MailRow = typeof mailOutbox.$inferSelect;

/** A temporary failure is tried this many times in all (about 2.5 hours) before the mail is marked failed. */
export const MAIL_MAX_ATTEMPTS = 6;
/** 1 min, 5 min, 30 min, 2 h between attempts. */
export const mailBackoffMs = (attempt: number) =>
  [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000][attempt - 1] ?? 2 * 3_600_000;
export const MAIL_POLL_MS = 5_000;
/** A claimed mail is this instance's for one SMTP conversation at its time limits, and a margin. */
const LEASE_SECONDS = Math.ceil((SMTP_TIMEOUT_MS * 3) / 1000) + 60;

const queue: QueueTable = {
  table: mailOutbox,
  id: mailOutbox.id,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  running: 'sending',
};

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

export function createMailWorker(deps: {
  db: Db;
  log: FastifyBaseLogger;
  /** Null when email is off: nothing is claimed. */
  transport: MailTransport | null;
  links: MailLinkMaker;
  backoffMs?: (attempt: number) => number;
}): DrainLoop {
  const backoff = deps.backoffMs ?? mailBackoffMs;
  return createDrainLoop({
    pollMs: MAIL_POLL_MS,
    onError: (err) => deps.log.error({ err }, 'no se pudieron enviar los correos'),
    // On shutdown it claims nothing more; a message under way is finished (SMTP cannot take one back).
    drainOnce: async (signal) => {
      const transport = deps.transport;
      if (!transport) return 0;
      let n = 0;
      while (!signal.aborted) {
        const id = await claimNext(deps.db, queue, { leaseSeconds: LEASE_SECONDS });
        if (!id) return n;
        const [row] = await deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        if (!row) continue;
        n += 1;
        // One message's failure, whatever it is, is that message's: the loop goes on with the next.
        await send(deps, transport, row, backoff).catch(async (err) => {
          deps.log.error({ err, mailId: row.id }, 'el envío de un correo falló de forma inesperada');
          await finish(deps.db, row, { status: 'failed', error: 'Error interno al preparar el correo' });
        });
      }
      return n;
    },
  });
}

async function send(
  deps: Parameters<typeof createMailWorker>[0],
  transport: MailTransport,
  row: MailRow,
  backoff: (attempt: number) => number,
) {
  const template = row.template as MailTemplate;
  if (!MAIL_TEMPLATES.includes(template) || !row.userId) {
    await finish(deps.db, row, {
      status: 'failed',
      error: `Plantilla de correo desconocida: ${row.template}`,
    });
    return;
  }
  const data = row.data as unknown as MailData;
  const groups = [...new Set(data.entries?.map((e) => e.group) ?? [data.group])];
  const unsubscribeUrl = deps.links.unsubscribe(row.userId, groups);
  const rendered = await renderMail(template, data, {
    button: await deps.links.button(row.userId, data.url ?? '/'),
    unsubscribe: unsubscribeUrl,
  });
  const outcome = await transport.send({ to: row.toAddress, ...rendered, unsubscribeUrl });
  if (outcome.ok) {
    await finish(deps.db, row, { status: 'sent', error: null, errorDetail: null, sentAt: new Date() });
  } else if (outcome.temporary && row.attempts < MAIL_MAX_ATTEMPTS) {
    await finish(deps.db, row, {
      status: 'pending',
      error: outcome.error,
      errorDetail: outcome.detail,
      runAfter: new Date(Date.now() + backoff(row.attempts)),
    });
  } else {
    // A failed mail's run_after is when it failed (admins see it in the list of failures).
    await finish(deps.db, row, {
      status: 'failed',
      error: outcome.error,
      errorDetail: outcome.detail,
      runAfter: new Date(),
    });
  }
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

/** The latest mails that could not be sent, for admins (`/admin/notify`). */
export async function listMailFailures(db: DbOrTx, limit = 20) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'failed'))
    .orderBy(desc(mailOutbox.runAfter))
    .limit(limit);
  return rows.map((r) => ({
    _id: r.id,
    to: r.toAddress,
    template: r.template,
    error: r.error ?? '',
    errorDetail: r.errorDetail,
    attempts: r.attempts,
    failedAt: r.runAfter.toISOString(),
  }));
}

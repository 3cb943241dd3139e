import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { mailOutbox, users } from '../../../db/schema.ts';
import { listJobs } from '../../../lib/queue-worker.ts';
import { mailQueue } from './outbox.ts';

/**
 * The mail queue as admins see it on `/admin/notify`: what waits to be sent (with its attempts, last error and
 * next attempt), what could not be sent, and «Reintentar» for the latter.
 */

/** The mail waiting to be sent or being sent, the next to go first. */
export async function listPendingMail(db: DbOrTx, limit = 50) {
  const { total, rows } = await listJobs(db, mailQueue, { status: ['pending', 'sending'], limit });
  return {
    total,
    items: rows.map((r) => ({
      _id: r.id,
      to: r.toAddress,
      template: r.template,
      status: r.status as 'pending' | 'sending',
      attempts: r.attempts,
      error: r.error,
      errorDetail: r.errorDetail,
      // Being sent: the attempt under way ends by its lease at the latest.
      nextAttemptAt: (r.status === 'sending' ? (r.lockedUntil ?? r.runAfter) : r.runAfter).toISOString(),
    })),
  };
}

/** The latest mails that could not be sent, for admins (`/admin/notify`). */
export async function listMailFailures(db: DbOrTx, limit = 20) {
  const { rows } = await listJobs(db, mailQueue, { status: 'failed', limit });
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

/**
 * Failed mail back to the queue as new (all of it, or one): due now, its attempts and error cleared, sent to the
 * recipient's address of now (the failure may have been a mistyped address, since corrected in the profile). The
 * Message-ID stays the row's. Answers how many went back.
 */
export async function retryFailedMail(db: DbOrTx, id?: string): Promise<number> {
  const where: SQL[] = [eq(mailOutbox.status, 'failed')];
  if (id !== undefined) where.push(eq(mailOutbox.id, id));
  const rows = await db
    .update(mailOutbox)
    .set({
      status: 'pending',
      attempts: 0,
      error: null,
      errorDetail: null,
      lockedUntil: null,
      runAfter: sql`now()`,
      toAddress: sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${mailOutbox.userId}), ${mailOutbox.toAddress})`,
    })
    .where(and(...where))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

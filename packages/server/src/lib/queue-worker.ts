import { asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.ts';
import { createDrainLoop, type DrainLoop } from './drain-loop.ts';
import { claimNext, heldBy, type QueueTable } from './queue-claim.ts';

/**
 * The one worker of the project's PostgreSQL-backed queues (the mail outbox, the Notion syncs, the agents'
 * tasks). It owns what they share: the claim (lib/queue-claim.ts), the drain loop (lib/drain-loop.ts), the
 * backoff, the choice between a retry and the final failure (`maxAttempts`), a job's unexpected error (that job
 * fails, the loop goes on), the hand-back on shutdown, and the admin's read of pending and failed jobs. Each
 * queue keeps only its `handle`: what one job does. Why our own and not pg-boss: docs/decisions.md.
 */

/** A queue's table: every one has these columns (db/schema/columns.ts). */
export type JobTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  runAfter: PgColumn;
  lockedUntil: PgColumn;
  createdAt: PgColumn;
};

export interface Queue<T extends JobTable> {
  table: T;
  /** The status of a claimed row (`running`, `sending`). */
  running: string;
  /** The status of a row whose job succeeded (`done`, `sent`). */
  done: string;
}

type RowOf<T extends JobTable> = T['$inferSelect'] & { id: string; attempts: number };

/** The waits between attempts, by attempt (the last one repeats): each queue's schedule is data here. */
export const BACKOFF_SCHEDULES = {
  /** The mail outbox: 1 min, 5 min, 30 min, 2 h. */
  mail: [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000],
  /** Calls to others' services (Notion, agents' webhooks): 30 s, 2 min, 8 min, 32 min. */
  outbound: [30_000, 2 * 60_000, 8 * 60_000, 32 * 60_000],
} as const;

/** A schedule from above (by name, or its steps), or a function of the attempt (tests pass `() => 0`). */
export type Backoff = keyof typeof BACKOFF_SCHEDULES | readonly number[] | ((attempt: number) => number);

/** The wait before the attempt after `attempt` (attempts tried so far). */
export function backoffMs(backoff: Backoff, attempt: number): number {
  if (typeof backoff === 'function') return backoff(attempt);
  const steps = typeof backoff === 'string' ? BACKOFF_SCHEDULES[backoff] : backoff;
  return steps[Math.min(attempt, steps.length) - 1] ?? steps[0] ?? 0;
}

/** An attempt that did not succeed. */
export interface Failure {
  /** What the admin or the user reads (Spanish). */
  error: string;
  errorDetail: string | null;
  /** Worth another attempt (a time-out, a 5xx, a temporary SMTP refusal). */
  retryable: boolean;
  /** The other side said how long to wait (429 Retry-After): used instead of the backoff. */
  retryAfterMs?: number;
}

/** One claimed job as its queue's `handle` sees it; every write is this run's only (lib/queue-claim `heldBy`). */
export interface Job<Row> {
  readonly row: Row;
  /** Aborted on shutdown: finish what cannot be taken back, hand back the rest. */
  readonly signal: AbortSignal;
  /** Succeeded: the done status, the error cleared, and these fields. */
  complete(set?: Partial<Row>): Promise<Row | undefined>;
  /** Failed: again after the backoff, or failed for good at `maxAttempts` (or when not retryable). */
  fail(failure: Failure): Promise<{ row: Row | undefined; retryAt?: Date }>;
  /** Progress kept while the job goes on (the lease is kept); false once the job changed hands. */
  progress(set: Partial<Row>): Promise<boolean>;
  /** Back to the queue as before this claim, due at once (another instance takes it now, not after the lease). */
  handBack(): Promise<Row | undefined>;
  /** The job threw: logged and failed with the queue's internal error (what the worker does when `handle` throws). */
  crash(err: unknown): Promise<Row | undefined>;
}

export interface QueueWorkerOptions<T extends JobTable> {
  db: Db;
  log: FastifyBaseLogger;
  queue: Queue<T>;
  /** How long a claim is this instance's: a dead instance's job is taken over after it. */
  leaseSeconds: number;
  /** More to write on a claim, and a further condition on the candidate row (aliased `q`). */
  claim?: { set?: SQL; where?: SQL };
  backoff: Backoff;
  /** Attempts in all before a retryable failure is final. */
  maxAttempts: number;
  pollMs: number;
  /** More to write when a job fails for good (when it failed, when it finished). */
  failedSet?: () => Partial<RowOf<T>>;
  /** Asked before each drain: false claims nothing (the queue's service is not configured). */
  ready?: () => Promise<boolean>;
  messages: {
    /** Logged when a drain fails as a whole. */
    drainFailed: string;
    /** Logged when one job throws, with its id under `idField`. */
    jobCrashed: string;
    idField: string;
    /** The crashed job's error, for its reader (Spanish). */
    crashError: string;
  };
  /** What one job does. Answering `'stop'` ends this drain (the next poll goes on); anything else, the next job. */
  handle(job: Job<RowOf<T>>): Promise<unknown>;
}

export function createQueueWorker<T extends JobTable>(opts: QueueWorkerOptions<T>): DrainLoop {
  const claimed = claimedRows(opts);
  return createDrainLoop({
    pollMs: opts.pollMs,
    onError: (err) => opts.log.error({ err }, opts.messages.drainFailed),
    drainOnce: async (signal) => {
      if (opts.ready && !(await opts.ready())) return 0;
      let n = 0;
      while (!signal.aborted) {
        const id = await claimNext(opts.db, claimed.queue, {
          leaseSeconds: opts.leaseSeconds,
          ...opts.claim,
        });
        if (!id) return n;
        const row = await claimed.read(id);
        if (!row) continue;
        const job = jobOf(opts, claimed, row, signal);
        // Stopped while claiming: not started, so another instance takes it now instead of after the lease.
        if (signal.aborted) {
          await job.handBack();
          return n;
        }
        n += 1;
        // One job's failure, whatever it is, is that job's: the loop goes on with the next.
        const next = await opts.handle(job).catch((err: unknown) => job.crash(err));
        if (next === 'stop') return n;
      }
      return n;
    },
  });
}

/** The claim's view of the table, and the writes of the run that holds a row. */
function claimedRows<T extends JobTable>(opts: QueueWorkerOptions<T>) {
  const { table, running } = opts.queue;
  const queue: QueueTable = { table, id: table.id, status: table.status, attempts: table.attempts, running };
  const db = opts.db;
  return {
    queue,
    read: async (id: string) =>
      (
        (await db
          .select()
          .from(table as PgTable)
          .where(eq(table.id, id))) as RowOf<T>[]
      )[0],
    /** Writes `set` unless the row changed hands meanwhile (a later claim after the lease, a cancel). */
    write: async (row: RowOf<T>, set: Record<string, unknown>) =>
      (
        (await db
          .update(table as PgTable)
          .set(set as never)
          .where(heldBy(queue, row))
          .returning()) as RowOf<T>[]
      )[0],
  };
}

function jobOf<T extends JobTable>(
  opts: QueueWorkerOptions<T>,
  claimed: ReturnType<typeof claimedRows<T>>,
  row: RowOf<T>,
  signal: AbortSignal,
): Job<RowOf<T>> {
  const release = (set: Record<string, unknown>) => claimed.write(row, { ...set, lockedUntil: null });
  const failFinally = (error: string, errorDetail: string | null) =>
    release({ status: 'failed', error, errorDetail, ...opts.failedSet?.() });
  return {
    row,
    signal,
    complete: (set) => release({ status: opts.queue.done, error: null, errorDetail: null, ...set }),
    async fail({ error, errorDetail, retryable, retryAfterMs }) {
      if (!retryable || row.attempts >= opts.maxAttempts)
        return { row: await failFinally(error, errorDetail) };
      const retryAt = new Date(Date.now() + (retryAfterMs ?? backoffMs(opts.backoff, row.attempts)));
      return { row: await release({ status: 'pending', error, errorDetail, runAfter: retryAt }), retryAt };
    },
    progress: async (set) => (await claimed.write(row, set)) !== undefined,
    handBack: () => release({ status: 'pending', attempts: row.attempts - 1, runAfter: new Date() }),
    crash(err) {
      opts.log.error({ err, [opts.messages.idField]: row.id }, opts.messages.jobCrashed);
      return failFinally(opts.messages.crashError, null);
    },
  };
}

/**
 * The admin's view of a queue: its jobs in these statuses, with how many there are. Waiting jobs come next
 * first; failed ones the latest failure first (a failed job's `run_after` is when it failed).
 */
export async function listJobs<T extends JobTable>(
  db: DbOrTx,
  queue: Queue<T>,
  opts: { status: string | readonly string[]; limit: number },
) {
  const { table } = queue;
  const statuses = typeof opts.status === 'string' ? [opts.status] : [...opts.status];
  const where = inArray(table.status, statuses);
  // The failed, newest failure first, read straight from the (status, run_after) index (a tie-break on another
  // column would sort the whole failed set); what waits, the next due first (a queue of few rows).
  const order = statuses.every((s) => s === 'failed')
    ? [desc(table.runAfter)]
    : [asc(table.runAfter), asc(table.createdAt)];
  // One after the other: `db` may be a transaction, whose one connection takes one query at a time.
  const rows = (await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...order)
    .limit(opts.limit)) as RowOf<T>[];
  const [total] = await db
    .select({ n: count() })
    .from(table as PgTable)
    .where(where);
  return { total: total?.n ?? 0, rows };
}

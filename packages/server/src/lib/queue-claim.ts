import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type DbOrTx, rowsOf } from '../db/client.ts';

/**
 * The claim of the project's PostgreSQL-backed queues (agents' tasks, Notion syncs, the mail outbox), made by
 * their one worker (lib/queue-worker.ts): a row is due when it is `pending` and its `run_after` has come, or when
 * it is `running` and its lease (`locked_until`) is over because the instance that held it died. `FOR UPDATE SKIP
 * LOCKED` makes the claim exclusive across instances (PostgreSQL's queue idiom, as pg-boss uses): two instances
 * never take the same row. Each table has `id`, `status`, `attempts`, `run_after`, `locked_until` and `created_at`.
 */
export interface QueueTable {
  table: PgTable;
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  /** The status of a claimed row (`running`, `sending`). */
  running: string;
}

/** Claims the oldest due row for `leaseSeconds` and counts the attempt; answers its id, or undefined. */
export async function claimNext(
  db: DbOrTx,
  q: QueueTable,
  /** `where`: a further condition on the candidate row, aliased `q` (a task's agent must be able to run it). */
  opts: { leaseSeconds: number; set?: SQL; where?: SQL },
): Promise<string | undefined> {
  const result = await db.execute(sql`
    update ${q.table} set
      status = ${q.running},
      attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${opts.leaseSeconds})
      ${opts.set ? sql`, ${opts.set}` : sql``}
    where id = (
      select q.id from ${q.table} q
      where ((q.status = 'pending' and q.run_after <= now())
         or (q.status = ${q.running} and q.locked_until < now()))
        ${opts.where ? sql`and ${opts.where}` : sql``}
      order by q.run_after, q.created_at
      limit 1
      for update of q skip locked)
    returning id`);
  return rowsOf(result)[0]?.id;
}

/** The row is still this run's: claimed, on the attempt this run claimed (no later claim took it over). */
export const heldBy = (q: QueueTable, row: { id: string; attempts: number }) =>
  and(eq(q.id, row.id), eq(q.status, q.running), eq(q.attempts, row.attempts));

/**
 * The one queue worker (lib/queue-worker.ts) on its own, against the mail outbox's table with a handle of the
 * test's: retry then final failure at maxAttempts, the backoff it waits, a stop that hands back a job claimed but
 * not started, and a job that throws without stopping the loop. On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { mailOutbox } from '../src/db/schema.ts';
import {
  BACKOFF_SCHEDULES,
  backoffMs,
  createQueueWorker,
  type Job,
  listJobs,
  type QueueWorkerOptions,
} from '../src/lib/queue-worker.ts';
import { enqueueMail, mailQueue } from '../src/services/notify/mail/outbox.ts';
import { createTestApp, makeUser, type TestContext, type TestUser } from './helpers.ts';

type MailRow = typeof mailOutbox.$inferSelect;

/** A logger that keeps its error lines (the worker logs nothing else). */
function recordingLog() {
  const errors: Array<Record<string, unknown>> = [];
  const log = { error: (fields: Record<string, unknown>) => errors.push(fields) };
  return { log: log as unknown as FastifyBaseLogger, errors };
}

describe('the queue worker', () => {
  let ctx: TestContext;
  let app: App;
  let user: TestUser;

  const queue = async () => {
    await enqueueMail(app.db, {
      userId: user.id,
      to: user.email,
      template: 'action',
      data: { title: 'Aviso', content: 'Algo pasó', url: '/', group: 'reviews' },
    });
    const rows = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)!.id;
  };
  const rowOf = async (id: string) =>
    (await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
  const worker = (
    handle: (job: Job<MailRow>) => Promise<unknown>,
    more: Partial<QueueWorkerOptions<typeof mailOutbox>> = {},
  ) =>
    createQueueWorker({
      db: app.db,
      log: recordingLog().log,
      queue: mailQueue,
      leaseSeconds: 60,
      backoff: () => 0,
      maxAttempts: 3,
      pollMs: 60_000,
      messages: {
        drainFailed: 'falló',
        jobCrashed: 'un trabajo falló',
        idField: 'jobId',
        crashError: 'Error interno',
      },
      handle,
      ...more,
    });

  beforeAll(async () => {
    ctx = await createTestApp();
    app = ctx.app;
    user = await makeUser(app, 'employee');
  });
  beforeEach(async () => {
    await app.db.delete(mailOutbox);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('retries a retryable failure after the backoff, and fails for good at maxAttempts', async () => {
    const id = await queue();
    const waits: number[] = [];
    const failing = worker((job) => job.fail({ error: 'Más tarde', errorDetail: '451', retryable: true }), {
      backoff: (attempt) => {
        waits.push(attempt);
        return 0;
      },
    });
    expect(await failing.drain()).toBe(3);
    expect(waits).toEqual([1, 2]);
    expect(await rowOf(id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: 'Más tarde',
      lockedUntil: null,
    });

    // A schedule: the first retry waits its first step, so the next drain finds nothing due.
    const other = await queue();
    const scheduled = worker((job) => job.fail({ error: 'Más tarde', errorDetail: null, retryable: true }), {
      backoff: 'mail',
    });
    const before = Date.now();
    expect(await scheduled.drain()).toBe(1);
    const row = await rowOf(other);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.runAfter.getTime() - before).toBeGreaterThanOrEqual(BACKOFF_SCHEDULES.mail[0] - 1000);
    expect(row.runAfter.getTime() - before).toBeLessThanOrEqual(BACKOFF_SCHEDULES.mail[0] + 5000);
    expect(await scheduled.drain()).toBe(0);
    expect((await listJobs(app.db, mailQueue, { status: 'pending', limit: 10 })).total).toBe(1);
  });

  it('reads each schedule by attempt, its last step repeating', () => {
    expect([1, 2, 3, 4, 5].map((a) => backoffMs(BACKOFF_SCHEDULES.outbound, a))).toEqual([
      30_000, 120_000, 480_000, 1_920_000, 1_920_000,
    ]);
    expect([1, 4, 9].map((a) => backoffMs(BACKOFF_SCHEDULES.mail, a))).toEqual([
      60_000, 7_200_000, 7_200_000,
    ]);
    expect(backoffMs('mail', 2)).toBe(300_000);
    expect(backoffMs(() => 7, 3)).toBe(7);
  });

  it('fails a job that is not retryable at once, with the fields of the queue', async () => {
    const id = await queue();
    const loop = worker((job) => job.fail({ error: 'No existe', errorDetail: '550', retryable: false }), {
      failedSet: () => ({ sentAt: new Date(0) }),
    });
    await loop.drain();
    expect(await rowOf(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      errorDetail: '550',
      sentAt: new Date(0),
    });
  });

  it('hands back a job it claimed but had not started when it stops', async () => {
    const id = await queue();
    let started = 0;
    const loop = worker(async (job) => {
      started += 1;
      await job.complete();
    });
    // The stop comes while the claim is under way: the job is claimed, never started.
    const draining = loop.drain();
    await loop.stop();
    expect(await draining).toBe(0);
    expect(started).toBe(0);
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
  });

  it('goes on with the next job when one throws, and fails that one with the queue’s error', async () => {
    const first = await queue();
    const second = await queue();
    const { log, errors } = recordingLog();
    const loop = worker(
      async (job) => {
        if (job.row.id === first) throw new Error('boom');
        await job.complete({ sentAt: new Date() });
      },
      { log },
    );
    expect(await loop.drain()).toBe(2);
    expect(await rowOf(first)).toMatchObject({ status: 'failed', error: 'Error interno', errorDetail: null });
    expect(await rowOf(second)).toMatchObject({ status: 'sent', error: null, lockedUntil: null });
    expect(errors).toEqual([expect.objectContaining({ jobId: first })]);
  });
});

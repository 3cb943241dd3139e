import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import {
  mailDigestEntries,
  mailOutbox,
  notificationPreferences,
  scheduledRuns,
  users,
} from '../../../db/schema.ts';
import { type NotifyGroup, resolvePreferences } from '../preferences.ts';
import { enqueueMail } from './outbox.ts';
import type { MailData } from './templates.tsx';

export const MAIL_DIGEST_JOB = 'mail-digest';
/** How often each instance asks whether digests are due (the database lets one of them make them). */
export const DIGEST_CHECK_MS = 60_000;

/** The minute a run belongs to: one digest run per minute across every instance. */
const periodOf = (now: Date) => now.toISOString().slice(0, 16);

export interface DigestEntry {
  userId: string;
  title: string;
  content: string;
  url?: string | null;
  group: NotifyGroup;
}

/** Keeps something for the user's next digest email (in the caller's transaction). */
export async function addDigestEntry(db: DbOrTx, entry: DigestEntry): Promise<void> {
  await db.insert(mailDigestEntries).values({ ...entry, url: entry.url ?? null });
}

export const digestSummary = (n: number) =>
  n === 1 ? 'Tienes 1 novedad en el espacio de trabajo.' : `Tienes ${n} novedades en el espacio de trabajo.`;

/**
 * Turns each user's waiting entries into ONE digest email, unless that user got one in the last `minutes`
 * (their entries wait for the next run). The claim of the minute, the outbox rows and the deletion of the
 * entries are one transaction: a crash leaves the entries for the next run, and two instances never both send
 * the same entries (the deletion decides who has them). Entries of a group whose email the user has turned off
 * since are dropped.
 */
export async function runMailDigest(db: Db, opts: { now: Date; minutes: number }) {
  return db.transaction(async (tx) => {
    const claim = await tx
      .insert(scheduledRuns)
      .values({ job: MAIL_DIGEST_JOB, period: periodOf(opts.now) })
      .onConflictDoNothing()
      .returning();
    if (claim.length === 0) return { ran: false, queued: 0 };
    // Older claims are of no use (one run a minute would pile up): a day of them is kept.
    await tx
      .delete(scheduledRuns)
      .where(
        and(
          eq(scheduledRuns.job, MAIL_DIGEST_JOB),
          lt(scheduledRuns.period, periodOf(new Date(opts.now.getTime() - 86_400_000))),
        ),
      );
    const since = new Date(opts.now.getTime() - opts.minutes * 60_000);
    const taken = await tx
      .delete(mailDigestEntries)
      .where(
        sql`${mailDigestEntries.userId} not in (
          select ${mailOutbox.userId} from ${mailOutbox}
          where ${mailOutbox.template} = 'digest' and ${mailOutbox.userId} is not null
            and ${mailOutbox.createdAt} > ${since.toISOString()})`,
      )
      .returning();
    if (taken.length === 0) return { ran: true, queued: 0 };
    const people = await tx
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        deletedAt: users.deletedAt,
        overrides: notificationPreferences.overrides,
      })
      .from(users)
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
      .where(inArray(users.id, [...new Set(taken.map((e) => e.userId))]));
    let queued = 0;
    for (const person of people) {
      if (person.deletedAt) continue;
      const prefs = resolvePreferences(person.role, person.overrides);
      const entries = taken
        .filter((e) => e.userId === person.id && prefs[e.group as NotifyGroup]?.email)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map((e) => ({ title: e.title, content: e.content, url: e.url, group: e.group as NotifyGroup }));
      if (entries.length === 0) continue;
      const data: MailData = {
        title: 'Novedades en el espacio de trabajo',
        content: digestSummary(entries.length),
        url: '/',
        group: entries[0]!.group,
        entries,
      };
      await enqueueMail(tx, { userId: person.id, to: person.email, template: 'digest', data });
      queued += 1;
    }
    return { ran: true, queued };
  });
}

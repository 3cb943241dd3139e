import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { itemHistory, items, portfolios, scheduledRuns } from '../../db/schema.ts';
import type { PortfolioMember } from '../../policy.ts';
import { type Created, type Notifier, notifyReviewReminders, recipientCount } from '../notify/index.ts';
import { awaitedSide, awaiting, selfApproval } from '../review/index.ts';

export const REVIEW_REMINDER_JOB = 'review-reminders';
/** How often each instance asks whether today's reminders are still to be sent. */
export const REMINDER_CHECK_MS = 10 * 60_000;

/** The day a run belongs to (UTC): one run per job and day across every instance. */
export const periodOf = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Once a day, across every server instance: each reviewer of an item that has waited in a review queue longer
 * than `waitHours` gets ONE summary ("3 ítems esperan tu revisión") instead of one reminder per item. The
 * claim of (job, day) and the notifications are one transaction: the instance whose claim succeeds sends
 * them; a concurrent one finds the claim and sends nothing; a crash rolls the claim back for the next check.
 */
export async function sendReviewReminders(
  db: Db,
  notifier: Notifier,
  opts: { now: Date; waitHours: number },
): Promise<{ ran: boolean; notified: number }> {
  const cutoff = new Date(opts.now.getTime() - opts.waitHours * 3_600_000);
  const created: Created[] = [];
  const ran = await db.transaction(async (tx) => {
    const claim = await tx
      .insert(scheduledRuns)
      .values({ job: REVIEW_REMINDER_JOB, period: periodOf(opts.now) })
      .onConflictDoNothing()
      .returning();
    if (claim.length === 0) return false;

    // When each waiting item entered its queue: the latest transition into its current status.
    const entered = sql<Date>`(select max(${itemHistory.createdAt}) from ${itemHistory}
      where ${itemHistory.itemId} = ${items.id} and ${itemHistory.toStatus} = ${items.status})`;
    const waiting = await tx
      .select({
        id: items.id,
        portfolioId: items.portfolioId,
        status: items.status,
        versionAuthorId: items.versionAuthorId,
        allowSelfApproval: portfolios.allowSelfApproval,
      })
      .from(items)
      .innerJoin(portfolios, eq(portfolios.id, items.portfolioId))
      .where(
        and(
          inArray(items.status, [...awaiting('internal'), ...awaiting('client')]),
          sql`coalesce(${entered}, ${items.updatedAt}) < ${cutoff.toISOString()}`,
        ),
      );
    if (waiting.length === 0) return true;

    // Who is reminded, and of what, is notify's (tell.ts); the workflow says which side each piece waits on
    // and whom the four-eyes rule leaves out (the version's author, unless the portfolio allows it).
    const pieces = waiting.map((item) => {
      const side = awaitedSide(item.status)!;
      return {
        itemId: item.id,
        status: item.status,
        portfolioId: item.portfolioId,
        side,
        excludes: (m: PortfolioMember) =>
          side === 'internal' &&
          !item.allowSelfApproval &&
          selfApproval('approve-for-client', item, { actorId: m.id, perms: m.perms, internal: m.internal }),
      };
    });
    created.push(...(await notifyReviewReminders(tx, notifier, pieces)));
    return true;
  });
  for (const c of created) notifier.deliver(c);
  return { ran, notified: created.reduce((n, c) => n + recipientCount(c), 0) };
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { itemHistory, items, portfolios, scheduledRuns } from '../../db/schema.ts';
import { type PortfolioMember, reviewersOf } from '../../policy.ts';
import { type Created, type Notifier, recipientCount } from '../notify/index.ts';
import { awaitedSide, awaiting, selfApproval } from '../review/index.ts';

export const REVIEW_REMINDER_JOB = 'review-reminders';
/** How often each instance asks whether today's reminders are still to be sent. */
export const REMINDER_CHECK_MS = 10 * 60_000;

/** The day a run belongs to (UTC): one run per job and day across every instance. */
export const periodOf = (now: Date) => now.toISOString().slice(0, 10);

export const reminderText = (n: number) =>
  n === 1 ? '1 ítem espera tu revisión' : `${n} ítems esperan tu revisión`;

/**
 * Who reviews what (policy.reviewersOf: the people who see the portfolio and may take that side's decision, admins
 * included), read once per portfolio and side. One statement after the other: the caller's transaction is one
 * connection.
 */
function reviewersOfEach(db: DbOrTx) {
  const read = new Map<string, PortfolioMember[]>();
  return async (portfolioId: string, side: 'internal' | 'client') => {
    const key = `${portfolioId}|${side}`;
    let members = read.get(key);
    if (!members) {
      members = await reviewersOf(db, portfolioId, side);
      read.set(key, members);
    }
    return members;
  };
}

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

    const reviewers = reviewersOfEach(tx);
    const perUser = new Map<string, { count: number; portfolios: Set<string> }>();
    for (const item of waiting) {
      const side = awaitedSide(item.status)!;
      const internal = side === 'internal';
      for (const m of await reviewers(item.portfolioId, side)) {
        // The four-eyes rule: whoever wrote the version under review is not asked to approve it, unless the
        // portfolio lets authors approve their own work.
        const viewer = { actorId: m.id, perms: m.perms, internal: m.internal };
        if (internal && !item.allowSelfApproval && selfApproval('approve-for-client', item, viewer)) continue;
        const entry = perUser.get(m.id) ?? { count: 0, portfolios: new Set<string>() };
        entry.count += 1;
        entry.portfolios.add(item.portfolioId);
        perUser.set(m.id, entry);
      }
    }
    // One insert per distinct message (same count and link), one row per user.
    const groups = new Map<string, { userIds: string[]; count: number; url: string }>();
    for (const [userId, { count, portfolios: where }] of perUser) {
      const url = where.size === 1 ? `/portfolios/${[...where][0]}/review` : '/';
      const key = `${count}|${url}`;
      const group = groups.get(key) ?? { userIds: [], count, url };
      group.userIds.push(userId);
      groups.set(key, group);
    }
    for (const g of groups.values()) {
      created.push(
        await notifier.create(tx, {
          userIds: g.userIds,
          title: 'Recordatorio',
          content: reminderText(g.count),
          url: g.url,
          data: { kind: 'review-reminder' },
          event: 'review-reminder',
          asks: true,
          mailTemplate: 'reminder',
        }),
      );
    }
    return true;
  });
  for (const c of created) notifier.deliver(c);
  return { ran, notified: created.reduce((n, c) => n + recipientCount(c), 0) };
}

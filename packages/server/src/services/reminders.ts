import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { reviewDecision } from '../policy.ts';
import { itemHistory, items, portfolioAccess, scheduledRuns, users } from '../db/schema.ts';
import { type Created, type Notifier, recipientCount } from './notifier.ts';

export const REVIEW_REMINDER_JOB = 'review-reminders';
/** How often each instance asks whether today's reminders are still to be sent. */
export const REMINDER_CHECK_MS = 10 * 60_000;

/** The day a run belongs to (UTC): one run per job and day across every instance. */
export const periodOf = (now: Date) => now.toISOString().slice(0, 10);

export const reminderText = (n: number) =>
  n === 1 ? '1 ítem espera tu revisión' : `${n} ítems esperan tu revisión`;

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
        authorId: items.authorId,
      })
      .from(items)
      .where(
        and(
          inArray(items.status, ['internal_review', 'client_review']),
          sql`coalesce(${entered}, ${items.updatedAt}) < ${cutoff.toISOString()}`,
        ),
      );
    if (waiting.length === 0) return true;

    const grants = await tx
      .select({
        userId: users.id,
        role: users.role,
        portfolioId: portfolioAccess.portfolioId,
        permissions: portfolioAccess.permissions,
      })
      .from(portfolioAccess)
      .innerJoin(users, eq(users.id, portfolioAccess.userId))
      .where(
        and(
          inArray(portfolioAccess.portfolioId, [...new Set(waiting.map((w) => w.portfolioId))]),
          isNull(users.deletedAt),
        ),
      );
    // Who reviews what: the team (review.internal) the internal queue, never the item's author; clients
    // (review.client) what awaits them.
    const perUser = new Map<string, { count: number; portfolios: Set<string> }>();
    for (const item of waiting) {
      for (const g of grants) {
        if (g.portfolioId !== item.portfolioId) continue;
        const reviews =
          item.status === 'internal_review'
            ? g.role !== 'client' &&
              g.permissions.includes(reviewDecision.internal) &&
              g.userId !== item.authorId
            : g.role === 'client' && g.permissions.includes(reviewDecision.client);
        if (!reviews) continue;
        const entry = perUser.get(g.userId) ?? { count: 0, portfolios: new Set<string>() };
        entry.count += 1;
        entry.portfolios.add(item.portfolioId);
        perUser.set(g.userId, entry);
      }
    }
    // One insert per distinct message (same count and link), one row per user.
    const groups = new Map<string, { userIds: string[]; count: number; url: string }>();
    for (const [userId, { count, portfolios }] of perUser) {
      const url = portfolios.size === 1 ? `/portfolios/${[...portfolios][0]}/review` : '/';
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
          group: 'reviews',
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

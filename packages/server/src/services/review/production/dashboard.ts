import { and, asc, desc, eq, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  comments,
  cycleItemTallies,
  cycles,
  ITEM_STATUSES,
  type ItemStatus,
  itemHistory,
  items,
  users,
} from '../../../db/schema.ts';
import { notFound } from '../../../errors.ts';
import {
  type Actor,
  clientFacingActions,
  clientVisibleStatuses,
  isClientReviewer,
  isInternalReviewer,
  isInternalViewer,
  portfolioPermissions,
  visibleComments,
  visibleItems,
} from '../../../policy.ts';
import { awaiting, finalStatuses, queueStatus } from '../transitions.ts';
import { addDays, findCurrentCycle, today } from './cycles.ts';
import type { CycleRow } from './views.ts';

/** The end of the flow, which the client's dashboard counts per cycle (one final status: test/services/workflow.test.ts). */
const approved = finalStatuses[0]!;

/**
 * The two dashboards (product-design §7). Every read goes through the policy filters (`visibleItems`,
 * `visibleComments`, `clientFacingActions`), so a client's dashboard shows no draft, internal review or
 * internal comment, not even as a count.
 */

const QUEUE_PREVIEW = 5;
const ACTIVITY_LIMIT = 15;
const COMMENT_LIMIT = 10;
const LIST_LIMIT = 20;
const UPCOMING_DAYS = 7;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

const iso = (value: Date | string | null | undefined, fallback: Date): string =>
  value ? new Date(value).toISOString() : fallback.toISOString();

/** Plain text of a sanitised rich-text body, shortened for a card. */
export function excerpt(body: string, max = 200): string {
  const text = body
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const personName = (name: string | null, deleted: Date | null) =>
  name && !deleted ? name : 'Usuario eliminado';

/** The tallies of what the viewer may see (a client: only the statuses a client sees). */
const talliesVisible = (internal: boolean) =>
  internal ? undefined : inArray(cycleItemTallies.status, [...clientVisibleStatuses]);

/** Dates of a cycle and the days left, today included (the last day answers 1). */
function cycleDates(row: CycleRow) {
  const day = today();
  return {
    _id: row.id,
    startDate: row.startDate,
    endDate: row.endDate,
    totalDays: dayNumber(row.endDate) - dayNumber(row.startDate) + 1,
    daysLeft: Math.max(0, dayNumber(row.endDate) - dayNumber(day) + 1),
  };
}

/** When the item entered its present status (its latest history entry into it), for the queues. */
const enteredStatusAt = sql<
  Date | string | null
>`(select max("item_history"."created_at") from "item_history" where "item_history"."item_id" = "items"."id" and "item_history"."to_status" = "items"."status")`;

async function queue(db: DbOrTx, portfolioId: string, status: ItemStatus, limit: number) {
  const rows = await db
    .select({ id: items.id, title: items.title, updatedAt: items.updatedAt, since: enteredStatusAt })
    .from(items)
    .where(and(eq(items.portfolioId, portfolioId), eq(items.status, status)))
    .orderBy(asc(items.updatedAt))
    .limit(limit);
  return rows
    .map((r) => ({ _id: r.id, title: r.title, since: iso(r.since, r.updatedAt) }))
    .sort((a, b) => a.since.localeCompare(b.since));
}

async function accessFor(db: DbOrTx, actor: Actor, portfolioId: string) {
  const perms = await portfolioPermissions(db, actor, portfolioId);
  if (!perms) throw notFound('portfolio');
  return { perms, internal: isInternalViewer(actor, perms) };
}

/**
 * The staff dashboard of a portfolio: the current cycle, its items per status, the review queues, the
 * next week's publish dates and the latest activity. Clients (and users without a grant) get 404.
 */
export async function portfolioDashboard(db: DbOrTx, actor: Actor, portfolioId: string) {
  const { perms, internal } = await accessFor(db, actor, portfolioId);
  if (actor.role === 'client' || !perms.has('production.view')) {
    throw notFound('portfolio');
  }
  const visible = visibleItems(internal);
  const cycle = await findCurrentCycle(db, portfolioId);

  // The current cycle's count per status and the portfolio's two review queues, added up from the tallies kept
  // with each write of an item: a few rows per cycle, however many items there are.
  const t = cycleItemTallies;
  const inCycle = (status: ItemStatus) =>
    cycle
      ? sql<number>`coalesce(sum(${t.n}) filter (where ${t.cycleId} = ${cycle.id} and ${t.status} = ${status}), 0)::int`
      : sql<number>`0`;
  const [counts] = await db
    .select({
      ...(Object.fromEntries(ITEM_STATUSES.map((s) => [s, inCycle(s)])) as Record<ItemStatus, SQL<number>>),
      pendingInternal: sql<number>`coalesce(sum(${t.n}) filter (where ${t.status} = ${queueStatus('internal')}), 0)::int`,
      pendingClientChanges: sql<number>`coalesce(sum(${t.n}) filter (where ${t.status} = ${queueStatus('clientChanges')}), 0)::int`,
    })
    .from(t)
    .innerJoin(cycles, eq(cycles.id, t.cycleId))
    .where(and(eq(cycles.portfolioId, portfolioId), talliesVisible(internal)));

  // The SQL filter already leaves out what the viewer may not see.
  const byStatus = Object.fromEntries(ITEM_STATUSES.map((s) => [s, Number(counts?.[s] ?? 0)])) as Record<
    ItemStatus,
    number
  >;
  const total = ITEM_STATUSES.reduce((sum, s) => sum + byStatus[s], 0);

  const day = today();
  const [pendingInternal, clientChanges, upcoming, activity] = await Promise.all([
    internal ? queue(db, portfolioId, queueStatus('internal'), QUEUE_PREVIEW) : Promise.resolve([]),
    queue(db, portfolioId, queueStatus('clientChanges'), QUEUE_PREVIEW),
    db
      .select({ id: items.id, title: items.title, publishDate: items.publishDate, status: items.status })
      .from(items)
      .where(
        and(
          eq(items.portfolioId, portfolioId),
          isNotNull(items.publishDate),
          gte(items.publishDate, day),
          lte(items.publishDate, addDays(day, UPCOMING_DAYS - 1)),
          visible,
        ),
      )
      .orderBy(asc(items.publishDate), asc(items.title))
      .limit(LIST_LIMIT),
    latestActivity(db, portfolioId, internal, ACTIVITY_LIMIT),
  ]);

  return {
    currentCycle: cycle
      ? {
          ...cycleDates(cycle),
          approved: byStatus.approved,
          total,
          progress: total === 0 ? 0 : byStatus.approved / total,
        }
      : null,
    counts: byStatus,
    pendingInternalReview: {
      count: internal ? Number(counts?.pendingInternal ?? 0) : 0,
      items: pendingInternal,
    },
    clientChanges: { count: Number(counts?.pendingClientChanges ?? 0), items: clientChanges },
    upcoming: upcoming.map((r) => ({
      _id: r.id,
      title: r.title,
      publishDate: r.publishDate ?? day,
      status: r.status,
    })),
    activity,
  };
}

/** Latest history entries and comments on the portfolio's items, newest first, as the viewer may see them. */
async function latestActivity(db: DbOrTx, portfolioId: string, internal: boolean, limit: number) {
  const visible = visibleItems(internal);
  const [history, notes] = await Promise.all([
    db
      .select({
        id: itemHistory.id,
        action: itemHistory.action,
        fromStatus: itemHistory.fromStatus,
        toStatus: itemHistory.toStatus,
        createdAt: itemHistory.createdAt,
        actorId: itemHistory.actorId,
        actorName: users.name,
        actorDeleted: users.deletedAt,
        itemId: items.id,
        itemTitle: items.title,
      })
      .from(itemHistory)
      .innerJoin(items, eq(items.id, itemHistory.itemId))
      .leftJoin(users, eq(users.id, itemHistory.actorId))
      .where(
        and(
          eq(itemHistory.portfolioId, portfolioId),
          visible,
          internal ? undefined : inArray(itemHistory.action, [...clientFacingActions]),
        ),
      )
      .orderBy(desc(itemHistory.createdAt))
      .limit(limit),
    itemComments(db, portfolioId, internal, limit),
  ]);
  const entries = [
    ...history.map((h) => ({
      _id: h.id,
      kind: 'history' as const,
      action: h.action,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      excerpt: null,
      actor: { _id: h.actorId ?? '', name: personName(h.actorName, h.actorDeleted) },
      item: { _id: h.itemId, title: h.itemTitle },
      createdAt: h.createdAt.toISOString(),
    })),
    ...notes.map((c) => ({
      _id: c._id,
      kind: 'comment' as const,
      action: 'comment',
      fromStatus: null,
      toStatus: null,
      excerpt: c.excerpt,
      actor: c.author,
      item: c.item,
      createdAt: c.createdAt,
    })),
  ];
  return entries.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit);
}

/** The latest comments on items the viewer may see (clients: only `client` comments). */
async function itemComments(db: DbOrTx, portfolioId: string, internal: boolean, limit: number) {
  const rows = await db
    .select({
      id: comments.id,
      body: comments.body,
      visibility: comments.visibility,
      createdAt: comments.createdAt,
      authorId: comments.authorId,
      authorName: users.name,
      authorDeleted: users.deletedAt,
      itemId: items.id,
      itemTitle: items.title,
      itemStatus: items.status,
    })
    .from(comments)
    .innerJoin(items, and(eq(comments.entityType, 'item'), eq(items.id, comments.entityId)))
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(and(eq(comments.portfolioId, portfolioId), visibleItems(internal), visibleComments(internal)))
    .orderBy(desc(comments.createdAt))
    .limit(limit);
  return rows.map((c) => ({
    _id: c.id,
    excerpt: excerpt(c.body),
    visibility: c.visibility,
    author: { _id: c.authorId ?? '', name: personName(c.authorName, c.authorDeleted) },
    item: { _id: c.itemId, title: c.itemTitle, status: c.itemStatus },
    createdAt: c.createdAt.toISOString(),
  }));
}

/**
 * "Mi Dashboard": what awaits the viewer's review (clients: client review; staff with review.internal:
 * internal review), what was approved this cycle, the latest comments it may read and the cycle's dates.
 */
export async function clientDashboard(db: DbOrTx, actor: Actor, portfolioId: string) {
  const { perms, internal } = await accessFor(db, actor, portfolioId);
  const cycle = await findCurrentCycle(db, portfolioId);
  const empty = { count: 0, items: [] as Array<{ _id: string; title: string; since: string }> };
  if (!perms.has('production.view')) {
    return {
      currentCycle: cycle ? cycleDates(cycle) : null,
      awaitingReview: { ...empty, status: null },
      approvedThisCycle: { count: 0, items: [] },
      recentComments: [],
    };
  }
  // The status awaiting this viewer's side's decision (one per side: test/services/workflow.test.ts).
  const reviewStatus: ItemStatus | null = isClientReviewer({ internal, perms })
    ? awaiting('client')[0]!
    : isInternalReviewer({ internal, perms })
      ? awaiting('internal')[0]!
      : null;
  const visible = visibleItems(internal);

  const awaitingWhere = reviewStatus
    ? and(eq(items.portfolioId, portfolioId), eq(items.status, reviewStatus), visible)
    : undefined;
  const approvedWhere = cycle
    ? and(
        eq(items.portfolioId, portfolioId),
        eq(items.cycleId, cycle.id),
        eq(items.status, approved),
        visible,
      )
    : undefined;
  const listed = (where: SQL | undefined, order: SQL) =>
    where
      ? db
          .select({ id: items.id, title: items.title, updatedAt: items.updatedAt, since: enteredStatusAt })
          .from(items)
          .where(where)
          .orderBy(order)
          .limit(LIST_LIMIT)
      : Promise.resolve([]);

  // Both counts from the tallies kept with each write of an item.
  const t = cycleItemTallies;
  const countQuery = db
    .select({
      awaiting: reviewStatus
        ? sql<number>`coalesce(sum(${t.n}) filter (where ${t.status} = ${reviewStatus}), 0)::int`
        : sql<number>`0`,
      approved: cycle
        ? sql<number>`coalesce(sum(${t.n}) filter (where ${t.cycleId} = ${cycle.id} and ${t.status} = ${approved}), 0)::int`
        : sql<number>`0`,
    })
    .from(t)
    .innerJoin(cycles, eq(cycles.id, t.cycleId))
    .where(and(eq(cycles.portfolioId, portfolioId), talliesVisible(internal)));

  const [awaitingRows, approvedRows, [counts], recentComments] = await Promise.all([
    listed(awaitingWhere, asc(items.updatedAt)),
    listed(approvedWhere, desc(items.updatedAt)),
    countQuery,
    itemComments(db, portfolioId, internal, COMMENT_LIMIT),
  ]);
  const toEntry = (r: { id: string; title: string; updatedAt: Date; since: Date | string | null }) => ({
    _id: r.id,
    title: r.title,
    since: iso(r.since, r.updatedAt),
  });
  return {
    currentCycle: cycle ? cycleDates(cycle) : null,
    awaitingReview: {
      status: reviewStatus,
      count: Number(counts?.awaiting ?? 0),
      items: awaitingRows.map(toEntry),
    },
    approvedThisCycle: { count: Number(counts?.approved ?? 0), items: approvedRows.map(toEntry) },
    recentComments,
  };
}

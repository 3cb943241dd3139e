import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, type DbOrTx, rowsOf } from '../../../db/client.ts';
import { likeTerm, lookaheadPage, TOTAL_CAP, withTotal } from '../../../db/pages.ts';
import { preparedRows, rowDecoder } from '../../../db/prepared.ts';
import { cycleItemTallies, cycles, type ItemStatus, items, portfolios } from '../../../db/schema.ts';
import {
  type Actor,
  clientVisibleStatuses,
  grantColumn,
  isInternalViewer,
  permissionsFromGrant,
  visibleItems,
} from '../../../policy.ts';
import { loadCycle } from './access.ts';
import { itemsAnswer, type Viewer } from './views.ts';

/**
 * A cycle's pages of items (issue 30): read in an index's order, each with its total from the cycle's tallies or a
 * capped count, in one statement.
 */

export const itemSortKeys = ['publishDate', 'title', 'status', 'format', 'createdAt', 'updatedAt'] as const;
export type ItemSort = (typeof itemSortKeys)[number];

export interface ItemQuery extends ItemFilters {
  page: number;
  limit: number;
  sort?: ItemSort;
  order?: 'asc' | 'desc';
}

/** A board's read (`itemBoard`): the columns to read (their statuses), the plan's filters and order, a page's size. */
export interface BoardRead extends Omit<ItemQuery, 'page' | 'status'> {
  status: ItemStatus[];
}

/** What a cycle's pieces can be filtered by. */
export interface ItemFilters {
  status?: ItemStatus[];
  format?: string;
  pilar?: string;
  angulo?: string;
  funnelPhase?: string;
  awarenessLevel?: string;
  assigneeId?: string;
  q?: string;
}

/**
 * What decides whether the reader may see the page, read with it: its grant on the cycle's portfolio and the
 * portfolio's four-eyes rule. Neither depends on the row: PostgreSQL reads each once (an InitPlan), whatever the
 * page's length. The decision itself stays with policy.ts (`readItemPage`).
 */
function accessColumns(actorId: SQL, cycleId: SQL) {
  const portfolioOfCycle = sql`(select ${cycles.portfolioId} from ${cycles} where ${cycles.id} = ${cycleId})`;
  return {
    page_grant: grantColumn(actorId, portfolioOfCycle).as('page_grant'),
    page_allow_self_approval:
      sql`(select ${portfolios.allowSelfApproval} from ${portfolios} where ${portfolios.id} = ${portfolioOfCycle})`.as(
        'page_allow_self_approval',
      ),
  };
}

/**
 * Each order as an index of the cycle's holds it (schema/production.ts), so that a page of any order, either way,
 * is read and never sorted: the ties break in the order's direction. The publication date keeps undated pieces
 * last both ways (its own index for the descending order); by status or format, the pieces of one status or
 * format come in the plan's order (publication date, then creation), reversed when descending, as their filters'
 * indexes hold them.
 */
function orderOf(q: Pick<ItemQuery, 'sort' | 'order'>): SQL[] {
  const down = q.order === 'desc';
  const d = (column: AnyPgColumn) => (down ? sql`${column} desc` : sql`${column} asc`);
  // Nullable columns: last when ascending, first when descending, as an index read backwards gives them.
  const n = (column: AnyPgColumn) => (down ? sql`${column} desc nulls first` : sql`${column} asc nulls last`);
  switch (q.sort ?? 'publishDate') {
    case 'publishDate':
      return [
        down ? sql`${items.publishDate} desc nulls last` : sql`${items.publishDate} asc nulls last`,
        d(items.createdAt),
        d(items.id),
      ];
    case 'status':
      return [d(items.status), n(items.publishDate), d(items.createdAt), d(items.id)];
    case 'format':
      return [n(items.format), n(items.publishDate), d(items.createdAt), d(items.id)];
    case 'title':
      return [d(items.title), d(items.id)];
    case 'createdAt':
      return [d(items.createdAt), d(items.id)];
    case 'updatedAt':
      return [d(items.updatedAt), d(items.id)];
  }
}

/**
 * The page query, in the order asked for (`orderOf`), each row carrying the page's total (`total`, a scalar
 * subquery) and the reader's access (`accessColumns`): one statement per page.
 */
function pageQuery(
  db: DbOrTx,
  where: SQL | undefined,
  total: SQL<number>,
  access: ReturnType<typeof accessColumns>,
  q: Pick<ItemQuery, 'sort' | 'order'>,
) {
  return db
    .select({ item: items, page_total: total.as('page_total'), ...access })
    .from(items)
    .where(where)
    .orderBy(...orderOf(q));
}

/**
 * A page's total without reading every row: what the cycle's tallies say (exact, a few rows whatever the
 * cycle's size) when every filter is one of theirs; for a text search, nothing here (`lookahead`: the page reads
 * one row past its end, see `pageRows`); otherwise the matching rows counted up to `TOTAL_CAP` (`capped`). As an
 * expression, to travel with the page.
 */
function pageTotal(
  cycleId: SQL | string,
  internal: boolean,
  q: Omit<ItemQuery, 'page' | 'limit'>,
  where: SQL | undefined,
): { total: SQL<number>; capped: boolean; lookahead?: true } {
  if (q.q?.trim()) return { total: sql<number>`null`, capped: false, lookahead: true };
  if (!q.assigneeId) {
    const t = cycleItemTallies;
    const statuses = q.status?.length
      ? q.status.filter((s) => internal || clientVisibleStatuses.includes(s))
      : internal
        ? undefined
        : [...clientVisibleStatuses];
    if (statuses?.length === 0) return { total: sql<number>`0`, capped: false };
    const conditions = and(
      sql`${t.cycleId} = ${cycleId}`,
      statuses ? inArray(t.status, statuses) : undefined,
      q.format ? eq(t.format, q.format) : undefined,
      q.pilar ? eq(t.pilar, q.pilar) : undefined,
      q.angulo ? eq(t.angulo, q.angulo) : undefined,
      q.funnelPhase ? eq(t.funnelPhase, q.funnelPhase) : undefined,
      q.awarenessLevel ? eq(t.awarenessLevel, q.awarenessLevel) : undefined,
    );
    return {
      total: sql<number>`(select coalesce(sum(${t.n}), 0)::int from ${t} where ${conditions})`,
      capped: false,
    };
  }
  // Inside the subquery "items" is its own scan of the table: the conditions name its rows.
  return {
    total: sql<number>`(select count(*)::int from (select 1 from ${items} where ${where} limit ${TOTAL_CAP}) as capped)`,
    capped: true,
  };
}

/**
 * The unfiltered page (a board or a list opening, the commonest read) is a prepared statement per viewer kind
 * and order: no SQL is put together per request.
 */
const unfilteredPage = (db: Db, internal: boolean, q: Pick<ItemQuery, 'sort' | 'order'>) =>
  preparedRows(
    db,
    `items_page_${internal ? 'staff' : 'client'}_${q.sort ?? 'publishDate'}_${q.order ?? 'asc'}`,
    () => {
      const cycleId = sql`${sql.placeholder('cycleId')}`;
      return pageQuery(
        db,
        and(sql`${items.cycleId} = ${cycleId}`, visibleItems(internal)),
        pageTotal(cycleId, internal, {}, undefined).total,
        accessColumns(sql`${sql.placeholder('actorId')}`, cycleId),
        q,
      )
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
    },
  );

/**
 * One page of a cycle's items as the actor may see them (404 when it may not see the cycle): in the common case one
 * statement, the page carrying the reader's access. The page is read for the view the actor's role implies (a
 * client sees client material, anyone else internal work); when the access read with it says otherwise (a refusal,
 * a member without internal permissions) or no row came back to carry it (an empty page, a cycle that does not
 * exist), the cycle is loaded and checked on its own first, as every other read does (`loadCycle`).
 */
export async function readItemPage(db: Db, actor: Actor, cycleId: string, q: ItemQuery) {
  const guess = actor.role !== 'client';
  const page = await pageRows(db, actor.id, cycleId, guess, q);
  const first = page.rows[0];
  if (first) {
    const perms = permissionsFromGrant(actor, first.grant);
    if (perms?.has('production.view') && isInternalViewer(actor, perms) === guess) {
      return pageAnswer(
        db,
        { actor, perms, internal: guess, allowSelfApproval: first.allowSelfApproval },
        q,
        page,
      );
    }
  }
  const { cycle, ...access } = await loadCycle(db, actor, cycleId, 'production.view');
  const viewer: Viewer = { actor, ...access };
  const checked =
    access.internal === guess && !first ? page : await pageRows(db, actor.id, cycle.id, access.internal, q);
  return pageAnswer(db, viewer, q, checked);
}

/** A row of the page as the driver answers it: the item's columns, the page's total and the reader's access. */
type RawPageRow = Record<string, unknown> & {
  page_total: number | string;
  page_grant: unknown;
  page_allow_self_approval: boolean | null;
};
// The timestamps stay text: the answer prints them (db/timestamps.ts), nothing here reads them as dates.
const itemFromDriver = rowDecoder(items, ['createdAt', 'updatedAt']);

/** The conditions of what the viewer chose to filter by (undefined where it chose nothing). */
function chosenFilters(q: ItemFilters): Array<SQL | undefined> {
  const term = q.q?.trim();
  return [
    q.status?.length ? inArray(items.status, q.status) : undefined,
    q.format ? eq(items.format, q.format) : undefined,
    q.pilar ? eq(items.pilar, q.pilar) : undefined,
    q.angulo ? eq(items.angulo, q.angulo) : undefined,
    q.funnelPhase ? eq(items.funnelPhase, q.funnelPhase) : undefined,
    q.awarenessLevel ? eq(items.awarenessLevel, q.awarenessLevel) : undefined,
    q.assigneeId ? eq(items.assigneeId, q.assigneeId) : undefined,
    // The expression of the trigram index (schema.ts), written the same way.
    term ? sql`(${items.title} || ' ' || ${items.description}) ilike ${likeTerm(term)}` : undefined,
  ];
}

/** The rows of one page, filtered and sorted, for a reader who sees internal work or not. */
async function pageRows(db: Db, actorId: string, cycleId: string, internal: boolean, q: ItemQuery) {
  // What the viewer chose to filter by; with none, the page is the prepared statement.
  const chosen = chosenFilters(q);
  const where = and(eq(items.cycleId, cycleId), visibleItems(internal), ...chosen);
  const offset = (q.page - 1) * q.limit;
  const { total, capped, lookahead } = pageTotal(cycleId, internal, q, where);
  const raw = chosen.some(Boolean)
    ? rowsOf<RawPageRow>(
        await db.execute(
          pageQuery(db, where, total, accessColumns(sql`${actorId}`, sql`${cycleId}`), q)
            .limit(lookahead ? q.limit + 1 : q.limit)
            .offset(offset),
        ),
      )
    : ((await unfilteredPage(db, internal, q)({ cycleId, actorId, limit: q.limit, offset })) as RawPageRow[]);
  // A text search reads one row past the page: all its total says is how far the matches go, past this page
  // only whether there is more (`more`, the total then a lower bound).
  const ahead = lookahead ? lookaheadPage(raw, q.limit, offset) : undefined;
  const more = ahead?.more;
  const shown = ahead?.shown ?? raw;
  const rows = shown.map((r) => ({
    item: itemFromDriver(r),
    total: ahead ? ahead.total : Number(r.page_total),
    grant: r.page_grant as string[] | null,
    allowSelfApproval: r.page_allow_self_approval === true,
  }));
  // Past the end of a text search (no row): its matches, counted up to this page's start.
  const pastTheEnd = lookahead
    ? sql<number>`(select count(*)::int from (select 1 from ${items} where ${where} limit ${offset}) as found)`
    : total;
  return { rows, total: pastTheEnd, capped, more, offset };
}

async function pageAnswer(
  db: Db,
  viewer: Viewer,
  q: ItemQuery,
  { rows, total: totalSql, capped, more, offset }: Awaited<ReturnType<typeof pageRows>>,
) {
  // A page past the end has no row to carry the total: only then is it asked on its own.
  const total =
    rows[0]?.total ??
    (q.page > 1
      ? Number((await db.select({ n: totalSql.mapWith(Number) }).from(sql`(select 1) as one`))[0]?.n)
      : 0);
  const found = rows.map((r) => r.item);
  return {
    items: await itemsAnswer(db, found, viewer),
    ...withTotal({ total, atLeast: more ?? (capped && total >= TOTAL_CAP) }, offset + found.length),
    page: q.page,
    limit: q.limit,
  };
}

/**
 * The most pieces a cycle's calendar reads: a month of a cycle this full is already a wall of «+N más», and the read
 * stays within what one statement may read of a growing table (test/support/query-plans.ts, `READ_LIMIT`; the app
 * read up to 20 pages of 100 before it had this read). Past it, the answer says `more` and the screen says so.
 */
export const CALENDAR_MAX = 1000;

/**
 * A cycle's calendar (issue 48): every piece that matches, as little of each as the calendar draws and moves (its
 * id, title, status, date and version), in the plan's order, in one statement (the cycle's publication-date index),
 * up to `max`. One request instead of a page of 100 full items per request: ten of those for a cycle of 1,000
 * pieces were most of the calendar's cost in a phone's browser. 404 when the actor may not see the cycle.
 */
export async function readCalendar(
  db: Db,
  actor: Actor,
  cycleId: string,
  q: ItemFilters,
  max = CALENDAR_MAX,
) {
  const { cycle, internal } = await loadCycle(db, actor, cycleId, 'production.view');
  const rows = await db
    .select({
      _id: items.id,
      title: items.title,
      status: items.status,
      publishDate: items.publishDate,
      version: items.version,
    })
    .from(items)
    .where(and(eq(items.cycleId, cycle.id), visibleItems(internal), ...chosenFilters(q)))
    .orderBy(...orderOf({ sort: 'publishDate' }))
    .limit(max + 1);
  return { entries: rows.slice(0, max), more: rows.length > max };
}

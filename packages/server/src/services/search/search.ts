import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import {
  type Actor,
  clientVisibleStatuses,
  isAdmin,
  type PortfolioAccess,
  portfolioHome,
  visiblePortfolios,
} from '../../policy.ts';

/**
 * One search over what the caller may see (issue 49, point 3): portfolios (name, identifier), pieces (title,
 * description, the copy of the newest version) and the comments on pieces, in every cycle. The words are
 * PostgreSQL's, Spanish-aware (migration 0026: the `crw_es` configuration, unaccent then the Spanish stemmer),
 * on PGlite and PostgreSQL alike; each piece's and comment's words are stored and indexed (GIN).
 *
 * Scope, from the policy: a portfolio the caller sees where it sees internal work (staff) gives every piece and
 * comment; one it sees as a client gives the pieces in a client-visible status, their copy only once the newest
 * version was sent to the client, and only the comments meant for clients.
 */

export const searchTypes = ['portfolio', 'item', 'comment'] as const;
export type SearchType = (typeof searchTypes)[number];

export interface SearchHit {
  type: SearchType;
  id: string;
  title: string;
  /** The matched words between `<mark>` and `</mark>`; the rest escaped as HTML (&amp; &lt; &gt;). */
  snippet: string;
  portfolioId: string;
  portfolioName: string;
  cycleId: string | null;
  cycleStartDate: string | null;
  cycleEndDate: string | null;
  /** The piece a hit opens (the comment's piece for a comment); null for a portfolio. */
  itemId: string | null;
  url: string;
}

export interface SearchQuery {
  q: string;
  portfolioId?: string;
  limit?: number;
}

export const SEARCH_MAX_CHARS = 200;
export const SEARCH_MAX_LIMIT = 50;
export const SEARCH_DEFAULT_LIMIT = 20;
/** Words read from the question at most (the rest is ignored). */
const MAX_WORDS = 8;
/**
 * Matches ranked per kind at most: a word in tens of thousands of pieces ranks the first ones the index gives,
 * so one search stays within its time (the p95 of the bench's row) whatever the word.
 */
const CANDIDATES = 1000;

/** The question's words: letters and digits, lower case, at most MAX_WORDS, each at most 40 characters. */
export function searchWords(q: string): string[] {
  return (
    q
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
    .slice(0, MAX_WORDS)
    .map((w) => w.slice(0, 40));
}

/**
 * The tsquery's text: every word must appear (in any form), the last one also as the start of a word (a search
 * typed as it goes). Only letters and digits reach it, so nothing in it is tsquery syntax.
 */
const queryText = (words: string[]) =>
  words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');

/** The text of rich text (comments and copy are HTML): tags out, spaces folded. */
const plain = (column: SQL) =>
  sql`btrim(regexp_replace(regexp_replace(${column}, '<[^>]*>', ' ', 'g'), '\\s+', ' ', 'g'))`;

const escapeHtml = (column: SQL) =>
  sql`replace(replace(replace(${column}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;')`;

const HEADLINE = 'StartSel=<mark>, StopSel=</mark>, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2';

/** `column in (ids)`, false for none. */
const inIds = (column: SQL, ids: readonly string[]) => (ids.length ? sql`${column} in ${ids}` : sql`false`);

interface Scope {
  /** Every portfolio (an admin), or the ones seen with internal work / as a client. */
  all: boolean;
  internal: string[];
  client: string[];
}

async function scopeOf(db: DbOrTx, actor: Actor, portfolioId?: string): Promise<Scope> {
  const seen: Map<string, PortfolioAccess> | undefined = isAdmin(actor)
    ? undefined
    : await visiblePortfolios(db, actor);
  if (!seen)
    return portfolioId
      ? { all: false, internal: [portfolioId], client: [] }
      : { all: true, internal: [], client: [] };
  const scope: Scope = { all: false, internal: [], client: [] };
  for (const [id, access] of seen) {
    if (portfolioId && id !== portfolioId) continue;
    (access.internal ? scope.internal : scope.client).push(id);
  }
  if (portfolioId && scope.internal.length + scope.client.length === 0) throw notFound('portfolio');
  return scope;
}

interface Row {
  type: SearchType;
  id: string;
  title: string;
  snippet: string;
  portfolio_id: string;
  portfolio_name: string;
  cycle_id: string | null;
  cycle_start: string | null;
  cycle_end: string | null;
  item_id: string | null;
  client_view: boolean;
}

/** The search: the best `limit` hits, the best first (ties: the newest first). */
export async function search(db: DbOrTx, actor: Actor, query: SearchQuery): Promise<{ items: SearchHit[] }> {
  const statement = await searchStatement(db, actor, query);
  if (!statement) return { items: [] };
  return { items: rowsOf<Row>(await db.execute(statement)).map(toHit) };
}

/**
 * The search's one statement for the caller (null when it sees no portfolio); the planner test explains it.
 * Throws the 400 of a question without words and the 404 of a portfolio the caller does not see.
 */
export async function searchStatement(db: DbOrTx, actor: Actor, query: SearchQuery): Promise<SQL | null> {
  const words = searchWords(query.q);
  if (words.length === 0)
    throw new AppError('VALIDATION', 'Escribe al menos una palabra para buscar', [
      { field: 'q', message: 'Escribe al menos una palabra' },
    ]);
  const limit = Math.min(Math.max(query.limit ?? SEARCH_DEFAULT_LIMIT, 1), SEARCH_MAX_LIMIT);
  const scope = await scopeOf(db, actor, query.portfolioId);
  if (!scope.all && scope.internal.length + scope.client.length === 0) return null;

  const tsq = sql`to_tsquery('public.crw_es', ${queryText(words)})`;
  const statuses = sql.raw(clientVisibleStatuses.map((s) => `'${s}'`).join(', '));
  // Per portfolio column: staff of it, or a client of it (then only what clients see).
  const staffOf = (col: SQL) => (scope.all ? sql`true` : inIds(col, scope.internal));
  const clientOf = (col: SQL) => inIds(col, scope.client);
  const seenPortfolio = (col: SQL) =>
    scope.all
      ? query.portfolioId
        ? sql`${col} = ${query.portfolioId}`
        : sql`true`
      : sql`(${staffOf(col)} or ${clientOf(col)})`;
  // The client may read the copy of the newest version once it was sent to them.
  // The client may read the copy of the newest version once it was sent to them: a lookup of that one version by
  // its key (a scalar subquery: as EXISTS inside an OR the planner hashed all of item_versions).
  const copySent = sql`coalesce((select v.sent_to_client_at is not null from item_versions v where v.item_id = i.id and v.number = i.current_version), false)`;
  const itemSeen = sql`(${staffOf(sql`i.portfolio_id`)} or (${clientOf(sql`i.portfolio_id`)} and i.status in (${statuses})))`;
  const copySeen =
    scope.client.length === 0 ? sql`true` : sql`(${staffOf(sql`i.portfolio_id`)} or ${copySent})`;
  // A piece's words without its copy, for the few client rows whose newest version was not sent.
  const ownWords = sql`(setweight(to_tsvector('public.crw_es', i.title), 'A') || setweight(to_tsvector('public.crw_es', i.description), 'B'))`;

  return sql`
    with q as materialized (select ${tsq} as q),
    piece as (
      select i.id, i.portfolio_id, i.cycle_id, i.updated_at,
             ts_rank(case when ${copySeen} then i.search_words else ${ownWords} end, q.q) as rank,
             not ${staffOf(sql`i.portfolio_id`)} as client_view,
             ${copySeen} as copy_seen
      from items i, q
      where i.search_words @@ q.q and ${itemSeen} and (${copySeen} or ${ownWords} @@ q.q)
      limit ${CANDIDATES}
    ),
    note as (
      select c.id, c.entity_id as item_id, i.portfolio_id, i.cycle_id, c.updated_at,
             ts_rank(c.search_words, q.q) * 0.9 as rank, not ${staffOf(sql`i.portfolio_id`)} as client_view
      from comments c
      join items i on i.id = c.entity_id, q
      where c.search_words @@ q.q and c.entity_type = 'item' and ${itemSeen}
        and (${staffOf(sql`c.portfolio_id`)} or c.visibility = 'client')
      limit ${CANDIDATES}
    ),
    folder as (
      select p.id, p.updated_at, ts_rank(w.words, q.q) * 1.2 as rank,
             not ${staffOf(sql`p.id`)} as client_view
      from portfolios p, q,
           lateral (select to_tsvector('public.crw_es', coalesce(p.account_data->>'businessName', '') || ' ' || p.identifier) as words) w
      where w.words @@ q.q and ${seenPortfolio(sql`p.id`)}
    ),
    best as (
      select 'item' as type, id, id as item_id, portfolio_id, cycle_id, rank, updated_at, client_view, copy_seen from piece
      union all
      select 'comment', id, item_id, portfolio_id, cycle_id, rank, updated_at, client_view, false from note
      union all
      select 'portfolio', id, null, id, null, rank, updated_at, client_view, false from folder
      order by rank desc, updated_at desc, id
      limit ${limit}
    )
    select b.type, b.id, b.item_id, b.portfolio_id, b.cycle_id, b.client_view,
           coalesce(p.account_data->>'businessName', p.identifier) as portfolio_name,
           cy.start_date::text as cycle_start, cy.end_date::text as cycle_end,
           case b.type when 'portfolio' then coalesce(p.account_data->>'businessName', p.identifier) else i.title end as title,
           case b.type
             when 'comment' then ts_headline('public.crw_es', ${escapeHtml(plain(sql`c.body`))}, q.q, ${HEADLINE})
             when 'item' then ts_headline('public.crw_es', ${escapeHtml(
               sql`concat_ws(' · ', i.title, nullif(i.description, ''), case when b.copy_seen then nullif(${plain(sql`coalesce(i.material_data->>'copy', '')`)}, '') end)`,
             )}, q.q, ${HEADLINE})
             else ts_headline('public.crw_es', ${escapeHtml(sql`coalesce(p.account_data->>'businessName', '') || ' · ' || p.identifier`)}, q.q, ${HEADLINE})
           end as snippet
    from best b
    cross join q
    join portfolios p on p.id = b.portfolio_id
    left join items i on i.id = b.item_id
    left join cycles cy on cy.id = b.cycle_id
    left join comments c on b.type = 'comment' and c.id = b.id
    order by b.rank desc, b.updated_at desc, b.id`;
}

function toHit(row: Row): SearchHit {
  const base = `/portfolios/${row.portfolio_id}/`;
  const url =
    row.type === 'portfolio'
      ? portfolioHome(row.portfolio_id, row.client_view ? 'client' : 'employee')
      : row.client_view
        ? `${base}review?item=${row.item_id}`
        : `${base}production?cycle=${row.cycle_id}&item=${row.item_id}`;
  return {
    type: row.type,
    id: row.id,
    title: row.title,
    snippet: row.snippet,
    portfolioId: row.portfolio_id,
    portfolioName: row.portfolio_name,
    cycleId: row.cycle_id,
    cycleStartDate: row.cycle_start,
    cycleEndDate: row.cycle_end,
    itemId: row.item_id,
    url,
  };
}

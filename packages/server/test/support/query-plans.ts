/** The tables that grow with an agency's years: none may be read whole or sorted whole by a screen. */
export const GROWING = new Set([
  'users',
  'items',
  'item_history',
  'item_versions',
  'comments',
  'notifications',
  'notification_receipts',
  'files',
  'tasks',
  'mail_outbox',
  'notion_syncs',
]);

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Actual Loops'?: number;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

/** The trigram indexes of the text searches (items, users). */
export const SEARCH_INDEXES = ['items_search_trgm_idx', 'users_search_trgm_idx'];

/**
 * Rows of a growing table a plan may read and throw away (its filter's): a page reads tens of rows, a capped total
 * a thousand. An index walked in order while most of its rows fail the filter is as unflat as a sequential scan
 * (a client's dashboard walked every internal comment of the portfolio to find its few).
 */
export const DISCARD_LIMIT = 2000;

/**
 * Rows of a growing table a plan may return from one of its scans: a page, a capped count (1,000). More is an answer
 * that grows with the years (an agent's detail once carried every task it ever had).
 */
export const READ_LIMIT = 2000;

/**
 * What is wrong with a plan: a sequential scan of a growing table, a sort over one with no limit below it, more
 * than `DISCARD_LIMIT` of its rows read and filtered out, or more than `READ_LIMIT` of them read at all.
 */
export function faults(node: PlanNode, out: string[] = [], opts: { queue?: boolean } = {}): string[] {
  const relation = node['Relation Name'];
  if (node['Node Type'] === 'Seq Scan' && relation && GROWING.has(relation))
    out.push(`Seq Scan on ${relation}`);
  const discarded =
    ((node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) *
    (node['Actual Loops'] ?? 1);
  if (relation && GROWING.has(relation) && discarded > DISCARD_LIMIT)
    out.push(`${node['Node Type']} on ${relation} discarding ${discarded} rows`);
  const read = (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);
  if (relation && GROWING.has(relation) && read > READ_LIMIT)
    out.push(`${node['Node Type']} on ${relation} reading ${read} rows`);
  if (node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort') {
    // A text search sorts what a trigram index found (its matches, not the table): that sort is allowed.
    // So is a queue's (`opts.queue`: the pending tasks): what waits is work in progress, not years of history,
    // and the planner rightly sorts its few rows rather than walk an index for them. The read limit still holds.
    const below = readsUnbounded(node);
    if (below && !SEARCH_INDEXES.some((index) => usesIndex(node, index)) && !opts.queue)
      out.push(`${node['Node Type']} over ${below}`);
  }
  for (const child of node.Plans ?? []) faults(child, out, opts);
  return out;
}

/** Whether a plan reads through this index anywhere below. */
export const usesIndex = (node: PlanNode, name: string): boolean =>
  node['Index Name'] === name || (node.Plans ?? []).some((child) => usesIndex(child, name));

/** The growing table a node reads without a Limit in between, if any. */
export function readsUnbounded(node: PlanNode): string | undefined {
  for (const child of node.Plans ?? []) {
    if (child['Node Type'] === 'Limit') continue;
    const relation = child['Relation Name'];
    if (relation && GROWING.has(relation)) return relation;
    const deeper = readsUnbounded(child);
    if (deeper) return deeper;
  }
  return undefined;
}

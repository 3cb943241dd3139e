import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * The types drizzle reads as PostgreSQL writes them (its own mapping parses them): timestamp, timestamptz,
 * interval, date and their arrays, and numeric[]. The same OIDs drizzle's PGlite driver lists.
 */
const TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

/** PGlite's own parsers for those types, given when it opens: the text as it came. */
export const textParsers: Record<number, (value: string) => string> = Object.fromEntries(
  TEXT_TYPES.map((oid) => [oid, asText]),
);
const textType = new Set(TEXT_TYPES.map(String));

type QueryOptions = Parameters<PGlite['query']>[2];

/** The options without drizzle's parsers when they are only `textParsers`, which the client already has. */
function lean(options: QueryOptions): QueryOptions {
  const parsers = options?.parsers;
  if (!parsers || !Object.keys(parsers).every((oid) => textType.has(oid))) return options;
  const { parsers: _, ...rest } = options;
  return rest;
}

/**
 * A PGlite client opened with `textParsers` that drops the same parsers from each query. drizzle hands them to
 * every query, and PGlite then merges them into a copy of its ~300 parsers for that query alone: about 120 kB
 * allocated per statement, most of a statement's garbage (measured with V8's sampling heap profiler). A thousand
 * sockets signing in at once made that garbage hundreds of megabytes, and the heap grew with it (issue 30's
 * broadcast memory row). The answers are the same: the client parses those types as the query asked.
 */
export function withoutParsersPerQuery<C extends PGlite | Transaction>(client: C): C {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query')
        return ((statement, params, options) =>
          target.query(statement, params, lean(options))) as PGlite['query'];
      if (property === 'transaction' && 'transaction' in target)
        return ((fn) =>
          (target as PGlite).transaction((tx) => fn(withoutParsersPerQuery(tx)))) as PGlite['transaction'];
      // PGlite keeps its state in private fields: its own methods and getters run on it, not on the proxy.
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

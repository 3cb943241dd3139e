import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * The types drizzle reads as PostgreSQL writes them (its own mapping parses them): timestamp, timestamptz,
 * interval, date and their arrays, and numeric[]. The same OIDs drizzle's PGlite driver lists.
 */
const TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const textType = new Set(TEXT_TYPES.map(String));
const asText = (value: string) => value;

type QueryOptions = NonNullable<Parameters<PGlite['query']>[2]>;
type Parsers = NonNullable<QueryOptions['parsers']>;

/**
 * The client drizzle is handed: PGlite with drizzle's parsers as its own, and without them on each query.
 *
 * drizzle passes its parsers (those types as text) with every query, and PGlite then merges them into a copy of
 * its ~300 parsers for that query alone: about 120 kB allocated per statement, most of a statement's garbage
 * (measured with V8's sampling heap profiler), and a third of its time. Here the client's own parsers read those
 * types as text, and drizzle's set is dropped from each query: drizzle gets the same answers. Any other query
 * (the tools' and the tests' own, with no parsers) is given PGlite's usual parsers for those types, so it too gets
 * what it got before (dates as `Date`, arrays as arrays); only those pay for the copy.
 */
export function withoutParsersPerQuery(client: PGlite): PGlite {
  // PGlite's parsers are a plain field, filled in when it opens; its usual ones for those types are kept aside.
  const own = (client as unknown as { parsers: Parsers }).parsers;
  const usual: Parsers = {};
  for (const oid of TEXT_TYPES) {
    if (own[oid]) usual[oid] = own[oid];
    own[oid] = asText;
  }
  const lean = (options: QueryOptions | undefined): QueryOptions => {
    const parsers = options?.parsers;
    if (parsers && Object.keys(parsers).every((oid) => textType.has(oid))) {
      const { parsers: _, ...rest } = options;
      return rest;
    }
    return { ...options, parsers: { ...usual, ...parsers } };
  };
  const wrap = <C extends PGlite | Transaction>(target: C): C =>
    new Proxy(target, {
      get(t, property) {
        if (property === 'query')
          return ((statement, params, options) =>
            t.query(statement, params, lean(options))) as PGlite['query'];
        if (property === 'exec')
          return ((statement, options) => t.exec(statement, lean(options))) as PGlite['exec'];
        if (property === 'transaction' && 'transaction' in t)
          return ((fn) => (t as PGlite).transaction((tx) => fn(wrap(tx)))) as PGlite['transaction'];
        // PGlite keeps its state in private fields: its own methods and getters run on it, not on the proxy.
        const value = Reflect.get(t, property, t);
        return typeof value === 'function' ? value.bind(t) : value;
      },
    });
  return wrap(client);
}

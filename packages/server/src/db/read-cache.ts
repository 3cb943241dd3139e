import type { PGlite } from '@electric-sql/pglite';

/**
 * Answers a read again, without asking the database, while nothing has been written since it was made.
 *
 * Only for PGlite: the embedded database belongs to this process alone (its folder is locked to one server), so
 * every write goes through the client this module wraps and none can be missed. On PostgreSQL other instances
 * write too, and nothing is cached.
 *
 * What counts as a write is anything that is not a plain `select` outside a transaction, and every transaction
 * as a whole, whether it wrote or rolled back: the rule errs towards reading again. A write is counted when it
 * finishes. A read remembers the count from before it was sent: if any write finishes meanwhile (PGlite runs one
 * statement at a time, so one sent earlier finishes before the read runs), the answer is not kept.
 */
export interface ReadCache {
  /** `read()`'s answer for `key`, the kept one while no write has finished since it was read. */
  get<T>(key: string, read: () => Promise<T>): Promise<T>;
}

/** Answers kept at most (the least recently used go first). */
const MAX_ENTRIES = 200;

const isRead = (statement: unknown) => typeof statement === 'string' && /^\s*select\b/i.test(statement);

/** The client to hand to drizzle (every statement counted) and the cache those counts keep honest. */
export function trackWrites(client: PGlite): { client: PGlite; cache: ReadCache } {
  let writes = 0;
  const entries = new Map<string, { at: number; value: unknown }>();
  const counted = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } finally {
      writes += 1;
    }
  };
  type Query = PGlite['query'];
  type Exec = PGlite['exec'];
  const tracked = new Proxy(client, {
    get(target, property) {
      if (property === 'query')
        return ((statement, params, options) =>
          isRead(statement)
            ? target.query(statement, params, options)
            : counted(() => target.query(statement, params, options))) as Query;
      if (property === 'exec')
        return ((statement, options) => counted(() => target.exec(statement, options))) as Exec;
      if (property === 'transaction')
        return ((fn) => counted(() => target.transaction(fn))) as PGlite['transaction'];
      // PGlite keeps its state in private fields: its own methods and getters run on it, not on the proxy.
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const cache: ReadCache = {
    async get(key, read) {
      const kept = entries.get(key);
      if (kept && kept.at === writes) {
        entries.delete(key);
        entries.set(key, kept);
        return kept.value as Awaited<ReturnType<typeof read>>;
      }
      const at = writes;
      const value = await read();
      if (at === writes) {
        entries.delete(key);
        entries.set(key, { at, value });
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      }
      return value;
    },
  };
  return { client: tracked, cache };
}

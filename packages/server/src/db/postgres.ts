import pg from 'pg';

/**
 * The PostgreSQL pool, made to live through a failover, a restart or `pg_terminate_backend` (issue 45):
 * - every client has an 'error' listener for its whole life, checked out or idle (pg emits 'error' on a client
 *   whose connection ends; without a listener Node ends the process), and the pool has one too;
 * - a client whose connection failed while checked out by a transaction goes back to the pool at once (the pool
 *   then drops it and opens another): drizzle's `transaction` releases its client only after a successful BEGIN,
 *   so a connection lost before that would otherwise be held forever, one pool slot fewer each time;
 * - a read outside a transaction (a `select`) that failed because its connection did is run once more, on
 *   another connection. Writes never are: a write whose connection was lost may have committed (its answer lost
 *   with it), and a transaction, which the server rolled back, is answered 503 for its caller to decide;
 * - what the connections go through is told to one listener (`app.health`): down at the first statement or
 *   connection that failed for want of its connection, ok again on a success once a second has passed without
 *   one (a burst of failures is one outage, not many). An idle connection ended is none: nobody's work failed.
 */

/** SQLSTATEs of a lost or refused connection: the server shut down, crashed, is starting, or is full. */
const CONNECTION_SQLSTATES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, a fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '08P01', // protocol_violation
  '53300', // too_many_connections
]);

/** Socket errors of a connection that failed or could not be made. */
const SOCKET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** pg's and pg-pool's own errors for a lost connection (they carry no code). */
const CONNECTION_MESSAGES =
  /^Connection terminated|is not queryable$|^timeout exceeded when trying to connect$|^Cannot use a pool after calling end on the pool$/;

/** The link of an error's chain (drizzle wraps the driver's error: `cause`) that tells a lost connection. */
function connectionLink(error: unknown, socketToo: (link: Error, parent?: Error) => boolean) {
  let current: unknown = error;
  let parent: Error | undefined;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_SQLSTATES.has(code)) return true;
    if (CONNECTION_MESSAGES.test(current.message)) return true;
    if (typeof code === 'string' && SOCKET_CODES.has(code) && socketToo(current, parent)) return true;
    parent = current;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Whether an error of the pool's (a statement's, a connection's) means its connection failed, not the statement. */
export const isConnectionError = (error: unknown) => connectionLink(error, () => true);

/** Socket errors the pool saw: ECONNREFUSED from PostgreSQL, not from S3 or a webhook. */
const fromPool = new WeakSet<object>();
/** drizzle's error for a failed statement (`Failed query: …`), whose cause is the driver's. */
const isQueryError = (error?: Error) => typeof (error as { query?: unknown } | undefined)?.query === 'string';

/**
 * Whether an error that reached a request means the database's connection was lost (a 503, plugins/errors.ts).
 * A socket error (ECONNRESET, ECONNREFUSED…) counts only when it came from the database: through a statement, or
 * seen by the pool; the same code from another client (storage, a webhook) is not the database's.
 */
export const lostDatabaseConnection = (error: unknown) =>
  connectionLink(error, (link, parent) => fromPool.has(link) || isQueryError(parent));

/** A statement that only reads: run again on a connection error. Anything that may write is not. */
export function isRetryableRead(text: string): boolean {
  return /^\s*(select|with)\b/i.test(text) && !/\b(insert|update|delete|merge|nextval|setval)\b/i.test(text);
}

/** How long the connections must go without an error before a success counts as the database being back. */
export const RECOVERY_SETTLE_MS = 1_000;

export type ConnectionListener = (ok: boolean, error?: unknown) => void;

export interface ResilientPool {
  pool: pg.Pool;
  /** Whether no connection has failed for `RECOVERY_SETTLE_MS` (the health probe agrees with the listener). */
  settled(): boolean;
  /** The one listener of connection failures and recoveries (app.ts: `app.health`). */
  watch(listener: ConnectionListener): void;
}

type QueryArgs = [config: string | pg.QueryConfig, values?: unknown[]];

export function createPool(connectionString: string, now: () => number = Date.now): ResilientPool {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // A server that vanished without closing its sockets (a failover) is noticed by TCP keep-alive, and a
    // connection that cannot be made or a pool slot that does not come fails after 15 s (a 503), not never.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    connectionTimeoutMillis: 15_000,
  });
  let listener: ConnectionListener = () => {};
  let lastFailure = Number.NEGATIVE_INFINITY;
  const settled = () => now() - lastFailure >= RECOVERY_SETTLE_MS;
  const failed = (error: unknown) => {
    if (error instanceof Error) fromPool.add(error);
    lastFailure = now();
    listener(false, error);
  };
  const worked = () => {
    if (settled()) listener(true);
  };

  // An idle client whose connection ends: the pool drops it (and emits this) and opens another when needed.
  // Nothing failed for anyone (a server may close idle connections on purpose), so it is no outage.
  pool.on('error', () => undefined);
  // Clients checked out by `connect()` (drizzle's transactions) are released when their connection fails, and
  // that is an outage: a transaction failed. pool.query's clients are released by pool.query (run() hears it).
  const held = new Map<pg.PoolClient, (error: Error) => void>();
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      const release = held.get(client);
      if (!release) return;
      failed(error);
      release(error);
    });
  });

  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: never) => {
    // pool.query checks out its clients with a callback and releases them itself.
    if (callback) return connect(callback);
    return connect().then(
      (client) => {
        const release = client.release;
        let released = false;
        const releaseOnce = (error?: Error | boolean) => {
          if (released) return;
          released = true;
          held.delete(client);
          release(error);
        };
        client.release = releaseOnce;
        held.set(client, releaseOnce);
        return client;
      },
      (error: unknown) => {
        if (isConnectionError(error)) failed(error);
        throw error;
      },
    );
  }) as typeof pool.connect;

  const query = pool.query.bind(pool) as (...args: QueryArgs) => Promise<pg.QueryResult>;
  const run = async (args: QueryArgs, retry: boolean): Promise<pg.QueryResult> => {
    try {
      const result = await query(...args);
      worked();
      return result;
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      failed(error);
      const text = typeof args[0] === 'string' ? args[0] : args[0].text;
      if (!retry || !isRetryableRead(text)) throw error;
      return run(args, false);
    }
  };
  pool.query = ((...args: unknown[]) => {
    // The callback form (nobody here uses it) is left as pg has it.
    if (typeof args.at(-1) === 'function') return (query as (...a: unknown[]) => unknown)(...args);
    return run(args as QueryArgs, true);
  }) as typeof pool.query;

  return {
    pool,
    settled,
    watch(next) {
      listener = next;
    },
  };
}

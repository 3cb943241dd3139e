import type { Redis, RedisOptions } from 'ioredis';
import type { HealthMonitor } from './health.ts';

/**
 * Every Redis client of the server is made here, so that Redis going away makes the service degraded, never
 * down (issue 45):
 * - each client has an 'error' listener from the moment it exists (ioredis without one prints
 *   "[ioredis] Unhandled error event" on every failed reconnection);
 * - commands fail at once while the connection is down (no offline queue, no retries of a command in flight)
 *   instead of piling up and failing together seconds later; their callers fall back (memory counters, local
 *   realtime delivery);
 * - the clients reconnect by themselves, at most a second apart, so cross-node delivery resumes within about a
 *   second of Redis coming back (ioredis subscribes again by itself);
 * - what they see is told to `app.health` ('redis'), which logs one line when Redis goes down and one when it
 *   comes back; nothing else here logs.
 */

/** The longest wait between two reconnection attempts. */
export const RECONNECT_MAX_MS = 1_000;
/** A command that gets no answer within this is failed (a hung Redis must not hang a sign-in). */
const COMMAND_TIMEOUT_MS = 1_000;

const retryStrategy = (attempt: number) => Math.min(attempt * 100, RECONNECT_MAX_MS);

/** The main client and the adapter's publisher: every command fails fast while the connection is down. */
const FAIL_FAST: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: COMMAND_TIMEOUT_MS,
  connectTimeout: 2_000,
  retryStrategy,
};

/**
 * The adapter's subscriber only ever sends (p)subscribe commands, at start-up and when closing: they wait for
 * the connection instead of failing, or a subscription asked for before the first connection (or while Redis
 * is down at start) would be lost for good. ioredis subscribes again by itself after every reconnection.
 */
const SUBSCRIBER: RedisOptions = {
  enableOfflineQueue: true,
  // No INFO before `ready`: once a SUBSCRIBE has gone out, Redis refuses it («Connection in subscriber mode»), and
  // ioredis takes that refusal for a failed connection. A subscription is served while Redis still loads its data.
  enableReadyCheck: false,
  maxRetriesPerRequest: null,
  commandTimeout: undefined,
  connectTimeout: 2_000,
  retryStrategy,
};

type ClientState = 'connecting' | 'ready' | 'down';

/** The clients of one Redis (the main one and its duplicates), judged together for `app.health`. */
interface Link {
  main: Redis;
  states: Map<Redis, ClientState>;
  lastError?: unknown;
  health?: HealthMonitor;
  /** The last state seen as a whole: `connecting` until every client has connected once. */
  state: ClientState;
  recovered: Set<() => void>;
}

const links = new WeakMap<Redis, Link>();

/** The main client (sign-in limits, rate limits, health probe), connecting at once. */
export async function createRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, FAIL_FAST);
  linkOf(client);
  return client;
}

/**
 * A second connection to the same Redis for the socket.io adapter: its publisher (publishes that fail are
 * dropped, never rejected unhandled: the adapter does not catch them) or its subscriber.
 */
export function duplicateRedis(main: Redis, role: 'publisher' | 'subscriber'): Redis {
  const link = linkOf(main);
  const client = main.duplicate(role === 'publisher' ? FAIL_FAST : SUBSCRIBER);
  // The adapter calls these without awaiting them; their failures are what `app.health` already reports.
  observe(
    client,
    role === 'publisher'
      ? ['publish', 'spublish']
      : ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe', 'ssubscribe', 'sunsubscribe'],
  );
  attach(link, client);
  return client;
}

/**
 * Ties a client's Redis (and its duplicates) to `app.health`: the state seen so far is reported, each change
 * from now on too, and `/api/health` pings it (failing at once while the connection is down).
 */
export function watchRedis(main: Redis, health: HealthMonitor) {
  const link = linkOf(main);
  link.health = health;
  health.setProbe('redis', () => probe(link), { ttlMs: 1_000 });
  judge(link);
}

/** Calls `fn` each time every client of `main`'s Redis is connected again after a loss. Answers the unsubscribe. */
export function onRedisRecovered(main: Redis, fn: () => void): () => void {
  const link = linkOf(main);
  link.recovered.add(fn);
  return () => link.recovered.delete(fn);
}

/** How long a connected client is given to answer QUIT before its connection is just dropped. */
const QUIT_WAIT_MS = 500;

/**
 * Closes a client: QUIT when connected (for at most QUIT_WAIT_MS: a hung Redis must not hold a shutdown), then
 * the connection is dropped, which also stops a client that is not connected from reconnecting (without an
 * offline queue, QUIT on a down connection is refused and the client would go on trying).
 */
export async function closeRedis(client: Redis) {
  if (client.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      client.quit().catch(() => undefined),
      new Promise((resolve) => {
        timer = setTimeout(resolve, QUIT_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  }
  client.disconnect();
}

/**
 * Waits (at most `timeoutMs`) until each client has made its first connection: a publish made before its
 * client is connected fails at once and its event is dropped, so an instance starts serving once its Redis
 * clients are connected, or once the wait is over (Redis down at start: the instance starts degraded).
 */
export async function firstConnection(clients: Redis[], timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(clients.map((c) => (c.status === 'ready' ? undefined : once(c, ['ready', 'end'])))),
    new Promise((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
}

/** Whether commands can be sent now (else they would fail at once: callers use their fallback directly). */
export const redisReady = (client: Redis) => client.status === 'ready';

function linkOf(main: Redis): Link {
  let link = links.get(main);
  if (!link) {
    link = { main, states: new Map(), state: 'connecting', recovered: new Set() };
    links.set(main, link);
    // A client made elsewhere (tests make their own) is watched the same way.
    attach(link, main);
  }
  return link;
}

function attach(link: Link, client: Redis) {
  links.set(client, link);
  link.states.set(client, client.status === 'ready' ? 'ready' : 'connecting');
  const set = (state: ClientState) => {
    if (!link.states.has(client)) return;
    link.states.set(client, state);
    judge(link);
  };
  client.on('ready', () => set('ready'));
  client.on('error', (err: unknown) => {
    link.lastError = err;
    if (client.status !== 'ready') set('down');
  });
  // Emitted when the connection was lost and will be tried again (not after a QUIT or disconnect()).
  client.on('reconnecting', () => {
    link.lastError ??= new Error('conexión con Redis perdida');
    set('down');
  });
  // Closed on purpose: it no longer counts.
  client.on('end', () => {
    link.states.delete(client);
    judge(link);
  });
}

/** Redis as a whole: down if any client is down, ok once every client is connected. */
function judge(link: Link) {
  const states = [...link.states.values()];
  const state: ClientState = states.includes('down')
    ? 'down'
    : states.every((s) => s === 'ready')
      ? 'ready'
      : 'connecting';
  const previous = link.state;
  link.state = state;
  if (state === 'down') link.health?.report('redis', false, link.lastError);
  if (state !== 'ready') return;
  link.lastError = undefined;
  link.health?.report('redis', true);
  if (previous === 'down') for (const fn of link.recovered) fn();
}

async function probe(link: Link): Promise<boolean> {
  if (link.state === 'down') throw link.lastError ?? new Error('Redis no responde');
  // The first connection may still be under way: a fail-fast PING now would call Redis down for nothing.
  if (link.main.status !== 'ready') await once(link.main, ['ready', 'error', 'end']);
  await link.main.ping();
  return true;
}

function once(client: Redis, events: string[]) {
  return new Promise<void>((resolve) => {
    const done = () => {
      for (const e of events) client.off(e, done);
      resolve();
    };
    for (const e of events) client.once(e, done);
  });
}

/** Wraps methods whose promises a caller may drop, so a rejection is observed (it stays visible to awaiters). */
function observe(client: Redis, names: readonly string[]) {
  const methods = client as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of names) {
    const original = methods[name];
    if (typeof original !== 'function') continue;
    methods[name] = function (this: unknown, ...args: unknown[]) {
      const result = original.apply(this, args);
      if (result instanceof Promise) result.catch(() => undefined);
      return result;
    };
  }
}

import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { createWindowCounter, type WindowCounter } from './window-counter.ts';

/**
 * @fastify/rate-limit's store: counts in Redis (shared by every instance) and, while Redis does not answer, in
 * this instance's memory (lib/window-counter). The plugin's own Redis store answers an error then, which is
 * either a 500 or, with `skipOnError`, no limit at all.
 */
export function fallbackRateLimitStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  // The plugin makes the store with `new Store(options)`; what it needs here comes from this closure.
  return class extends FallbackStore {
    constructor() {
      super(redis, nameSpace, nameSpace);
    }
  };
}

class FallbackStore implements FastifyRateLimitStore {
  private readonly counter: WindowCounter;

  constructor(
    private readonly redis: Redis,
    private readonly nameSpace: string,
    prefix: string,
  ) {
    this.counter = createWindowCounter({ redis, prefix });
  }

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    this.counter.hit(key, timeWindow).then(
      ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
      (err: Error) => callback(err),
    );
  }

  /** Each route counts on its own, as the plugin's Redis store does (its method and URL in the key). */
  child(routeOptions: object) {
    const route = (routeOptions as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
    const prefix = `${this.nameSpace}${String(route?.method ?? '')}${route?.url ?? ''}-`;
    return new FallbackStore(this.redis, this.nameSpace, prefix);
  }
}

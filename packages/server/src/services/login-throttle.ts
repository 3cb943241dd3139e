import type { Redis } from 'ioredis';

/** Counts sign-in attempts per key within a window; shared through Redis when there is one. */
export interface Throttle {
  /** Registers one attempt and answers whether the key is still under the limit. */
  hit(key: string): Promise<boolean>;
  reset(key: string): Promise<void>;
}

export function createThrottle(opts: {
  max: number;
  windowMs: number;
  redis?: Redis;
  prefix: string;
}): Throttle {
  const { max, windowMs, redis, prefix } = opts;
  if (redis) {
    return {
      async hit(key) {
        const k = `${prefix}:${key}`;
        const [[, count]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [
          [null, number],
        ];
        return count <= max;
      },
      async reset(key) {
        await redis.del(`${prefix}:${key}`);
      },
    };
  }
  const hits = new Map<string, { count: number; until: number }>();
  return {
    async hit(key) {
      const now = Date.now();
      const entry = hits.get(key);
      if (!entry || entry.until <= now) {
        if (hits.size > 10_000) for (const [k, v] of hits) if (v.until <= now) hits.delete(k);
        hits.set(key, { count: 1, until: now + windowMs });
        return 1 <= max;
      }
      entry.count += 1;
      return entry.count <= max;
    },
    async reset(key) {
      hits.delete(key);
    },
  };
}

import type { Redis } from 'ioredis';
import { redisReady } from './redis.ts';

/** How many hits a key has in its current window, and how long that window still lasts. */
export interface WindowCount {
  count: number;
  ttlMs: number;
}

/**
 * Counts hits per key in fixed windows (sign-in limits, rate limits). With Redis the count is shared by every
 * instance; while Redis does not answer, each instance counts in its own memory instead (a limit per instance
 * is looser than a shared one, but never none), and goes back to Redis as soon as it answers again.
 */
export interface WindowCounter {
  hit(key: string, windowMs: number): Promise<WindowCount>;
  reset(key: string): Promise<void>;
}

/** Keys kept in memory at most; past it the oldest windows are forgotten first. */
const MEMORY_MAX_KEYS = 10_000;

export function createWindowCounter(opts: { redis?: Redis; prefix: string }): WindowCounter {
  const { redis, prefix } = opts;
  const memory = memoryCounter();
  if (!redis) return memory;
  return {
    async hit(key, windowMs) {
      if (!redisReady(redis)) return memory.hit(key, windowMs);
      try {
        return await redisHit(redis, `${prefix}${key}`, windowMs);
      } catch {
        // Redis failed (down, or slow past its command timeout): app.health has seen it; count here instead.
        return memory.hit(key, windowMs);
      }
    },
    async reset(key) {
      await memory.reset(key);
      if (redisReady(redis)) await redis.del(`${prefix}${key}`).catch(() => undefined);
    },
  };
}

async function redisHit(redis: Redis, key: string, windowMs: number): Promise<WindowCount> {
  const replies = await redis.multi().incr(key).pexpire(key, windowMs, 'NX').pttl(key).exec();
  if (!replies) throw new Error('transacción de Redis descartada');
  for (const [err] of replies) if (err) throw err;
  const count = Number(replies[0]![1]);
  const ttl = Number(replies[2]![1]);
  return { count, ttlMs: ttl > 0 ? ttl : windowMs };
}

function memoryCounter(): WindowCounter {
  const hits = new Map<string, { count: number; until: number }>();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      const entry = hits.get(key);
      if (entry && entry.until > now) {
        entry.count += 1;
        return { count: entry.count, ttlMs: entry.until - now };
      }
      hits.delete(key);
      if (hits.size >= MEMORY_MAX_KEYS) {
        for (const [k, v] of hits) if (v.until <= now) hits.delete(k);
        // Still full of live windows: the oldest go (Map keeps insertion order).
        for (const k of hits.keys()) {
          if (hits.size < MEMORY_MAX_KEYS) break;
          hits.delete(k);
        }
      }
      hits.set(key, { count: 1, until: now + windowMs });
      return { count: 1, ttlMs: windowMs };
    },
    async reset(key) {
      hits.delete(key);
    },
  };
}

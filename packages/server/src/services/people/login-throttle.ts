import type { Redis } from 'ioredis';
import { createWindowCounter } from '../../lib/window-counter.ts';

/**
 * Counts sign-in attempts per key within a window: shared through Redis when there is one, in this instance's
 * memory while Redis does not answer (never an error, never unlimited).
 */
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
  const counter = createWindowCounter({ redis, prefix: `${prefix}:` });
  return {
    async hit(key) {
      return (await counter.hit(key, windowMs)).count <= max;
    },
    reset: (key) => counter.reset(key),
  };
}

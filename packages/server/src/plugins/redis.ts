import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { watchRedis } from '../lib/redis.ts';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis | undefined;
  }
}

/** The shared Redis (REDIS_URL), when there is one: its clients report to the monitor, which pings it (lib/redis). */
export const redisPlugin = fp(redis, {
  name: 'crw-redis',
  dependencies: ['crw-health'],
  decorators: { fastify: ['health'] },
});

async function redis(app: FastifyInstance, opts: { redis?: Redis | undefined }) {
  if (opts.redis) watchRedis(opts.redis, app.health);
  app.decorate('redis', opts.redis);
}

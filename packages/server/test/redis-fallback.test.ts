/**
 * Redis not answering makes the service degraded, never broken (issue 45): the sign-in limits count in the
 * instance's own memory (still limiting, never a 500), a failed publish of the realtime adapter is dropped
 * (never an unhandled rejection), and `app.health` says Redis is down. With REDIS_URL, the limits are shared
 * through Redis. Killing and restarting a real Redis under two instances is the fault suite's
 * (test/faults/redis.test.ts).
 */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHealthMonitor } from '../src/lib/health.ts';
import { closeRedis, createRedis, duplicateRedis, watchRedis } from '../src/lib/redis.ts';
import { createThrottle } from '../src/services/people/login-throttle.ts';
import { createTestApp, makeUser, type TestContext } from './helpers.ts';
import { freePort } from './support/server-process.ts';

const silentLog = { error() {}, warn() {}, info() {} } as unknown as Parameters<
  typeof createHealthMonitor
>[0];

/** A client of a Redis that is not there (nothing listens on the port), as when Redis is down. */
async function unreachableRedis(): Promise<Redis> {
  const redis = await createRedis(`redis://127.0.0.1:${await freePort()}`);
  // Seen down once (its first connection refused), so every case below runs with Redis known to be down.
  await new Promise((resolve) => redis.once('reconnecting', resolve));
  return redis;
}

const address = () => `10.45.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;

describe('Redis unreachable', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = await unreachableRedis();
  });
  afterAll(() => closeRedis(redis));

  it('the sign-in throttle counts in memory: it still limits, and never throws', async () => {
    const throttle = createThrottle({ max: 3, windowMs: 60_000, redis, prefix: 'test-throttle' });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await throttle.hit('ana@example.com|10.0.0.1'));
    expect(answers).toEqual([true, true, true, false, false]);
    // Another key has its own count; a reset starts the key's count again.
    expect(await throttle.hit('luis@example.com|10.0.0.1')).toBe(true);
    await throttle.reset('ana@example.com|10.0.0.1');
    expect(await throttle.hit('ana@example.com|10.0.0.1')).toBe(true);
  });

  it('a publish of the realtime adapter fails at once and is dropped (awaiters still see it)', async () => {
    const pub = duplicateRedis(redis, 'publisher');
    try {
      const rejections: unknown[] = [];
      const onRejection = (reason: unknown) => rejections.push(reason);
      process.on('unhandledRejection', onRejection);
      // As the adapter does: not awaited, not caught.
      void pub.publish('crw-test', 'perdido');
      const started = Date.now();
      await expect(pub.publish('crw-test', 'esperado')).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(500);
      await new Promise((resolve) => setTimeout(resolve, 50));
      process.off('unhandledRejection', onRejection);
      expect(rejections).toEqual([]);
    } finally {
      await closeRedis(pub);
    }
  });

  it('health says Redis is down: the service is degraded, not down', async () => {
    const health = createHealthMonitor(silentLog);
    health.setProbe('database', async () => true);
    watchRedis(redis, health);
    const report = await health.check();
    expect(report.status).toBe('degraded');
    expect(report.checks.redis).toMatchObject({ state: 'down', error: 'Redis no responde' });
  });

  describe('sign-in through the API', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp({ LOGIN_RATE_LIMIT: '3' }, { redis });
    });
    afterAll(() => ctx.close());

    it('the per-address and per-account limits answer 429 after the limit, never 500', async () => {
      const user = await makeUser(ctx.app, 'employee');
      const remoteAddress = address();
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress,
          payload: { email: user.email, password: 'no-es-la-contraseña' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      // From another address, the right password signs in.
      const ok = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: address(),
        payload: { email: user.email, password: user.password },
      });
      expect(ok.statusCode).toBe(200);
    });
  });
});

describe.runIf(Boolean(process.env.REDIS_URL))('Redis answering', () => {
  const clients: Redis[] = [];
  afterAll(async () => {
    for (const c of clients) await closeRedis(c);
  });
  const connected = async () => {
    const redis = await createRedis(process.env.REDIS_URL!);
    clients.push(redis);
    if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
    return redis;
  };

  it('two instances share one sign-in count', async () => {
    const prefix = `test-shared-${Date.now()}-${Math.random()}`;
    const a = createThrottle({ max: 3, windowMs: 60_000, redis: await connected(), prefix });
    const b = createThrottle({ max: 3, windowMs: 60_000, redis: await connected(), prefix });
    const answers = [await a.hit('k'), await b.hit('k'), await a.hit('k'), await b.hit('k')];
    expect(answers).toEqual([true, true, true, false]);
    await a.reset('k');
    expect(await b.hit('k')).toBe(true);
  });

  it('health says Redis is ok', async () => {
    const health = createHealthMonitor(silentLog);
    health.setProbe('database', async () => true);
    watchRedis(await connected(), health);
    const report = await health.check();
    expect(report.status).toBe('ok');
    expect(report.checks.redis.state).toBe('ok');
  });
});

import net from 'node:net';
import { describe, expect, it } from 'vitest';

// On CI (CI=true) PostgreSQL and Redis must be configured and answer: a suite never skips silently there.
const onCi = process.env.CI === 'true';

function answers(url: string | undefined, fallbackPort: number): Promise<boolean> {
  if (!url) return Promise.resolve(false);
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || fallbackPort) });
    socket.setTimeout(3000);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

describe.runIf(onCi)('services on CI', () => {
  it('PostgreSQL is configured and answers', async () => {
    expect(process.env.DATABASE_URL, 'DATABASE_URL must be set on CI').toBeTruthy();
    expect(await answers(process.env.DATABASE_URL, 5432)).toBe(true);
  });
  it('Redis is configured and answers', async () => {
    expect(process.env.REDIS_URL, 'REDIS_URL must be set on CI').toBeTruthy();
    expect(await answers(process.env.REDIS_URL, 6379)).toBe(true);
  });
});

import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers.ts';

/** Limits that keep one client from hurting the others: CSP, the API reference, slow connections. */
describe('limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { timeouts: { headersMs: 300, checkIntervalMs: 100, idleMs: 1000 } });
  });
  afterAll(() => ctx.close());

  it('lets the page connect only to its own origin', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const connect = /connect-src ([^;]+)/.exec(csp)?.[1];
    expect(connect).toBe("'self'");
    // Embedded documents (PDF previews) only from the app's own blob: URLs; nothing may frame the app.
    expect(/object-src ([^;]+)/.exec(csp)?.[1]).toBe("'self' blob:");
    expect(/frame-src ([^;]+)/.exec(csp)?.[1]).toBe("'self' blob:");
    expect(/frame-ancestors ([^;]+)/.exec(csp)?.[1]).toBe("'none'");
    // The app's own files, and the built pages' inline boot script by its hash when there is a build (spa.test.ts).
    expect(/script-src ([^;]+)/.exec(csp)?.[1]).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/]+=*')?$/);
    const withOrigin = await createTestApp({ PUBLIC_URL: 'https://estudio.example.com' });
    try {
      const csp2 = String(
        (await withOrigin.app.inject({ method: 'GET', url: '/api/health' })).headers[
          'content-security-policy'
        ],
      );
      expect(/connect-src ([^;]+)/.exec(csp2)?.[1]).toBe(
        "'self' https://estudio.example.com wss://estudio.example.com",
      );
    } finally {
      await withOrigin.close();
    }
  });

  it('serves the API reference only when API_DOCS allows (off by default in production)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
    for (const env of [{ API_DOCS: 'false' }, { NODE_ENV: 'production' }] as Array<Record<string, string>>) {
      const app = await createTestApp(env);
      try {
        expect((await app.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
        expect((await app.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(404);
        // The document still exists for the client generator.
        expect(Object.keys(app.app.swagger().paths ?? {}).length).toBeGreaterThan(50);
      } finally {
        await app.close();
      }
    }
  });

  it('closes a connection whose headers never finish (slow loris)', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Lento: ');
      });
      let received = '';
      socket.on('data', (d) => {
        received += d;
      });
      socket.on('close', () => resolve(Date.now() - started));
      socket.on('error', reject);
      setTimeout(() => reject(new Error(`la conexión sigue abierta: ${received}`)), 5000);
    });
    expect(closedAfter).toBeLessThan(3000);
  });
});

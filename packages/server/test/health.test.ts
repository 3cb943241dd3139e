import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, testDb } from './helpers.ts';

describe(`health on ${testDb}`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers 200 ok while the database answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(ctx.database.kind).toBe(testDb);
  });

  it('serves the OpenAPI document and answers unknown API paths with a JSON 404', async () => {
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths['/auth/login'].post.operationId).toBe('login');
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/nada' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Ruta no encontrada', code: 'ROUTE_NOT_FOUND' });
  });

  it('answers 503 when the database stops answering', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('UNAVAILABLE');
    await other.app.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedTypes } from '../../src/services/storage/index.ts';
import { createTestApp, makeUser, type TestContext, type TestUser } from '../helpers.ts';

/** GET /api/settings/uploads: the upload limit the server enforces (UPLOAD_MAX_BYTES) and the accepted types. */
describe('upload settings', () => {
  let ctx: TestContext;
  let client: TestUser;

  beforeAll(async () => {
    ctx = await createTestApp({ UPLOAD_MAX_BYTES: '2500000' });
    client = await makeUser(ctx.app, 'client');
  });
  afterAll(() => ctx.close());

  it('answers 401 without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/settings/uploads' });
    expect(res.statusCode).toBe(401);
  });

  it('answers the configured limit and the accepted types to anyone signed in', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/uploads',
      headers: client.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ maxBytes: 2_500_000, types: [...allowedTypes] });
  });
});

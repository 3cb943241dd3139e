import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents } from '../../src/db/schema.ts';
import { createTestApp, makePortfolio, makeUser, type TestContext, type TestUser } from '../helpers.ts';

describe('tools API', () => {
  let ctx: TestContext;
  let admin: TestUser;
  const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await makeUser(ctx.app, 'admin');
  });
  afterAll(() => ctx.close());

  it('creates, edits and lists tools; a webhook needs an http(s) url', async () => {
    const bad = await as('POST', '/api/tools', {
      name: 'Hook',
      kind: 'webhook',
      config: { url: 'ftp://x', method: 'POST' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("'config.url'");
    const created = await as('POST', '/api/tools', {
      name: 'Hook',
      kind: 'webhook',
      config: { url: 'https://example.com/h', method: 'POST' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Hook',
      kind: 'webhook',
      enabled: true,
      config: { url: 'https://example.com/h', method: 'POST' },
    });
    const updated = await as('PUT', `/api/tools/${created.json()._id}`, { enabled: false });
    expect(updated.json().enabled).toBe(false);
    expect((await as('GET', '/api/tools')).json().map((t: { name: string }) => t.name)).toContain('Hook');
    expect((await as('GET', '/api/tools/no-existe')).statusCode).toBe(404);
  });

  it('deleting a tool removes it from the agents that had it', async () => {
    const tool = (await as('POST', '/api/tools', { name: 'Notion', kind: 'notion' })).json();
    const keep = (await as('POST', '/api/tools', { name: 'Otra', kind: 'notion' })).json();
    const p = await makePortfolio(ctx.app);
    const [agent] = await ctx.app.db
      .insert(agents)
      .values({ portfolioId: p._id, name: 'A', tools: [tool._id, keep._id] })
      .returning();
    expect((await as('DELETE', `/api/tools/${tool._id}`)).statusCode).toBe(200);
    const [after] = await ctx.app.db.select().from(agents).where(eq(agents.id, agent!.id));
    expect(after!.tools).toEqual([keep._id]);
  });
});

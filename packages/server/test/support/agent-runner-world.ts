/**
 * The world both agent-runner test files run in: a webhook peer, an app whose runner retries at once, an admin,
 * an employee with a portfolio and a started cycle, and the helpers that make tools, agents and tasks.
 * Call it inside a describe; `current()` gives what beforeAll made.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createTestApp, makePortfolio, makeUser, type TestContext, type TestUser } from '../helpers.ts';
import { HttpPeer } from './http-peer.ts';

export function agentRunnerWorld() {
  let ctx: TestContext;
  const peer = new HttpPeer();
  let admin: TestUser;
  let employee: TestUser;
  let portfolioId: string;
  let cycleId: string;

  const as = (u: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const tool = async (path: string) => {
    const res = await as(admin, 'POST', '/api/tools', {
      name: `Webhook ${path}`,
      kind: 'webhook',
      config: { url: `${peer.base}${path}`, method: 'POST' },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { _id: string; secret: string };
  };
  const agent = async (toolIds: string[], active = true) => {
    const res = await as(employee, 'POST', `/api/agents/${portfolioId}`, {
      name: 'Redactora',
      instructions: 'Escribe el copy',
      active,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json()._id as string;
    if (toolIds.length) {
      const set = await as(employee, 'PUT', `/api/agents/${portfolioId}/${id}/tools`, { tools: toolIds });
      expect(set.statusCode).toBe(200);
    }
    return id;
  };
  const task = async (agentId: string, extra: object = {}) => {
    const res = await as(employee, 'POST', `/api/agents/${portfolioId}/${agentId}/tasks`, {
      title: 'Copy del post',
      instructions: 'Tono cercano',
      ...extra,
    });
    expect(res.statusCode).toBe(201);
    return res.json()._id as string;
  };
  const read = async (id: string) => (await as(employee, 'GET', `/api/tasks/${id}`)).json();

  beforeAll(async () => {
    await peer.start();
    ctx = await createTestApp({}, { agents: { webhookTimeoutMs: 400, backoffMs: () => 0 } });
    admin = await makeUser(ctx.app, 'admin');
    employee = await makeUser(ctx.app, 'employee');
    portfolioId = (await makePortfolio(ctx.app, [employee]))._id;
    cycleId = (
      await as(employee, 'POST', `/api/production/portfolios/${portfolioId}/start`, { cycleDuration: 14 })
    ).json()._id;
  });
  afterAll(async () => {
    await ctx.close();
    await peer.stop();
  });
  beforeEach(() => {
    peer.calls.length = 0;
    peer.replies = [];
  });
  return {
    peer,
    as,
    tool,
    agent,
    task,
    read,
    current: () => ({ ctx, admin, employee, portfolioId, cycleId }),
  };
}

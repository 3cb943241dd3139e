/**
 * Agents and their webhook tools: inactive agents wait, «Probar» checks a tool, and two instances run each task
 * exactly once. How a task runs (payload, retries, cancellation, shutdown) is in agent-runner-tasks.test.ts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { tasks } from '../src/db/schema.ts';
import { loadEnv } from '../src/env.ts';
import { signature } from '../src/services/agents/webhooks.ts';
import { type TestContext, type TestUser, testDb } from './helpers.ts';
import { agentRunnerWorld } from './support/agent-runner-world.ts';
import { json } from './support/http-peer.ts';

describe('agent task runner', () => {
  const { peer, as, tool, agent, task, read, current } = agentRunnerWorld();
  let ctx: TestContext, admin: TestUser, employee: TestUser, portfolioId: string;
  beforeAll(() => {
    ({ ctx, admin, employee, portfolioId } = current());
  });

  it('leaves alone the tasks of an inactive agent and of one without webhook tools', async () => {
    const t = await tool('/never');
    const idle = await task(await agent([t._id], false));
    const manual = await task(await agent([]));
    // A tool disabled in the catalogue after it was given to the agent.
    const disabled = await tool('/disabled');
    const offAgent = await agent([disabled._id]);
    expect((await as(admin, 'PUT', `/api/tools/${disabled._id}`, { enabled: false })).statusCode).toBe(200);
    const off = await task(offAgent);
    await ctx.app.agentRunner.drain();
    expect(peer.calls).toHaveLength(0);
    for (const id of [idle, manual, off]) expect((await read(id)).status).toBe('pending');
  });

  it('an agent edited back to active runs the tasks that waited; a blank name is refused', async () => {
    const t = await tool('/later');
    const a = await agent([t._id], false);
    const id = await task(a);
    await ctx.app.agentRunner.drain();
    expect((await read(id)).status).toBe('pending');
    const blank = await as(employee, 'PUT', `/api/agents/${portfolioId}/${a}`, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    const on = await as(employee, 'PUT', `/api/agents/${portfolioId}/${a}`, {
      active: true,
      name: 'Correctora',
    });
    expect(on.json()).toMatchObject({ active: true, name: 'Correctora', instructions: 'Escribe el copy' });
    await ctx.app.agentRunner.drain();
    expect(peer.calls).toHaveLength(1);
    expect(await read(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('«Probar» sends a signed test call and reports status and time; admins only', async () => {
    const t = await tool('/probe');
    peer.replies = [json(204, {}), json(500, {})];
    const ok = await as(admin, 'POST', `/api/tools/${t._id}/test`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ ok: true, status: 204, error: null });
    expect(ok.json().ms).toEqual(expect.any(Number));
    expect(peer.calls[0]!.headers['x-crw-event']).toBe('tool.test');
    const ts = Number(peer.calls[0]!.headers['x-crw-timestamp']);
    expect(peer.calls[0]!.headers['x-crw-signature']).toBe(signature(t.secret, ts, peer.calls[0]!.body));
    expect((await as(admin, 'POST', `/api/tools/${t._id}/test`)).json()).toMatchObject({
      ok: false,
      status: 500,
    });
    expect((await as(employee, 'POST', `/api/tools/${t._id}/test`)).statusCode).toBe(403);
    const notion = (await as(admin, 'POST', '/api/tools', { name: 'Notion', kind: 'notion' })).json();
    expect((await as(admin, 'POST', `/api/tools/${notion._id}/test`)).statusCode).toBe(400);
  });

  it('«Probar» names a network failure in plain Spanish, never a Node error', async () => {
    // A loopback port nobody listens on, and a name the offline test resolver does not know.
    const closed = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const probe = async (url: string) => {
      const t = (
        await as(admin, 'POST', '/api/tools', {
          name: `Caída ${url}`,
          kind: 'webhook',
          config: { url, method: 'POST' },
        })
      ).json();
      return (await as(admin, 'POST', `/api/tools/${t._id}/test`)).json();
    };
    const refused = await probe(`http://127.0.0.1:${closed}/x`);
    expect(refused).toMatchObject({ ok: false, status: null });
    expect(refused.error).toBe(
      `127.0.0.1:${closed} rechazó la conexión: comprueba que el servicio esté en marcha y escuche en esa dirección y puerto`,
    );
    const unknown = await probe('https://no-existe.example/x');
    expect(unknown.error).toBe(
      'No se encontró el servidor no-existe.example: revisa que la dirección esté bien escrita',
    );
    for (const answer of [refused, unknown]) expect(answer.error).not.toMatch(/ECONN|ENOTFOUND|getaddrinfo/);
  });

  it('runs each task exactly once when two server instances drain at the same moment', async () => {
    let second = ctx.app;
    let closeSecond = async () => {};
    if (testDb === 'postgres') {
      const url = (ctx.database as { url?: string }).url!;
      const database = await openDatabase({ databaseUrl: url });
      second = await buildApp({
        env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/crw-test-data' }),
        database,
        logger: false,
        agents: { webhookTimeoutMs: 2000, backoffMs: () => 0 },
      });
      await second.ready();
      closeSecond = async () => {
        await second.close();
        await database.close();
      };
    }
    try {
      const t = await tool('/once');
      const a = await agent([t._id]);
      // Slow answers, so both instances are busy at once.
      peer.fallback = (_req, res) => setTimeout(() => res.writeHead(200).end('{"result":"ok"}'), 30);
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push(await task(a, { title: `Tarea ${i}` }));
      await Promise.all([
        ctx.app.agentRunner.drain(),
        second.agentRunner.drain(),
        ctx.app.agentRunner.drain(),
      ]);
      const perTask = new Map<string, number>();
      for (const c of peer.calls) {
        const taskId = JSON.parse(c.body).task.id as string;
        perTask.set(taskId, (perTask.get(taskId) ?? 0) + 1);
      }
      expect([...perTask.keys()].sort()).toEqual([...ids].sort());
      expect([...perTask.values()].every((n) => n === 1)).toBe(true);
      const rows = await ctx.app.db.select().from(tasks).where(eq(tasks.agentId, a));
      expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
    } finally {
      peer.fallback = (_req, res) => res.writeHead(200).end();
      await closeSecond();
    }
  });
});

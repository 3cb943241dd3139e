/**
 * Agents run their tasks through webhook tools: signed, retried, cancellable, handed back on shutdown.
 * The agents' own rules («Probar», inactive agents, two instances) are in agent-runner-agents.test.ts.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { items } from '../src/db/schema.ts';
import { loadEnv } from '../src/env.ts';
import { MAX_ATTEMPTS } from '../src/services/agents/agent-runner.ts';
import { signature } from '../src/services/agents/webhooks.ts';
import type { TestContext, TestUser } from './helpers.ts';
import { agentRunnerWorld } from './support/agent-runner-world.ts';
import { json } from './support/http-peer.ts';

describe('agent task runner', () => {
  const { peer, as, tool, agent, task, read, current } = agentRunnerWorld();
  let ctx: TestContext, admin: TestUser, employee: TestUser, portfolioId: string, cycleId: string;
  beforeAll(() => {
    ({ ctx, admin, employee, portfolioId, cycleId } = current());
  });

  it("posts the documented, signed payload and turns the answer's material into a version in review", async () => {
    const t = await tool('/copy');
    const a = await agent([t._id]);
    const item = (
      await as(employee, 'POST', `/api/production/cycles/${cycleId}/items`, { title: 'Post de lunes' })
    ).json();
    peer.replies = [
      json(200, {
        result: 'Copy listo',
        material: {
          copy: '<p>Hola <b>lunes</b></p><script>alert(1)</script>',
          links: ['https://ejemplo.com/a'],
        },
      }),
    ];
    const id = await task(a, { itemId: item._id });
    await ctx.app.agentRunner.drain();

    expect(peer.calls).toHaveLength(1);
    const [call] = peer.calls;
    expect(call!.path).toBe('/copy');
    expect(call!.headers['x-crw-event']).toBe('task.run');
    expect(call!.headers['x-crw-delivery']).toBe(`${id}:1:${t._id}`);
    const ts = Number(call!.headers['x-crw-timestamp']);
    expect(Math.abs(ts - Date.now() / 1000)).toBeLessThan(60);
    expect(call!.headers['x-crw-signature']).toBe(signature(t.secret, ts, call!.body));
    expect(call!.headers['x-crw-signature']).not.toBe(signature('otro-secreto', ts, call!.body));
    expect(JSON.parse(call!.body)).toMatchObject({
      event: 'task.run',
      task: { id, title: 'Copy del post', instructions: 'Tono cercano', attempt: 1 },
      agent: { id: a, name: 'Redactora', instructions: 'Escribe el copy' },
      portfolio: { id: portfolioId },
      item: { id: item._id, title: 'Post de lunes', status: 'draft', material: { copy: '' } },
    });

    const done = await read(id);
    expect(done).toMatchObject({ status: 'done', attempts: 1, error: null });
    expect(done.result).toContain('Copy listo');
    expect(done.result).toContain('Nueva versión 1');
    expect(done.finishedAt).toEqual(expect.any(String));
    const [row] = await ctx.app.db.select().from(items).where(eq(items.id, item._id));
    expect(row).toMatchObject({ status: 'internal_review', currentVersion: 1 });
    expect(row!.materialData.copy).toContain('<b>lunes</b>');
    expect(row!.materialData.copy).not.toContain('script');
    expect(row!.materialData.links).toEqual(['https://ejemplo.com/a']);
  });

  it('keeps an answer for a piece under review on the task as a proposal, applied by hand as a new version', async () => {
    const t = await tool('/propuesta');
    const a = await agent([t._id]);
    const item = (
      await as(employee, 'POST', `/api/production/cycles/${cycleId}/items`, { title: 'Post en revisión' })
    ).json();
    const flow = (u: TestUser, action: string, body: object = {}) =>
      as(u, 'POST', `/api/production/items/${item._id}/${action}`, body);
    expect(
      (await flow(employee, 'mark-for-internal-review', { materialData: { copy: '<p>Mío</p>' } })).statusCode,
    ).toBe(200);
    peer.replies = [json(200, { material: { copy: '<p>Del agente</p><script>x()</script>' } })];
    const id = await task(a, { itemId: item._id });
    await ctx.app.agentRunner.drain();

    // The piece under review did not change; the task holds the proposal, sanitised.
    const [row] = await ctx.app.db.select().from(items).where(eq(items.id, item._id));
    expect(row).toMatchObject({ status: 'internal_review', currentVersion: 1 });
    expect(row!.materialData.copy).toBe('<p>Mío</p>');
    const done = await read(id);
    expect(done.result).toContain('el material quedó en la tarea como propuesta');
    expect(done.proposedMaterial).toEqual({ copy: '<p>Del agente</p>' });

    // Applied by the admin: version 2, written by the admin (who therefore may not approve it).
    const applied = await as(admin, 'POST', `/api/tasks/${id}/apply-proposal`);
    expect(applied.statusCode).toBe(200);
    expect(applied.json().proposedMaterial).toBeNull();
    const [after] = await ctx.app.db.select().from(items).where(eq(items.id, item._id));
    expect(after).toMatchObject({ currentVersion: 2, versionAuthorId: admin.id });
    expect(after!.materialData.copy).toBe('<p>Del agente</p>');
    expect((await flow(admin, 'approve-for-client')).statusCode).toBe(403);
    // A second apply finds nothing to apply.
    const again = await as(admin, 'POST', `/api/tasks/${id}/apply-proposal`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta tarea no tiene material propuesto que aplicar');

    // In client review a proposal is kept, and applying it asks to withdraw the piece first.
    expect((await flow(employee, 'approve-for-client')).statusCode).toBe(200);
    peer.replies = [json(200, { material: { copy: '<p>Otra</p>' } })];
    const second = await task(a, { itemId: item._id });
    await ctx.app.agentRunner.drain();
    const refused = await as(employee, 'POST', `/api/tasks/${second}/apply-proposal`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'La pieza está en revisión del cliente: retírala de la revisión antes de cambiarla',
    );
    expect((await read(second)).proposedMaterial).toEqual({ copy: '<p>Otra</p>' });
  });

  it('retries a 503 and a timeout, and stops at the first 4xx', async () => {
    const t = await tool('/flaky');
    const a = await agent([t._id]);
    peer.replies = [
      json(503, {}),
      (_req, _res) => undefined /* never answers: timeout */,
      json(200, { result: 'A la tercera' }),
    ];
    const id = await task(a);
    await ctx.app.agentRunner.drain();
    expect(peer.calls).toHaveLength(3);
    expect(await read(id)).toMatchObject({
      status: 'done',
      attempts: 3,
      result: 'A la tercera',
      error: null,
    });

    peer.calls.length = 0;
    peer.replies = [json(400, { message: 'mal' })];
    const bad = await task(a);
    await ctx.app.agentRunner.drain();
    expect(peer.calls).toHaveLength(1);
    const failed = await read(bad);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.error).toContain('respondió 400');
  });

  it(`gives up after ${MAX_ATTEMPTS} tries, and a retry by hand starts again`, async () => {
    const t = await tool('/down');
    const a = await agent([t._id]);
    peer.fallback = json(500, {});
    try {
      const id = await task(a);
      await ctx.app.agentRunner.drain();
      expect(peer.calls).toHaveLength(MAX_ATTEMPTS);
      expect(await read(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
      peer.fallback = json(200, { result: 'Ya va' });
      expect((await as(employee, 'PUT', `/api/tasks/${id}`, { status: 'pending' })).statusCode).toBe(200);
      await ctx.app.agentRunner.drain();
      expect(await read(id)).toMatchObject({ status: 'done', attempts: 1, result: 'Ya va' });
    } finally {
      peer.fallback = (_req, res) => res.writeHead(200).end();
    }
  });

  it('a task cancelled while its tool works keeps its cancellation', async () => {
    const t = await tool('/slow');
    const a = await agent([t._id]);
    let answer: () => void = () => {};
    peer.replies = [
      (_req, res) => (answer = () => res.writeHead(200).end(JSON.stringify({ result: 'tarde' }))),
    ];
    const id = await task(a);
    const run = ctx.app.agentRunner.drain();
    await expect.poll(() => peer.calls.length).toBeGreaterThan(0); // the tool is at work
    expect((await read(id)).status).toBe('running');
    expect((await as(employee, 'PUT', `/api/tasks/${id}`, { status: 'cancelled' })).statusCode).toBe(200);
    answer();
    await run;
    expect(await read(id)).toMatchObject({ status: 'cancelled', result: null });
  });

  it('a task under way when its instance shuts down goes back to the queue at once, on the same attempt', async () => {
    // A second instance on the same database, shut down while its tool call is under way.
    const leaving = await buildApp({
      env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/crw-test-data' }),
      database: ctx.database,
      logger: false,
      agents: { webhookTimeoutMs: 20_000, backoffMs: () => 0 },
    });
    await leaving.ready();
    const t = await tool('/handover');
    const a = await agent([t._id]);
    peer.replies = [() => undefined]; // never answers
    // Created through the leaving instance, whose runner it kicks.
    const created = await leaving.inject({
      method: 'POST',
      url: `/api/agents/${portfolioId}/${a}/tasks`,
      headers: employee.headers,
      payload: { title: 'Relevo', instructions: 'Tono cercano' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json()._id as string;
    const run = leaving.agentRunner.drain();
    await expect.poll(() => peer.calls.length).toBeGreaterThan(0); // the tool is at work
    expect((await read(id)).status).toBe('running');
    const closing = Date.now();
    await leaving.close();
    expect(await run).toBe(1);
    // Handed back at once: neither the tool's 20 s limit nor the lease is waited for.
    expect(Date.now() - closing).toBeLessThan(5_000);
    expect(await read(id)).toMatchObject({ status: 'pending', attempts: 0, result: null });
    expect(await leaving.agentRunner.drain()).toBe(0); // a stopped instance claims nothing more

    // Another instance takes it over at once; the tool sees the same delivery id again.
    peer.replies = [json(200, { result: 'relevo' })];
    await ctx.app.agentRunner.drain();
    expect(peer.calls.map((c) => c.headers['x-crw-delivery'])).toEqual([
      `${id}:1:${t._id}`,
      `${id}:1:${t._id}`,
    ]);
    expect(await read(id)).toMatchObject({ status: 'done', attempts: 1, result: 'relevo' });
  });
});

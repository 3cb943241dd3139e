import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cycles, items, notifications, tasks } from '../../src/db/schema.ts';
import { createTool } from '../../src/services/agents/tools.ts';
import {
  createTestApp,
  makePortfolio,
  makeUser,
  sentTo,
  type TestContext,
  type TestUser,
} from '../helpers.ts';

describe('agents, tasks and comments', () => {
  let ctx: TestContext;
  let employee: TestUser;
  let colleague: TestUser;
  let client: TestUser;
  let admin: TestUser;
  let portfolioId: string;
  const as = (u: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await makeUser(ctx.app, 'admin');
    employee = await makeUser(ctx.app, 'employee');
    colleague = await makeUser(ctx.app, 'employee');
    client = await makeUser(ctx.app, 'client');
    portfolioId = (await makePortfolio(ctx.app, [employee, colleague, client]))._id;
  });
  afterAll(() => ctx.close());

  it('creates an agent, assigns enabled tools only, and shows its tools and tasks', async () => {
    const tool = await createTool(ctx.app.db, { name: 'Notion', kind: 'notion' });
    const off = await createTool(ctx.app.db, { name: 'Apagada', kind: 'notion', enabled: false });
    const agent = (
      await as(employee, 'POST', `/api/agents/${portfolioId}`, {
        name: 'Redactor',
        instructions: 'Escribe copys',
      })
    ).json();
    expect(agent).toMatchObject({ name: 'Redactor', tools: [], active: true });
    const bad = await as(employee, 'PUT', `/api/agents/${portfolioId}/${agent._id}/tools`, {
      tools: [tool._id, off._id],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(off._id);
    expect(
      (
        await as(employee, 'PUT', `/api/agents/${portfolioId}/${agent._id}/tools`, { tools: [tool._id] })
      ).json().tools,
    ).toEqual([tool._id]);
    await as(employee, 'POST', `/api/agents/${portfolioId}/${agent._id}/tasks`, { title: 'Primera tarea' });
    const detail = (await as(employee, 'GET', `/api/agents/${portfolioId}/${agent._id}`)).json();
    expect(detail.tools).toEqual([{ _id: tool._id, name: 'Notion', kind: 'notion' }]);
    expect(detail.tasks.map((t: { title: string }) => t.title)).toEqual(['Primera tarea']);
    const other = await makePortfolio(ctx.app, [employee]);
    expect((await as(employee, 'GET', `/api/agents/${other._id}/${agent._id}`)).statusCode).toBe(404);
  });

  it("the list counts each agent's open tasks; the detail carries only its newest 20", async () => {
    // Inactive: the runner leaves their pending tasks alone while the test reads them.
    const make = async (name: string, portfolio = portfolioId) =>
      (await as(employee, 'POST', `/api/agents/${portfolio}`, { name, active: false })).json();
    const busy = await make('Con trabajo');
    const idle = await make('Sin trabajo');
    const elsewhere = await make('En otro portafolio', (await makePortfolio(ctx.app, [employee]))._id);
    const statuses = ['pending', 'running', 'done', 'failed', 'cancelled'] as const;
    const start = Date.parse('2030-01-01T00:00:00Z');
    const rows = (agent: { _id: string; portfolioId: string }, n: number, open: boolean) =>
      Array.from({ length: n }, (_, i) => ({
        portfolioId: agent.portfolioId,
        agentId: agent._id,
        title: `Tarea ${i + 1}`,
        status: open ? statuses[i % 5]! : statuses[2 + (i % 3)]!,
        createdAt: new Date(start + i * 60_000),
      }));
    // 30 of which 12 open (pending, running at i % 5 = 0, 1); the idle one's 10 all finished.
    await ctx.app.db.insert(tasks).values([...rows(busy, 30, true), ...rows(idle, 10, false)]);
    await ctx.app.db.insert(tasks).values(rows(elsewhere, 5, true));

    const list = await as(employee, 'GET', `/api/agents/${portfolioId}`);
    expect(list.statusCode).toBe(200);
    const open = Object.fromEntries(
      list.json().map((a: { name: string; openTasks: number }) => [a.name, a.openTasks]),
    );
    expect(open).toMatchObject({ 'Con trabajo': 12, 'Sin trabajo': 0 });
    expect(open['En otro portafolio']).toBeUndefined();

    const detail = (await as(employee, 'GET', `/api/agents/${portfolioId}/${busy._id}`)).json();
    expect(detail.tasks).toHaveLength(20);
    expect(detail.tasks[0].title).toBe('Tarea 30');
    expect(detail.tasks.at(-1).title).toBe('Tarea 11');
    // All of them, by pages.
    const all = (await as(employee, 'GET', `/api/tasks?agentId=${busy._id}&page=2&limit=20`)).json();
    expect(all).toMatchObject({ total: 30, page: 2 });
    expect(all.items).toHaveLength(10);
    // A client may not read the list (no agents.manage), nor anyone the list of a portfolio they do not see.
    expect((await as(client, 'GET', `/api/agents/${portfolioId}`)).statusCode).toBe(403);
    expect((await as(colleague, 'GET', `/api/agents/${elsewhere.portfolioId}`)).statusCode).toBe(404);
  });

  it('filters tasks, updates their status and notifies the assignee of the item', async () => {
    const agent = (await as(employee, 'POST', `/api/agents/${portfolioId}`, { name: 'Diseñador' })).json();
    const [cycle] = await ctx.app.db
      .insert(cycles)
      .values({ portfolioId, startDate: '2040-01-01', endDate: '2040-01-10' })
      .returning();
    const [item] = await ctx.app.db
      .insert(items)
      .values({ portfolioId, cycleId: cycle!.id, title: 'Banner', assigneeId: colleague.id })
      .returning();
    const created = await as(employee, 'POST', '/api/tasks', {
      title: 'Diseñar banner',
      agentId: agent._id,
      portfolioId,
      itemId: item!.id,
    });
    expect(created.statusCode).toBe(201);
    const notes = await ctx.app.db.select().from(notifications).where(sentTo(colleague.id));
    expect(notes.map((n) => n.content)).toContain('Nueva tarea «Diseñar banner» sobre «Banner»');
    const done = await as(employee, 'PUT', `/api/tasks/${created.json()._id}`, {
      status: 'done',
      result: 'Hecho',
    });
    expect(done.json()).toMatchObject({ status: 'done', result: 'Hecho' });
    const filtered = (await as(employee, 'GET', `/api/tasks?status=done&agentId=${agent._id}`)).json();
    expect(filtered).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect((await as(client, 'GET', '/api/tasks')).json().total).toBe(0);
    const wrongItem = await as(employee, 'POST', '/api/tasks', {
      title: 'x',
      agentId: agent._id,
      portfolioId,
      itemId: 'otra',
    });
    expect(wrongItem.statusCode).toBe(400);
    expect(wrongItem.json().message).toContain("'itemId'");
  });

  it('sanitises comment bodies, notifies mentions, and lets only the author or an admin edit', async () => {
    const [cycle] = await ctx.app.db
      .insert(cycles)
      .values({ portfolioId, startDate: '2041-01-01', endDate: '2041-01-10' })
      .returning();
    const [item] = await ctx.app.db
      .insert(items)
      .values({ portfolioId, cycleId: cycle!.id, title: 'Post', status: 'client_review' })
      .returning();
    const res = await as(employee, 'POST', '/api/comments', {
      entityType: 'item',
      entityId: item!.id,
      body: `<p>Mira <img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">esto</a> <a href="https://ok.example">y esto</a> <span data-mention-id="${client.id}">@Cliente</span></p>`,
    });
    expect(res.statusCode).toBe(201);
    const body: string = res.json().body;
    expect(body).not.toMatch(/onerror|<script|javascript:|<img/);
    expect(body).toContain('<a rel="noopener noreferrer" href="https://ok.example">y esto</a>');
    expect(body).toContain(`data-mention-id="${client.id}"`);
    const mentions = await ctx.app.db.select().from(notifications).where(sentTo(client.id));
    expect(mentions.some((n) => n.title === 'Mención')).toBe(true);

    const list = (await as(client, 'GET', `/api/comments?entityType=item&entityId=${item!.id}`)).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0].visibility).toBe('client'); // the item is with the client: shared by default
    expect(list.items[0].author.name).toBe(`employee ${employee.email.match(/employee(\d+)/)![1]}`);
    expect(
      (await as(client, 'PUT', `/api/comments/${res.json()._id}`, { body: 'hackeado' })).statusCode,
    ).toBe(403);
    expect(
      (await as(admin, 'PUT', `/api/comments/${res.json()._id}`, { body: '<b>moderado</b>' })).json().body,
    ).toBe('<b>moderado</b>');
    expect((await as(employee, 'DELETE', `/api/comments/${res.json()._id}`)).statusCode).toBe(200);
    expect((await as(employee, 'GET', '/api/comments?entityType=item&entityId=no-existe')).statusCode).toBe(
      404,
    );
  });
});

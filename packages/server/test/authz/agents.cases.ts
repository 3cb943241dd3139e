import { agents, comments, cycles, items, tasks } from '../../src/db/schema.ts';
import type { ActorName, AuthzCase, World } from './types.ts';

export async function agent(w: World) {
  const [row] = await w.app.db
    .insert(agents)
    .values({ portfolioId: w.portfolioId, name: 'Agente' })
    .returning();
  return row!.id;
}
export async function task(w: World) {
  const agentId = await agent(w);
  const [row] = await w.app.db
    .insert(tasks)
    .values({ portfolioId: w.portfolioId, agentId, title: 'Tarea' })
    .returning();
  return row!.id;
}
let year = 2300;
export async function item(w: World, status: 'draft' | 'client_review' = 'client_review') {
  year += 1;
  const [c] = await w.app.db
    .insert(cycles)
    .values({ portfolioId: w.portfolioId, startDate: `${year}-01-01`, endDate: `${year}-01-09` })
    .returning();
  const [row] = await w.app.db
    .insert(items)
    .values({ portfolioId: w.portfolioId, cycleId: c!.id, title: 'Pieza', status })
    .returning();
  return row!.id;
}
/** A comment shared with the client on a client-visible item, written by the employee with the grant. */
export async function comment(w: World) {
  const entityId = await item(w);
  const [row] = await w.app.db
    .insert(comments)
    .values({
      portfolioId: w.portfolioId,
      entityId,
      entityType: 'item',
      body: 'Hola',
      visibility: 'client',
      authorId: w.users.employeeGrant.id,
    })
    .returning();
  return row!.id;
}

type Expect = Record<ActorName, number | 'ok'>;
/** agents.manage: staff with the grant; a client with a grant sees P (403). */
export const managers = (ok: number | 'ok' = 'ok'): Expect => ({
  anonymous: 401,
  clientNoGrant: 404,
  employeeNoGrant: 404,
  clientGrant: 403,
  employeeGrant: ok,
  admin: ok,
});

export const cases: AuthzCase[] = [
  {
    route: 'GET /api/agents/:portfolioId',
    request: (w) => ({ url: `/api/agents/${w.portfolioId}` }),
    expect: managers(),
  },
  {
    route: 'POST /api/agents/:portfolioId',
    request: (w) => ({ url: `/api/agents/${w.portfolioId}`, payload: { name: 'Nuevo' } }),
    expect: managers(201),
  },
  {
    route: 'GET /api/agents/:portfolioId/:agentId',
    request: async (w) => ({ url: `/api/agents/${w.portfolioId}/${await agent(w)}` }),
    expect: managers(),
  },
  {
    route: 'DELETE /api/agents/:portfolioId/:agentId',
    request: async (w) => ({ url: `/api/agents/${w.portfolioId}/${await agent(w)}` }),
    expect: managers(),
  },
  {
    route: 'PUT /api/agents/:portfolioId/:agentId',
    request: async (w) => ({
      url: `/api/agents/${w.portfolioId}/${await agent(w)}`,
      payload: { active: false },
    }),
    expect: managers(),
  },
  {
    route: 'PUT /api/agents/:portfolioId/:agentId/tools',
    request: async (w) => ({
      url: `/api/agents/${w.portfolioId}/${await agent(w)}/tools`,
      payload: { tools: [] },
    }),
    expect: managers(),
  },
  {
    route: 'POST /api/agents/:portfolioId/:agentId/tasks',
    request: async (w) => ({
      url: `/api/agents/${w.portfolioId}/${await agent(w)}/tasks`,
      payload: { title: 'Hacer' },
    }),
    expect: managers(201),
  },
];

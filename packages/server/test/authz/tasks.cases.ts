import { agent, managers, task } from './agents.cases.ts';
import { type AuthzCase, only } from './types.ts';

/** Tasks are internal: a client with a grant on P does not see them at all (404). */
const hidden = { ...managers(), clientGrant: 404 } as const;

export const cases: AuthzCase[] = [
  {
    route: 'GET /api/tasks',
    request: () => ({ url: '/api/tasks' }),
    expect: only.signedIn,
    note: 'filtered to what each caller may see',
  },
  {
    route: 'GET /api/tasks/portfolio/:id',
    request: (w) => ({ url: `/api/tasks/portfolio/${w.portfolioId}` }),
    expect: managers(),
  },
  {
    route: 'POST /api/tasks',
    request: async (w) => ({
      url: '/api/tasks',
      payload: { title: 'Nueva', agentId: await agent(w), portfolioId: w.portfolioId },
    }),
    expect: managers(201),
  },
  {
    route: 'GET /api/tasks/:id',
    request: async (w) => ({ url: `/api/tasks/${await task(w)}` }),
    expect: hidden,
  },
  {
    route: 'PUT /api/tasks/:id',
    request: async (w) => ({ url: `/api/tasks/${await task(w)}`, payload: { status: 'done' } }),
    expect: hidden,
  },
  {
    route: 'POST /api/tasks/:id/apply-proposal',
    request: async (w) => ({ url: `/api/tasks/${await task(w)}/apply-proposal` }),
    expect: { ...managers(409), clientGrant: 404 },
    note: 'a task without a proposal: 409 for those who may see it',
  },
  {
    route: 'DELETE /api/tasks/:id',
    request: async (w) => ({ url: `/api/tasks/${await task(w)}` }),
    expect: hidden,
  },
];

import { comment, item, task } from './agents.cases.ts';
import type { AuthzCase } from './types.ts';

const outsiders = { anonymous: 401, clientNoGrant: 404, employeeNoGrant: 404 } as const;

export const cases: AuthzCase[] = [
  {
    route: 'GET /api/comments',
    request: async (w) => ({ url: `/api/comments?entityType=item&entityId=${await item(w)}` }),
    expect: { ...outsiders, clientGrant: 200, employeeGrant: 200, admin: 200 },
  },
  {
    route: 'POST /api/comments',
    request: async (w) => ({
      url: '/api/comments',
      payload: { entityType: 'task', entityId: await task(w), body: 'Hola' },
    }),
    expect: { ...outsiders, clientGrant: 404, employeeGrant: 201, admin: 201 },
    note: 'a task is internal: invisible to the client',
  },
  {
    route: 'GET /api/comments/:id',
    request: async (w) => ({ url: `/api/comments/${await comment(w)}` }),
    expect: { ...outsiders, clientGrant: 200, employeeGrant: 200, admin: 200 },
  },
  {
    route: 'PUT /api/comments/:id',
    request: async (w) => ({ url: `/api/comments/${await comment(w)}`, payload: { body: 'Editado' } }),
    expect: { ...outsiders, clientGrant: 403, employeeGrant: 200, admin: 200 },
    note: "someone else's comment: 403 for a non-admin who can see it",
  },
  {
    route: 'DELETE /api/comments/:id',
    request: async (w) => ({ url: `/api/comments/${await comment(w)}` }),
    expect: { ...outsiders, clientGrant: 403, employeeGrant: 200, admin: 200 },
  },
];

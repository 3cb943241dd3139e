import { randomUUID } from 'node:crypto';
import { createUser } from '../../src/services/people/users.ts';
import { type AuthzCase, only, type World } from './types.ts';

const target = async (w: World) =>
  (
    await createUser(w.app.db, {
      email: `t-${randomUUID().slice(0, 8)}@test.local`,
      name: 'Objetivo',
      role: 'employee',
      password: 'contraseña-1',
    })
  ).id;

const searchers = {
  anonymous: 401,
  clientNoGrant: 403,
  employeeNoGrant: 200,
  clientGrant: 403,
  employeeGrant: 200,
  admin: 200,
} as const;

export const cases: AuthzCase[] = [
  { route: 'GET /api/users', request: () => ({ url: '/api/users' }), expect: only.admin },
  {
    route: 'POST /api/users',
    request: () => ({
      url: '/api/users',
      payload: {
        email: `n-${randomUUID().slice(0, 8)}@test.local`,
        name: 'Nueva',
        role: 'client',
        password: 'contraseña-1',
      },
    }),
    expect: only.admin,
  },
  {
    route: 'GET /api/users/search',
    request: () => ({ url: '/api/users/search?query=a' }),
    expect: searchers,
    note: 'users.search',
  },
  {
    route: 'GET /api/users/permissions/available',
    request: () => ({ url: '/api/users/permissions/available' }),
    expect: only.signedIn,
  },
  {
    route: 'GET /api/users/permissions',
    request: () => ({ url: '/api/users/permissions' }),
    expect: only.signedIn,
  },
  {
    route: 'GET /api/users/:id',
    request: async (w) => ({ url: `/api/users/${await target(w)}` }),
    expect: only.admin,
  },
  {
    route: 'PUT /api/users/:id',
    request: async (w) => ({ url: `/api/users/${await target(w)}`, payload: { role: 'admin' } }),
    expect: only.admin,
    note: 'nobody but an admin sets a role',
  },
  {
    route: 'DELETE /api/users/:id',
    request: async (w) => ({ url: `/api/users/${await target(w)}` }),
    expect: only.admin,
  },
  {
    route: 'PATCH /api/users/:id/permissions',
    request: async (w) => ({
      url: `/api/users/${await target(w)}/permissions`,
      payload: { permissions: ['users.search'] },
    }),
    expect: only.admin,
  },
  {
    route: 'GET /api/users/:id/portfolio-access',
    request: async (w) => ({ url: `/api/users/${await target(w)}/portfolio-access` }),
    expect: only.admin,
  },
  {
    route: 'POST /api/users/:id/portfolio-access',
    request: async (w) => ({
      url: `/api/users/${await target(w)}/portfolio-access`,
      payload: { portfolioId: w.portfolioId },
    }),
    expect: only.admin,
  },
  {
    route: 'DELETE /api/users/:id/portfolio-access/:portfolioId',
    request: async (w) => {
      const id = await target(w);
      await w.app.inject({
        method: 'POST',
        url: `/api/users/${id}/portfolio-access`,
        headers: w.users.admin.headers,
        payload: { portfolioId: w.portfolioId },
      });
      return { url: `/api/users/${id}/portfolio-access/${w.portfolioId}` };
    },
    expect: only.admin,
  },
];

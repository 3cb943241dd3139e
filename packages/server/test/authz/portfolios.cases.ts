import { randomUUID } from 'node:crypto';
import { makePortfolio } from '../helpers.ts';
import { type AuthzCase, only, type World } from './types.ts';

/** A fresh portfolio on which the "Grant" callers hold their role's defaults. */
const fresh = async (w: World) =>
  (await makePortfolio(w.app, [w.users.employeeGrant, w.users.clientGrant]))._id;

const viewers = {
  anonymous: 401,
  clientNoGrant: 404,
  employeeNoGrant: 404,
  clientGrant: 200,
  employeeGrant: 200,
  admin: 200,
} as const;
const editors = {
  anonymous: 401,
  clientNoGrant: 404,
  employeeNoGrant: 404,
  clientGrant: 403,
  employeeGrant: 200,
  admin: 200,
} as const;

export const cases: AuthzCase[] = [
  { route: 'GET /api/portfolios', request: () => ({ url: '/api/portfolios' }), expect: only.signedIn },
  {
    route: 'POST /api/portfolios',
    request: () => ({
      url: '/api/portfolios',
      payload: { identifier: `p-${randomUUID().slice(0, 8)}`, accountData: { businessName: 'Nuevo' } },
    }),
    expect: {
      anonymous: 401,
      clientNoGrant: 403,
      employeeNoGrant: 201,
      clientGrant: 403,
      employeeGrant: 201,
      admin: 201,
    },
    note: 'portfolios.create',
  },
  {
    route: 'GET /api/portfolios/check-identifier/:id',
    request: () => ({ url: '/api/portfolios/check-identifier/libre-123' }),
    expect: {
      anonymous: 401,
      clientNoGrant: 403,
      employeeNoGrant: 200,
      clientGrant: 403,
      employeeGrant: 200,
      admin: 200,
    },
    note: "portfolios.create: anyone else could enumerate the agency's clients",
  },
  {
    route: 'GET /api/portfolios/:id',
    request: (w) => ({ url: `/api/portfolios/${w.portfolioId}` }),
    expect: viewers,
  },
  {
    route: 'PUT /api/portfolios/:id',
    request: async (w) => ({
      url: `/api/portfolios/${await fresh(w)}`,
      payload: { accountData: { businessName: 'Editado' } },
    }),
    expect: editors,
  },
  {
    route: 'DELETE /api/portfolios/:id',
    request: async (w) => ({ url: `/api/portfolios/${await fresh(w)}` }),
    expect: {
      anonymous: 401,
      clientNoGrant: 404,
      employeeNoGrant: 404,
      clientGrant: 403,
      employeeGrant: 403,
      admin: 200,
    },
    note: 'portfolio.delete is not in any default grant',
  },
  {
    route: 'POST /api/portfolios/:id/integraciones/notion',
    request: async (w) => ({
      url: `/api/portfolios/${await fresh(w)}/integraciones/notion`,
      payload: { paginaNotionId: '11111111222233334444555555555555' },
    }),
    expect: { ...editors, employeeGrant: 201, admin: 201 },
  },
  {
    route: 'GET /api/portfolios/:id/integraciones/notion/sincronizaciones',
    request: (w) => ({ url: `/api/portfolios/${w.portfolioId}/integraciones/notion/sincronizaciones` }),
    expect: editors,
  },
  {
    route: 'POST /api/portfolios/:id/integraciones/notion/sincronizar',
    request: async (w) => ({ url: `/api/portfolios/${await fresh(w)}/integraciones/notion/sincronizar` }),
    // Allowed callers hear that the server has no Notion token (the test server has none).
    expect: { ...editors, employeeGrant: 409, admin: 409 },
  },
  {
    route: 'GET /api/portfolios/:id/integraciones',
    request: (w) => ({ url: `/api/portfolios/${w.portfolioId}/integraciones` }),
    expect: viewers,
  },
  {
    route: 'DELETE /api/portfolios/:id/integraciones/:integrationId',
    request: async (w) => {
      const id = await fresh(w);
      const res = await w.app.inject({
        method: 'POST',
        url: `/api/portfolios/${id}/integraciones/notion`,
        headers: w.users.admin.headers,
        payload: { paginaNotionId: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee' },
      });
      return {
        url: `/api/portfolios/${id}/integraciones/${res.json()._id}`,
        payload: { paginaNotionId: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee' },
      };
    },
    expect: editors,
  },
];

import { type AuthzCase, only } from './types.ts';

export const cases: AuthzCase[] = [
  { route: 'GET /api/portfolios', request: () => ({ url: '/api/portfolios' }), expect: only.signedIn },
  {
    route: 'GET /api/portfolios/:id',
    request: (w) => ({ url: `/api/portfolios/${w.portfolioId}` }),
    expect: {
      anonymous: 401,
      clientNoGrant: 404,
      employeeNoGrant: 404,
      clientGrant: 200,
      employeeGrant: 200,
      admin: 200,
    },
  },
];

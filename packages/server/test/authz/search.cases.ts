import type { AuthzCase } from './types.ts';

/** The search answers everyone signed in, each within what they see; another's portfolio by id is 404. */
export const cases: AuthzCase[] = [
  {
    route: 'GET /api/search',
    request: () => ({ url: '/api/search?q=negocio' }),
    expect: {
      anonymous: 401,
      clientNoGrant: 'ok',
      employeeNoGrant: 'ok',
      clientGrant: 'ok',
      employeeGrant: 'ok',
      admin: 'ok',
    },
  },
  {
    route: 'GET /api/search',
    note: 'narrowed to P: 404 for who does not see it',
    request: (w) => ({ url: `/api/search?q=negocio&portfolioId=${w.portfolioId}` }),
    expect: {
      anonymous: 401,
      clientNoGrant: 404,
      employeeNoGrant: 404,
      clientGrant: 'ok',
      employeeGrant: 'ok',
      admin: 'ok',
    },
  },
];

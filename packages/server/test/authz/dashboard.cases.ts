import type { AuthzCase } from './types.ts';

const outsiders = { anonymous: 401, clientNoGrant: 404, employeeNoGrant: 404 } as const;

/** The two dashboards: staff only for the portfolio's, anyone who may view the portfolio for "Mi Dashboard". */
export const cases: AuthzCase[] = [
  {
    route: 'GET /api/production/portfolios/:id/dashboard',
    request: (w) => ({ url: `/api/production/portfolios/${w.portfolioId}/dashboard` }),
    expect: { ...outsiders, clientGrant: 404, employeeGrant: 200, admin: 200 },
    note: 'a client never sees the staff dashboard: 404',
  },
  {
    route: 'GET /api/production/portfolios/:id/client-dashboard',
    request: (w) => ({ url: `/api/production/portfolios/${w.portfolioId}/client-dashboard` }),
    expect: { ...outsiders, clientGrant: 200, employeeGrant: 200, admin: 200 },
  },
];

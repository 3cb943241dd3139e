import { type AuthzCase, only } from './types.ts';

export const cases: AuthzCase[] = [
  { route: 'GET /api/portfolios', request: () => ({ url: '/api/portfolios' }), expect: only.signedIn },
];

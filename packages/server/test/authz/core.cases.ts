import { type AuthzCase, only } from './types.ts';

export const cases: AuthzCase[] = [
  {
    route: 'GET /api/health',
    request: () => ({ url: '/api/health' }),
    expect: {
      anonymous: 200,
      clientNoGrant: 200,
      employeeNoGrant: 200,
      clientGrant: 200,
      employeeGrant: 200,
      admin: 200,
    },
  },
  {
    route: 'POST /api/auth/login',
    request: () => ({ url: '/api/auth/login', payload: { email: 'nadie@test.local', password: 'x' } }),
    expect: {
      anonymous: 401,
      clientNoGrant: 401,
      employeeNoGrant: 401,
      clientGrant: 401,
      employeeGrant: 401,
      admin: 401,
    },
    note: 'public; wrong credentials for everyone',
  },
  { route: 'GET /api/auth/me', request: () => ({ url: '/api/auth/me' }), expect: only.signedIn },
];

import { type AuthzCase, only } from './types.ts';

export const cases: AuthzCase[] = [
  {
    route: 'GET /api/settings/uploads',
    request: () => ({ url: '/api/settings/uploads' }),
    expect: only.signedIn,
  },
];

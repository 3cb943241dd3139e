import type { AuthzCase } from './types.ts';

export const cases: AuthzCase[] = [
  {
    route: 'POST /api/auth/link',
    request: () => ({ url: '/api/auth/link', payload: { token: 'enlace-desconocido' } }),
    expect: {
      anonymous: 410,
      clientNoGrant: 410,
      employeeNoGrant: 410,
      clientGrant: 410,
      employeeGrant: 410,
      admin: 410,
    },
    note: 'public; an unknown link is gone for everyone',
  },
];

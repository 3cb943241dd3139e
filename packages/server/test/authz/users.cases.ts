import { randomUUID } from 'node:crypto';
import { type AuthzCase, only } from './types.ts';

export const cases: AuthzCase[] = [
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
];

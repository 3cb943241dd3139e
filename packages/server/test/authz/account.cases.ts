import { randomUUID } from 'node:crypto';
import { createUser } from '../../src/services/people/users.ts';
import type { AuthzCase } from './types.ts';

/** Getting in without the admin (issue 49). The matrix's app has no SMTP_URL: the email requests answer 409. */
const everyone = (status: number) => ({
  anonymous: status,
  clientNoGrant: status,
  employeeNoGrant: status,
  clientGrant: status,
  employeeGrant: status,
  admin: status,
});

export const cases: AuthzCase[] = [
  {
    route: 'POST /api/auth/password/forgot',
    request: () => ({ url: '/api/auth/password/forgot', payload: { email: 'nadie@test.local' } }),
    expect: everyone(409),
    note: 'public; email is off in the matrix, for everyone alike',
  },
  {
    route: 'POST /api/auth/link/request',
    request: () => ({ url: '/api/auth/link/request', payload: { email: 'nadie@test.local', next: '/' } }),
    expect: everyone(409),
    note: 'public; email is off in the matrix, for everyone alike',
  },
  {
    route: 'POST /api/auth/password/reset',
    request: () => ({
      url: '/api/auth/password/reset',
      payload: { token: 'enlace-desconocido', password: 'contraseña-nueva-1' },
    }),
    expect: everyone(410),
    note: 'public; an unknown link is gone for everyone',
  },
  {
    route: 'PUT /api/auth/me/password',
    request: () => ({
      method: 'PUT',
      url: '/api/auth/me/password',
      payload: { currentPassword: 'no-es-la-actual', newPassword: 'contraseña-nueva-1' },
    }),
    expect: { ...everyone(400), anonymous: 401 },
    note: 'own account only; a wrong current password is 400',
  },
  {
    route: 'POST /api/users/:id/invite',
    request: async (w) => {
      const user = await createUser(w.app.db, {
        email: `i-${randomUUID().slice(0, 8)}@test.local`,
        name: 'Invitada',
        role: 'client',
        password: 'contraseña-1',
      });
      return { url: `/api/users/${user.id}/invite` };
    },
    expect: {
      anonymous: 401,
      clientNoGrant: 403,
      employeeNoGrant: 403,
      clientGrant: 403,
      employeeGrant: 403,
      admin: 409,
    },
    note: 'admin only; email is off in the matrix',
  },
];

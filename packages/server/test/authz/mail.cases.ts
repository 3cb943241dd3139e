import { type AuthzCase, only } from './types.ts';

/** The unsubscribe link works without signing in (its signature is the authority); a bad token is 400 for all. */
const badLink = {
  anonymous: 400,
  clientNoGrant: 400,
  employeeNoGrant: 400,
  clientGrant: 400,
  employeeGrant: 400,
  admin: 400,
} as const;

export const cases: AuthzCase[] = [
  {
    route: 'GET /api/mail/unsubscribe',
    request: () => ({ url: '/api/mail/unsubscribe?token=no.valido' }),
    expect: badLink,
    note: 'public page; a forged token is refused',
  },
  {
    route: 'POST /api/mail/unsubscribe',
    request: () => ({ url: '/api/mail/unsubscribe', payload: { token: 'no.valido' } }),
    expect: badLink,
  },
  {
    route: 'GET /api/admin/mail-failures',
    request: () => ({ url: '/api/admin/mail-failures' }),
    expect: only.admin,
  },
];

import { mailOutbox } from '../../src/db/schema.ts';
import { type AuthzCase, only, type World } from './types.ts';

/** A mail that could not be sent, fresh for each caller (a retry by the admin puts it back in the queue). */
async function failedMail(w: World) {
  const [row] = await w.app.db
    .insert(mailOutbox)
    .values({
      userId: w.users.admin.id,
      toAddress: w.users.admin.email,
      template: 'action',
      status: 'failed',
      attempts: 1,
      error: 'El servidor de correo rechazó la dirección',
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

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
  {
    route: 'GET /api/admin/mail-pending',
    request: () => ({ url: '/api/admin/mail-pending' }),
    expect: only.admin,
  },
  {
    route: 'POST /api/admin/mail-failures/retry',
    request: () => ({ url: '/api/admin/mail-failures/retry' }),
    expect: only.admin,
  },
  {
    route: 'POST /api/admin/mail-failures/:id/retry',
    request: async (w) => ({ url: `/api/admin/mail-failures/${await failedMail(w)}/retry` }),
    expect: only.admin,
  },
  {
    route: 'POST /api/admin/mail-failures/:id/retry',
    request: () => ({ url: '/api/admin/mail-failures/no-existe/retry' }),
    expect: { ...only.admin, admin: 404 },
    note: 'a mail that does not exist, or did not fail',
  },
];

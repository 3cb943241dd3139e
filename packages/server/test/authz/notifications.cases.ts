import { randomUUID } from 'node:crypto';
import { insertNotification } from '../helpers.ts';
import { type AuthzCase, only, type World } from './types.ts';

/** A notification owned by the admin: notifications are personal, so everyone else gets 404 — admins too. */
async function adminsNotification(w: World) {
  const row = await insertNotification(w.app.db, [w.users.admin.id], { title: 'T', content: 'Hola' });
  return row.id;
}

const personal = {
  anonymous: 401,
  clientNoGrant: 404,
  employeeNoGrant: 404,
  clientGrant: 404,
  employeeGrant: 404,
  admin: 200,
} as const;
const endpoint = () => `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;

export const cases: AuthzCase[] = [
  { route: 'GET /api/notifications', request: () => ({ url: '/api/notifications' }), expect: only.signedIn },
  {
    route: 'GET /api/notifications/unread-count',
    request: () => ({ url: '/api/notifications/unread-count' }),
    expect: only.signedIn,
  },
  {
    route: 'GET /api/notifications/preferences',
    request: () => ({ url: '/api/notifications/preferences' }),
    expect: only.signedIn,
  },
  {
    route: 'PUT /api/notifications/preferences',
    request: () => ({
      url: '/api/notifications/preferences',
      payload: { preferences: { team: { push: true } } },
    }),
    expect: only.signedIn,
    note: 'only ever the caller’s own',
  },
  {
    route: 'PUT /api/notifications/:id/read',
    request: async (w) => ({ url: `/api/notifications/${await adminsNotification(w)}/read` }),
    expect: personal,
    note: "another user's notification is 404",
  },
  {
    route: 'PUT /api/notifications/:id/archive',
    request: async (w) => ({ url: `/api/notifications/${await adminsNotification(w)}/archive` }),
    expect: personal,
  },
  {
    route: 'POST /api/notifications/mark-all-read',
    request: () => ({ url: '/api/notifications/mark-all-read' }),
    expect: only.signedIn,
  },
  {
    route: 'POST /api/notifications/archive-all',
    request: () => ({ url: '/api/notifications/archive-all' }),
    expect: only.signedIn,
  },
  {
    route: 'POST /api/notifications/broadcast',
    request: (w) => ({
      url: '/api/notifications/broadcast',
      payload: { title: 'Aviso', content: 'Hola', criteria: { userIds: [w.users.admin.id] } },
    }),
    expect: only.admin,
  },
  {
    route: 'POST /api/notifications/broadcast/preview',
    request: () => ({ url: '/api/notifications/broadcast/preview', payload: { criteria: {} } }),
    expect: only.admin,
  },
  {
    route: 'GET /api/notifications/vapid-public-key',
    request: () => ({ url: '/api/notifications/vapid-public-key' }),
    expect: only.signedIn,
  },
  {
    route: 'POST /api/notifications/push-subscription',
    request: () => ({
      url: '/api/notifications/push-subscription',
      payload: { endpoint: endpoint(), keys: { auth: 'a', p256dh: 'b' } },
    }),
    expect: only.signedIn,
  },
  {
    route: 'DELETE /api/notifications/push-subscription',
    request: async (w) => {
      const url = endpoint();
      await w.app.inject({
        method: 'POST',
        url: '/api/notifications/push-subscription',
        headers: w.users.admin.headers,
        payload: { endpoint: url, keys: { auth: 'a', p256dh: 'b' } },
      });
      return { url: '/api/notifications/push-subscription', payload: { endpoint: url } };
    },
    expect: personal,
    note: "another user's endpoint is 404",
  },
  {
    route: 'POST /api/notifications/push-subscription/check',
    request: () => ({ url: '/api/notifications/push-subscription/check', payload: { endpoint: endpoint() } }),
    expect: only.signedIn,
  },
  {
    route: 'GET /api/notifications/push-subscriptions',
    request: () => ({ url: '/api/notifications/push-subscriptions' }),
    expect: only.signedIn,
  },
];

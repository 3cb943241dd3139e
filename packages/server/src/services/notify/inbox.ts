import { listNotifications, type InboxQuery, updateOwn } from './notifications.ts';
import { userRoom } from './notifier.ts';
import type { Ports } from '../ports.ts';

/**
 * What the inbox routes call beyond the plain reads of services/notifications.ts: a page of the list kept in
 * the read cache, and a state change told to the person's other tabs.
 */

/**
 * A page of a person's inbox (`listNotifications`). On PGlite it is answered again until anything is written
 * (a new notification, a state).
 */
export function inbox(
  ports: Pick<Ports, 'db' | 'database'>,
  userId: string,
  q: InboxQuery & { limit: number },
) {
  const read = () => listNotifications(ports.db, userId, q);
  const reads = ports.database.reads;
  return reads ? reads.get(`notifications:${userId}:${q.view}:${q.limit}:${q.before ?? ''}`, read) : read();
}

/** `updateOwn`, then the notification's new state goes to its owner's open tabs. */
export async function markOwn(
  ports: Pick<Ports, 'db' | 'io'>,
  userId: string,
  id: string,
  set: { read?: true; archived?: true },
) {
  const n = await updateOwn(ports.db, userId, id, set);
  ports.io.to(userRoom(userId)).emit('notification:updated', n);
  return n;
}

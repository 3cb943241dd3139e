import type { Db } from '../../db/client.ts';
import type { ReadCache } from '../../db/read-cache.ts';
import { listNotifications, type InboxQuery, updateOwn } from './notifications.ts';
import { type SocketServer, userRoom } from './notifier.ts';

/**
 * What the inbox routes call beyond the plain reads of notifications.ts: a page of the list kept in the read
 * cache, and a state change told to the person's other tabs. The ports they take are named here (the same
 * members as services/ports.ts's `Ports`): notify sits below the ports, which name its Notifier.
 */

/**
 * A page of a person's inbox (`listNotifications`). On PGlite it is answered again until anything is written
 * (a new notification, a state).
 */
export function inbox(
  ports: { db: Db; database: { reads?: ReadCache } },
  userId: string,
  q: InboxQuery & { limit: number },
) {
  const read = () => listNotifications(ports.db, userId, q);
  const reads = ports.database.reads;
  return reads ? reads.get(`notifications:${userId}:${q.view}:${q.limit}:${q.before ?? ''}`, read) : read();
}

/** `updateOwn`, then the notification's new state goes to its owner's open tabs. */
export async function markOwn(
  ports: { db: Db; io: SocketServer },
  userId: string,
  id: string,
  set: { read?: true; archived?: true },
) {
  const n = await updateOwn(ports.db, userId, id, set);
  ports.io.to(userRoom(userId)).emit('notification:updated', n);
  return n;
}

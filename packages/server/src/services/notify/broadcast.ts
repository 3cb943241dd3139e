import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { matchScreen, mayOpen } from './app-links.ts';
import { audience, audienceQuery, audienceRooms, type BroadcastCriteria } from './notifications.ts';
import { type Notifier, recipientCount } from './notifier.ts';

export interface Broadcast {
  title: string;
  content: string;
  /** A screen of the app (`/…`): only those who may open it get the link. */
  url?: string;
  criteria?: BroadcastCriteria;
}

/**
 * An admin's notification to everyone the criteria select: written in one commit (everyone or no one), then
 * delivered. Answers how many it reached.
 */
// The ports it uses, named here rather than picked from services/ports.ts: notify sits below the ports (they
// name its Notifier), so it does not import them back.
export async function broadcast(ports: { db: Db; notifier: Notifier }, input: Broadcast): Promise<number> {
  const { db, notifier } = ports;
  const { title, content, url, criteria = {} } = input;
  if (url !== undefined && !matchScreen(url)) {
    throw new AppError('VALIDATION', "El campo 'url' no abre ninguna pantalla de la aplicación", [
      { field: 'url', message: 'No es una pantalla de la aplicación' },
    ]);
  }
  // Without a link, everyone gets the same notification: one statement reads the audience and writes it.
  if (url === undefined) {
    const created = await notifier.createForAudience(
      db,
      { query: audienceQuery(db, criteria), rooms: audienceRooms(criteria) },
      { title, content, event: 'broadcast', asks: false },
    );
    notifier.deliver(created);
    return recipientCount(created);
  }
  const userIds = await audience(db, criteria);
  // Everyone is told; the link goes only to those who may open it (a client never gets a staff screen,
  // nobody a portfolio they cannot see).
  const opens = await mayOpen(db, url, userIds);
  const withLink = userIds.filter((id) => opens.has(id));
  const withoutLink = userIds.filter((id) => !opens.has(id));
  // Everyone or no one: one notification is one statement, which commits by itself; two (with and without
  // the link) commit together. Only then is anyone told.
  const parts = [
    { userIds: withLink, title, content, url, event: 'broadcast' as const, asks: false },
    { userIds: withoutLink, title, content, event: 'broadcast' as const, asks: false },
  ].filter((part) => part.userIds.length > 0);
  const created =
    parts.length > 1
      ? await db.transaction(async (tx) => [
          await notifier.create(tx, parts[0]!),
          await notifier.create(tx, parts[1]!),
        ])
      : await Promise.all(parts.map((part) => notifier.create(db, part)));
  for (const c of created) notifier.deliver(c);
  return withLink.length + withoutLink.length;
}

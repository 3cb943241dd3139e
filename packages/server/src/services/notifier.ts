import type { ClientToServerEvents, ServerToClientEvents } from '@crw/api-client/events';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import type { Db, DbOrTx } from '../db/client.ts';
import { notifications } from '../db/schema.ts';
import type { NotificationView } from './notifications.ts';
import type { PushSender } from './push.ts';

/**
 * The one notifier: writes a notification (one row listing its recipients), emits `notification:new` once to all
 * the recipients' socket rooms and sends Web Push to their subscriptions. Every domain calls it; no route writes
 * notifications.
 *
 * Inside a transaction, `create(tx, …)` writes the rows and `deliver(rows)` is called after the commit,
 * so nobody is told about something that was rolled back. Outside one, `notify(input)` does both.
 */
export interface NotifyInput {
  userIds: string[];
  title: string;
  content: string;
  /** In-app link opened when the notification is clicked (e.g. `/portfolios/{id}/review`). */
  url?: string;
  /** Extra payload fields (entity ids…). */
  data?: Record<string, unknown>;
  /** Web Push urgency: review requests are 'high'. */
  urgency?: 'low' | 'normal' | 'high';
}

/**
 * What one `create` wrote: one notification, the same id and content for every recipient. Several can travel
 * together (`combine`) to be delivered after one commit.
 */
export interface Created {
  sent: Array<{ notification: NotificationView; userIds: string[] }>;
  urgency: NotifyInput['urgency'];
}

/** Several `create`s of one transaction, delivered together. */
export const combine = (parts: Created[]): Created => ({
  sent: parts.flatMap((p) => p.sent),
  urgency: parts[0]?.urgency,
});

/** How many people a delivery reaches. */
export const recipientCount = (created: Created) => created.sent.reduce((n, s) => n + s.userIds.length, 0);

export interface Notifier {
  create(db: DbOrTx, input: NotifyInput): Promise<Created>;
  deliver(created: Created): void;
  notify(input: NotifyInput): Promise<Created>;
}

/** Between server instances (through the Redis adapter): a user row changed, drop it from every cache. */
export interface InterServerEvents {
  'users:changed': (userId: string) => void;
}
export type SocketServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;

export const userRoom = (userId: string) => `user:${userId}`;

export function createNotifier(deps: {
  db: Db;
  io?: () => SocketServer | undefined;
  push?: PushSender;
  /** Where a failed push is reported (it never fails the request that notified). */
  log?: Pick<FastifyBaseLogger, 'error'>;
}): Notifier {
  const pushFailed = (error: unknown) =>
    deps.log?.error({ err: error }, 'fallo al enviar las notificaciones push');
  const notifier: Notifier = {
    async create(db, input) {
      const userIds = [...new Set(input.userIds)];
      if (userIds.length === 0) return { sent: [], urgency: input.urgency };
      const payload = { ...(input.data ?? {}), ...(input.url ? { url: input.url } : {}) };
      // Id and time are made here, so the statement returns nothing; one row whatever the audience: the
      // recipients travel as one JSON parameter and are stored as one array (a broadcast to 1,000 people is
      // not 1,000 rows, each with its index entries and foreign-key check).
      const notification: NotificationView = {
        _id: crypto.randomUUID(),
        title: input.title,
        content: input.content,
        createdAt: new Date().toISOString(),
        read: false,
        archived: false,
        payload,
      };
      await db.execute(sql`
        insert into ${notifications} (id, recipients, title, content, payload, created_at)
        values (${notification._id}, array(select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)),
          ${input.title}, ${input.content}, ${JSON.stringify(payload)}::jsonb, ${notification.createdAt}::timestamptz)`);
      return { sent: [{ notification, userIds }], urgency: input.urgency };
    },
    deliver({ sent, urgency }) {
      const io = deps.io?.();
      // One emit per notification, to all its recipients' rooms: encoded once, whatever the audience.
      for (const { notification, userIds } of sent)
        io?.to(userIds.map(userRoom)).emit('notification:new', notification);
      if (deps.push && sent.length > 0) {
        const push = deps.push;
        const messages = sent.flatMap(({ notification: n, userIds }) =>
          userIds.map((userId) => ({
            userId,
            title: n.title || 'Notificación',
            body: n.content,
            url: n.payload.url,
            tag: n._id,
          })),
        );
        if (messages.length === 0) return;
        // Not awaited by the request (push services can be slow) but never left uncaught: sendToUsers bounds
        // its fan-out and logs each failure; anything that still escapes it (a synchronous throw, a rejection)
        // is logged here and can never become an unhandled rejection.
        // After the sockets' frames are written (setImmediate runs once this turn's I/O is flushed).
        setImmediate(() => {
          Promise.resolve()
            .then(() => push.sendToUsers(messages, urgency))
            .catch(pushFailed);
        });
      }
    },
    async notify(input) {
      const created = await notifier.create(deps.db, input);
      notifier.deliver(created);
      return created;
    },
  };
  return notifier;
}

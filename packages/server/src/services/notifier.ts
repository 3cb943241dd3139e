import type { ClientToServerEvents, ServerToClientEvents } from '@crw/api-client/events';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import type { Db, DbOrTx } from '../db/client.ts';
import { notifications } from '../db/schema.ts';
import type { NotificationView } from './notifications.ts';
import type { PushSender } from './push.ts';

/**
 * The one notifier: creates one notification per user, emits `notification:new` to each user's socket
 * room and sends Web Push to their subscriptions. Every domain calls it; no route writes notifications.
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

export interface Created {
  views: NotificationView[];
  urgency: NotifyInput['urgency'];
}

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
      if (userIds.length === 0) return { views: [], urgency: input.urgency };
      const payload = { ...(input.data ?? {}), ...(input.url ? { url: input.url } : {}) };
      // Ids and time are made here, so the statement returns nothing; one statement whatever the audience:
      // the recipients travel as one JSON parameter (a broadcast to 1,000 people is not 6,000 parameters).
      const createdAt = new Date();
      const recipients = userIds.map((userId) => ({ id: crypto.randomUUID(), user_id: userId }));
      await db.execute(sql`
        insert into ${notifications} (id, user_id, title, content, payload, created_at)
        select r.id, r.user_id, ${input.title}, ${input.content}, ${JSON.stringify(payload)}::jsonb, ${createdAt.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(recipients)}::jsonb) as r(id text, user_id text)`);
      const common = {
        title: input.title,
        content: input.content,
        createdAt: createdAt.toISOString(),
        read: false,
        archived: false,
        payload,
      };
      return {
        views: recipients.map((r) => ({ _id: r.id, ...common, userId: r.user_id })),
        urgency: input.urgency,
      };
    },
    deliver({ views, urgency }) {
      const io = deps.io?.();
      for (const view of views) {
        const { userId, ...notification } = view;
        io?.to(userRoom(userId!)).emit('notification:new', notification);
      }
      if (deps.push && views.length > 0) {
        const push = deps.push;
        const messages = views.map((v) => ({
          userId: v.userId!,
          title: v.title || 'Notificación',
          body: v.content,
          url: v.payload.url,
          tag: v._id,
        }));
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

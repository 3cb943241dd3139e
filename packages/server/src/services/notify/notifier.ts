import { type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import type { ClientToServerEvents, Notification, ServerToClientEvents } from '@crw/contracts/events';
import { type Db, type DbOrTx, rowsOf } from '../../db/client.ts';
import {
  type ItemStatus,
  notificationAsks,
  notificationReceipts,
  notifications,
  type Role,
} from '../../db/schema.ts';
import {
  chosenOtherwise,
  eventGroups,
  type NotifyEvent,
  type NotifyGroup,
  recipientsOf,
} from './preferences.ts';

/** The group of what is told, looked up from its event (none: no preferences apply). */
const groupOf = (input: { event?: NotifyEvent }): NotifyGroup | undefined =>
  input.event ? eventGroups[input.event] : undefined;
import type { PushSender } from './push.ts';

/**
 * The one notifier: writes a notification (its content once, a receipt per recipient), emits `notification:new` once to all
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
  /**
   * What is told (services/notify/preferences.ts `eventGroups`): its group lets each recipient's preferences
   * choose the channels (in the app, push, email). Without it, app and push reach everyone listed.
   */
  event?: NotifyEvent;
  /** The event asks the recipient to act: its email goes at once; otherwise it waits for the digest. */
  asks?: boolean;
  /** What an email says besides the text: the piece, its portfolio, who did it. */
  context?: MailContext;
  /** The email's template when it is not a request to act (the daily reminder's summary). */
  mailTemplate?: 'action' | 'reminder';
  /** What the email says instead of the notification's title and text (who asks what, of which portfolio). */
  mail?: { title: string; content: string };
  /**
   * The pieces it asks its recipients to act on, each in the status that waits on them: once none is in that
   * status any more, it is read for every recipient (asks.ts `resolveAsks`).
   */
  awaiting?: ReadonlyArray<{ itemId: string; status: ItemStatus }>;
}

/** What an email about an event says besides its text. */
export interface MailContext {
  actorName?: string;
  itemTitle?: string;
  portfolioName?: string;
  /** The material version the recipient will see. */
  versionNumber?: number;
  /** The words someone wrote with it (a client's reason for changes). */
  quote?: string;
  /** What goes with it, one line each (a client's comments), linked to where each is. */
  lines?: Array<{ label?: string; text: string; url: string }>;
}

/**
 * Where the notifier puts email (services/mail): both write inside the caller's transaction, so an email is
 * queued exactly when what it tells commits. Absent when email is off (no SMTP_URL): nothing queues.
 */
export interface MailChannel {
  enqueue(
    db: DbOrTx,
    mail: { userId: string; to: string; template: 'action' | 'reminder'; data: MailData },
  ): Promise<void>;
  /** Asks the worker to send what was queued, once the transaction that queued it has committed. */
  kick(): void;
  digest(
    db: DbOrTx,
    entry: { userId: string; title: string; content: string; url?: string; group: NotifyGroup },
  ): Promise<void>;
}

export interface MailData extends MailContext {
  title: string;
  content: string;
  url?: string;
  group: NotifyGroup;
}

/**
 * What one `create` wrote: one notification, the same id and content for every recipient. Several can travel
 * together (`combine`) to be delivered after one commit.
 */
export interface Created {
  /**
   * `rooms`, when given, hold exactly the recipients' sockets (a broadcast by role: `roleRoom`s); the emit goes
   * to them instead of one room per recipient.
   */
  sent: Array<{
    notification: Notification;
    userIds: string[];
    rooms?: string[];
    /** Who gets it by Web Push, when not everyone in `userIds` (their preferences). */
    push?: string[];
  }>;
  urgency: NotifyInput['urgency'];
  /** An email was queued: the worker is asked to send it after the commit. */
  mailed?: boolean;
  /** Notifications whose state changed for these recipients (read by `resolveAsks`): told to their open tabs. */
  updated?: Array<{ notification: Notification; userIds: string[] }>;
}

/** Several `create`s of one transaction, delivered together. */
export const combine = (parts: Created[]): Created => ({
  sent: parts.flatMap((p) => p.sent),
  urgency: parts[0]?.urgency,
  mailed: parts.some((p) => p.mailed),
  updated: parts.flatMap((p) => p.updated ?? []),
});

/** How many people a delivery reaches. */
export const recipientCount = (created: Created) => created.sent.reduce((n, s) => n + s.userIds.length, 0);

export interface Notifier {
  create(db: DbOrTx, input: NotifyInput): Promise<Created>;
  /**
   * `create` for everyone a query of user ids selects (`{ id }` rows, each user once), in one statement: the
   * audience is read where it is written, not brought to the server and sent back. Nobody selected, nothing
   * written. `rooms`, when the caller knows them, are rooms holding exactly the audience's sockets.
   */
  createForAudience(
    db: DbOrTx,
    audience: { query: SQLWrapper; rooms?: string[] },
    input: Omit<NotifyInput, 'userIds'>,
  ): Promise<Created>;
  deliver(created: Created): void;
  notify(input: NotifyInput): Promise<Created>;
}

/** Between server instances (through the Redis adapter): a user row changed, drop it from every cache. */
export interface InterServerEvents {
  'users:changed': (userId: string) => void;
}
export type SocketServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;

export const userRoom = (userId: string) => `user:${userId}`;
/**
 * Every socket is also in its user's role's room. A role change or a deletion ends the user's sessions
 * (`endSessions`), so the room holds only sockets of active users who have that role now: a broadcast to
 * everyone with a role is one room, not a room per person (socket.io walks one set instead of building one
 * from a thousand lookups).
 */
export const roleRoom = (role: Role) => `role:${role}`;

/** The message a notification carries: its id and time are made here, so no statement has to return them. */
function message(input: Omit<NotifyInput, 'userIds'>): Notification {
  return {
    _id: crypto.randomUUID(),
    title: input.title,
    content: input.content,
    createdAt: new Date().toISOString(),
    read: false,
    archived: false,
    payload: { ...(input.data ?? {}), ...(input.url ? { url: input.url } : {}) },
  };
}

/** An event's email to each recipient who wants it: at once when it asks them to act, else in the digest. */
async function queueMail(
  db: DbOrTx,
  mail: MailChannel,
  input: Omit<NotifyInput, 'userIds'>,
  recipients: ReadonlyArray<{ id: string; email: string }>,
) {
  const group = groupOf(input)!;
  for (const r of recipients) {
    if (input.asks) {
      await mail.enqueue(db, {
        userId: r.id,
        to: r.email,
        template: input.mailTemplate ?? 'action',
        data: {
          title: input.mail?.title ?? input.title,
          content: input.mail?.content ?? input.content,
          url: input.url,
          group,
          ...input.context,
        },
      });
    } else {
      await mail.digest(db, {
        userId: r.id,
        title: input.mail?.title ?? input.title,
        content: input.mail?.content ?? input.content,
        ...(input.url ? { url: input.url } : {}),
        group,
      });
    }
  }
}

/** Records what a notification asks about (`awaiting`): asks.ts `resolveAsks` reads it when a piece moves. */
export async function tagAsks(
  db: DbOrTx,
  notificationId: string,
  awaiting: ReadonlyArray<{ itemId: string; status: ItemStatus }>,
) {
  const seen = new Set<string>();
  const rows = awaiting.filter((a) => !seen.has(a.itemId) && Boolean(seen.add(a.itemId)));
  await db
    .insert(notificationAsks)
    .values(rows.map((a) => ({ notificationId, itemId: a.itemId, status: a.status })))
    .onConflictDoNothing();
}

/** A notification's content: written once, whoever receives it. */
async function insertContent(db: DbOrTx, n: Notification) {
  await db.execute(sql`
    insert into ${notifications} (id, title, content, payload, created_at)
    values (${n._id}, ${n.title}, ${n.content}, ${JSON.stringify(n.payload)}::jsonb, ${n.createdAt}::timestamptz)`);
}

export function createNotifier(deps: {
  db: Db;
  io?: () => SocketServer | undefined;
  push?: PushSender;
  /** Email (absent: email is off). */
  mail?: MailChannel;
  /** Where a failed push is reported (it never fails the request that notified). */
  log?: Pick<FastifyBaseLogger, 'error'>;
}): Notifier {
  const pushFailed = (error: unknown) =>
    deps.log?.error({ err: error }, 'fallo al enviar las notificaciones push');
  const notifier: Notifier = {
    async create(db, input) {
      let userIds = [...new Set(input.userIds)];
      let push: string[] | undefined;
      let mailed = false;
      const group = groupOf(input);
      if (group && userIds.length > 0) {
        // Each recipient's preferences for the event's group choose its channels.
        const recipients = await recipientsOf(db, userIds, group);
        userIds = recipients.filter((r) => r.channels.app).map((r) => r.id);
        push = recipients.filter((r) => r.channels.push).map((r) => r.id);
        const byEmail = recipients.filter((r) => r.channels.email);
        if (deps.mail && byEmail.length > 0) {
          await queueMail(db, deps.mail, input, byEmail);
          mailed = Boolean(input.asks);
        }
      }
      const notification = message(input);
      if (userIds.length === 0)
        return {
          sent: push?.length ? [{ notification, userIds, push }] : [],
          urgency: input.urgency,
          mailed,
        };
      // The content once, then a receipt per recipient: the ids travel as one JSON parameter.
      await insertContent(db, notification);
      await db.execute(sql`
        insert into ${notificationReceipts} (notification_id, user_id, created_at)
        select ${notification._id}, r.id, ${notification.createdAt}::timestamptz
        from jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb) as r(id)`);
      if (input.awaiting?.length) await tagAsks(db, notification._id, input.awaiting);
      return {
        sent: [{ notification, userIds, ...(push ? { push } : {}) }],
        urgency: input.urgency,
        mailed,
      };
    },
    async createForAudience(db, audience, input) {
      const notification = message(input);
      // With a group, the few who chose otherwise than everyone's default are read first (not everyone's
      // preferences): those who turned the app off are left out of the statement, and of the role rooms.
      const group = groupOf(input);
      const [offApp, offPush, onEmail] = group
        ? await Promise.all([
            chosenOtherwise(db, group, 'app'),
            chosenOtherwise(db, group, 'push'),
            chosenOtherwise(db, group, 'email'),
          ])
        : [];
      const leftOut = offApp && !offApp.on ? [...offApp.userIds] : [];
      // The content, then a receipt for each of the audience, selected where it is written (the audience lists
      // each user once: it reads `users`). The recipients come back as one JSON array: the driver's parsing of
      // 1,000 rows or of a text[] costs milliseconds, JSON.parse microseconds. Nobody selected: no content kept.
      await insertContent(db, notification);
      const [row] = rowsOf<{ recipients: string[] | null }>(
        await db.execute(sql`
          with sent as (
            insert into ${notificationReceipts} (notification_id, user_id, created_at)
            select ${notification._id}, audience.id, ${notification.createdAt}::timestamptz
            from (${audience.query}) as audience
            ${leftOut.length > 0 ? sql`where audience.id <> all(array(select jsonb_array_elements_text(${JSON.stringify(leftOut)}::jsonb)))` : sql``}
            returning user_id)
          select json_agg(user_id) as recipients from sent`),
      );
      if (!row?.recipients) {
        await db.delete(notifications).where(sql`${notifications.id} = ${notification._id}`);
        return { sent: [], urgency: input.urgency };
      }
      const recipients = row.recipients;
      const push =
        offPush && !offPush.on && offPush.userIds.size > 0
          ? recipients.filter((id) => !offPush.userIds.has(id))
          : undefined;
      // Those who asked for this group by email (off by default for everyone) get it in their digest.
      if (deps.mail && onEmail?.on && onEmail.userIds.size > 0) {
        const reached = new Set(recipients);
        const byEmail = await recipientsOf(
          db,
          [...onEmail.userIds].filter((id) => reached.has(id)),
          group!,
        );
        await queueMail(db, deps.mail, input, byEmail);
      }
      return {
        sent: [
          {
            notification,
            userIds: recipients,
            rooms: leftOut.length > 0 ? undefined : audience.rooms,
            ...(push ? { push } : {}),
          },
        ],
        urgency: input.urgency,
      };
    },
    deliver(created) {
      const { sent, urgency } = created;
      if (created.mailed) deps.mail?.kick();
      const io = deps.io?.();
      // One emit per notification, to all its recipients' rooms: encoded once, whatever the audience.
      for (const { notification, userIds, rooms } of sent)
        if (userIds.length > 0) io?.to(rooms ?? userIds.map(userRoom)).emit('notification:new', notification);
      // Read for them by a step someone else took: their open bells show it read, and count again.
      for (const { notification, userIds } of created.updated ?? [])
        if (userIds.length > 0) io?.to(userIds.map(userRoom)).emit('notification:updated', notification);
      if (deps.push && sent.length > 0) {
        const push = deps.push;
        // Not awaited by the request (push services can be slow) but never left uncaught: sendToUsers bounds
        // its fan-out and logs each failure; anything that still escapes it (a synchronous throw, a rejection)
        // is logged here and can never become an unhandled rejection. The messages are made there too, after
        // the sockets' frames are written and the request answered (setImmediate runs after this turn's I/O).
        setImmediate(() => {
          Promise.resolve()
            .then(() => {
              const messages = sent.flatMap(({ notification: n, userIds, push: to }) =>
                (to ?? userIds).map((userId) => ({
                  userId,
                  title: n.title || 'Notificación',
                  body: n.content,
                  url: n.payload.url,
                  tag: n._id,
                })),
              );
              if (messages.length > 0) return push.sendToUsers(messages, urgency);
            })
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

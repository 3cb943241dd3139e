import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, queueColumns, updatedAt } from './columns.ts';
import { users } from './people.ts';
import { portfolioIntegrations, portfolios } from './portfolios.ts';
import { type ItemStatus, items } from './production.ts';

/** Notifications and their receipts, push devices, scheduled runs, Notion syncs, follows, preferences, mail and sign-in links. */

/**
 * A notification's content is one row whatever its audience; who it was sent to, and what each of them did with
 * it (read, archived), is one `notification_receipts` row per recipient, carrying the notification's time so a
 * person's inbox is read in an index's order (issue 30: a bell of 10,000 costs what a bell of 100 does).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    title: text('title').notNull().default(''),
    content: text('content').notNull(),
    payload: jsonb('payload').$type<{ url?: string; [key: string]: unknown }>().notNull().default({}),
    createdAt: createdAt(),
  },
  // The retention job (NOTIFICATION_RETENTION_DAYS) walks the oldest first.
  (t) => [index('notifications_created_idx').on(t.createdAt)],
);

/** One recipient's copy of a notification: unread and not archived until they act. */
export const notificationReceipts = pgTable(
  'notification_receipts',
  {
    notificationId: ownedBy('notification_id', () => notifications.id),
    userId: ownedBy('user_id', () => users.id),
    /** The notification's `created_at`, copied: the inbox's order. */
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    read: boolean('read').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.userId] }),
    // The active or the archived list, newest first (read backwards), and the whole list.
    index('notification_receipts_box_idx').on(t.userId, t.archived, t.createdAt, t.notificationId),
    index('notification_receipts_all_idx').on(t.userId, t.createdAt, t.notificationId),
    // The unread count reads only the unread.
    index('notification_receipts_unread_idx')
      .on(t.userId)
      .where(sql`${t.read} = false and ${t.archived} = false`),
  ],
);

/**
 * What a notification asks its recipients to act on (issue 47): a piece, in the status that waits on them (a
 * review request, «espera tu revisión», a reminder of several pieces). Once none of its pieces is still in the
 * status it asked about, the review step that moved the last one marks it read for every recipient
 * (services/notify/asks.ts). The item's index finds the asks of the piece that moved; the key those of a
 * notification.
 */
export const notificationAsks = pgTable(
  'notification_asks',
  {
    notificationId: ownedBy('notification_id', () => notifications.id),
    itemId: ownedBy('item_id', () => items.id),
    status: text('status').$type<ItemStatus>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.itemId] }),
    index('notification_asks_item_idx').on(t.itemId, t.status),
  ],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Scheduled work that must run once per period across every server instance (issue 11's reminders): the
 * instance whose insert of (job, period) succeeds runs it, in the same transaction, so a crash rolls the
 * claim back and another instance runs it on its next check.
 */
export const scheduledRuns = pgTable(
  'scheduled_runs',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);

export type NotionSyncStatus = 'pending' | 'running' | 'done' | 'failed';

/**
 * One client-approved item to append to one linked Notion page, once: the queue the Notion sync runs on
 * (claimed like tasks, `FOR UPDATE SKIP LOCKED` with a lease). `blocksSent` is how far an item longer than
 * one request (100 blocks) got, so a retry continues there instead of appending twice.
 */
export const notionSyncs = pgTable(
  'notion_syncs',
  {
    id: id(),
    portfolioId: ownedBy('portfolio_id', () => portfolios.id),
    itemId: ownedBy('item_id', () => items.id),
    integrationId: ownedBy('integration_id', () => portfolioIntegrations.id),
    status: text('status').$type<NotionSyncStatus>().notNull().default('pending'),
    /** `errorDetail`: a network error, Notion's status, code and message. */
    ...queueColumns(),
    blocksSent: integer('blocks_sent').notNull().default(0),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('notion_syncs_item_integration_uq').on(t.itemId, t.integrationId),
    index('notion_syncs_queue_idx').on(t.status, t.runAfter),
    // The integrations screen lists a portfolio's syncs, the latest first: years of approved pieces, read 500 a time.
    index('notion_syncs_portfolio_idx').on(t.portfolioId, t.updatedAt),
  ],
);

/**
 * Who follows an item (issue 29): its author, its assignee and everyone who commented on it get its comments and
 * decisions. A row is written when someone starts following (creating, being assigned, commenting) and
 * `following` turns false on «Dejar de seguir»; commenting again follows again.
 */
export const itemFollows = pgTable(
  'item_follows',
  {
    itemId: ownedBy('item_id', () => items.id),
    userId: ownedBy('user_id', () => users.id),
    following: boolean('following').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] }), index('item_follows_user_idx').on(t.userId)],
);

/** A user's notification preferences: only what differs from the role's defaults (services/notify/preferences). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** `{ [group]: { [channel]: boolean } }`, overrides of the defaults. */
  overrides: jsonb('overrides').$type<Record<string, Record<string, boolean>>>().notNull().default({}),
  updatedAt: updatedAt(),
});

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/**
 * One email to send, once: the mail queue (claimed like tasks and Notion syncs, `FOR UPDATE SKIP LOCKED` with a
 * lease). Written in the transaction of what it tells, sent by a worker, never inside a request. A temporary SMTP
 * error retries with backoff; a permanent one is kept `failed` with its error for admins to see.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    /** Which template renders it, and its data. */
    template: text('template').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    /** `errorDetail`: the SMTP server's reply or the network error behind `error`. */
    ...queueColumns(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_queue_idx').on(t.status, t.runAfter),
    index('mail_outbox_user_idx').on(t.userId),
    // The digest job asks each minute who got a digest lately: the recent digests, not years of mail.
    index('mail_outbox_digest_idx').on(t.createdAt, t.userId).where(sql`${t.template} = 'digest'`),
  ],
);

/**
 * What waits for a user's next digest email (staff get everything but review requests grouped, at most one email
 * per MAIL_DIGEST_MINUTES). The digest job turns a user's entries into one mail_outbox row and deletes them.
 */
export const mailDigestEntries = pgTable(
  'mail_digest_entries',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    url: text('url'),
    group: text('group').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_digest_entries_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A one-time sign-in link (an email's button): the token is stored hashed (SHA-256), bound to the user, the user's
 * token version (a password or role change voids it) and its target path; used once, expires.
 */
export const signinLinks = pgTable(
  'signin_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    tokenVersion: integer('token_version').notNull(),
    target: text('target').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('signin_links_user_idx').on(t.userId)],
);

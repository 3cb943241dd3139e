import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** The three roles: the one list (the API's `Role` and every other copy derive from it). */
export const ROLES = ['admin', 'employee', 'client'] as const;
export type Role = (typeof ROLES)[number];

/** Key/value store for secrets generated once (JWT secret, VAPID keys). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<Role>().notNull(),
    passwordHash: text('password_hash').notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    /** Bumped on role/password change: every older token stops working. */
    tokenVersion: integer('token_version').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_active_uq').on(t.email).where(sql`${t.deletedAt} is null`),
    index('users_role_idx').on(t.role),
    // The administration's list in its default order (by name), active users only.
    index('users_name_idx').on(t.name, t.id).where(sql`${t.deletedAt} is null`),
  ],
);

export interface AccountData {
  businessName: string;
  [key: string]: unknown;
}
export interface ProductionCycleData {
  pilaresContenido: string[];
  angulosVenta: string[];
  formatosCreativos: string[];
}

export const portfolios = pgTable(
  'portfolios',
  {
    id: id(),
    identifier: text('identifier').notNull().unique(),
    accountData: jsonb('account_data').$type<AccountData>().notNull(),
    productionCycleData: jsonb('production_cycle_data')
      .$type<ProductionCycleData>()
      .notNull()
      .default({ pilaresContenido: [], angulosVenta: [], formatosCreativos: [] }),
    createdBy: text('created_by').references(() => users.id),
    /** «Permitir que el autor apruebe su propio trabajo»: lifts the four-eyes rule (one-person teams). */
    allowSelfApproval: boolean('allow_self_approval').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('portfolios_created_by_idx').on(t.createdBy)],
);

export const portfolioIntegrations = pgTable(
  'portfolio_integrations',
  {
    id: id(),
    portfolioId: text('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    type: text('type').$type<'notion'>().notNull().default('notion'),
    paginaNotionId: text('pagina_notion_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('integrations_portfolio_page_uq').on(t.portfolioId, t.paginaNotionId)],
);

export const portfolioAccess = pgTable(
  'portfolio_access',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    portfolioId: text('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.portfolioId] }),
    index('access_portfolio_idx').on(t.portfolioId),
  ],
);

export const cycles = pgTable(
  'cycles',
  {
    id: id(),
    portfolioId: text('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('cycles_portfolio_start_idx').on(t.portfolioId, t.startDate)],
);

/** The six item statuses (product-design §4), in the flow's order: the one list, everything else derives from it. */
export const ITEM_STATUSES = [
  'draft',
  'internal_review',
  'internal_changes',
  'client_review',
  'client_changes',
  'approved',
] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export interface MaterialFile {
  s3Key: string;
  fileName: string;
  fileType: string;
  size: number;
}
export interface MaterialData {
  copy: string;
  files: MaterialFile[];
  links: string[];
}

export const items = pgTable(
  'items',
  {
    id: id(),
    portfolioId: text('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    cycleId: text('cycle_id')
      .notNull()
      .references(() => cycles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    format: text('format'),
    pilar: text('pilar'),
    angulo: text('angulo'),
    funnelPhase: text('funnel_phase'),
    awarenessLevel: text('awareness_level'),
    publishDate: date('publish_date', { mode: 'string' }),
    assigneeId: text('assignee_id').references(() => users.id),
    authorId: text('author_id').references(() => users.id),
    status: text('status').$type<ItemStatus>().notNull().default('draft'),
    currentVersion: integer('current_version').notNull().default(0),
    materialData: jsonb('material_data')
      .$type<MaterialData>()
      .notNull()
      .default({ copy: '', files: [], links: [] }),
    changeDescription: text('change_description'),
    /** Who wrote the current material version (the four-eyes rule reads it). */
    versionAuthorId: text('version_author_id').references(() => users.id),
    /** Optimistic concurrency: every write bumps it. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A cycle's pages are read in an index's order, never sorted (issue 30): the default order (publication
    // date, then creation), the newest first (read backwards), and each single filter in the default order.
    index('items_cycle_publish_idx').on(t.cycleId, t.publishDate, t.createdAt, t.id),
    index('items_cycle_created_idx').on(t.cycleId, t.createdAt, t.id),
    index('items_cycle_status_idx').on(t.cycleId, t.status, t.publishDate, t.createdAt, t.id),
    ...(['format', 'pilar', 'angulo', 'funnelPhase', 'awarenessLevel', 'assigneeId'] as const).map((column) =>
      index(`items_cycle_${t[column].name}_idx`).on(t.cycleId, t[column], t.publishDate, t.createdAt, t.id),
    ),
    // The text search (`ilike '%term%'` on the title and the description together) is answered by a
    // trigram index (pg_trgm). Without GIN's pending list: items are written seldom, and a list of unmerged
    // entries makes the planner price the index above reading the whole table.
    index('items_search_trgm_idx')
      .using('gin', sql`(${t.title} || ' ' || ${t.description}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    // The review queues and the dashboards' lists, in their order.
    index('items_portfolio_status_idx').on(t.portfolioId, t.status, t.updatedAt),
    // The dashboard's next publish dates, in their order.
    index('items_portfolio_publish_idx').on(t.portfolioId, t.publishDate, t.title),
    index('items_assignee_idx').on(t.assigneeId),
    index('items_author_idx').on(t.authorId),
  ],
);

/**
 * How many items of a cycle share a status and the five strategy fields, kept by triggers on `items` in the
 * same transaction as the write (migration 0013): a page's total, the board's column counts, the coverage and
 * the dashboards add up these few rows instead of counting every item. Absent fields are '' here.
 */
export const cycleItemTallies = pgTable(
  'cycle_item_tallies',
  {
    cycleId: text('cycle_id')
      .notNull()
      .references(() => cycles.id, { onDelete: 'cascade' }),
    status: text('status').$type<ItemStatus>().notNull(),
    format: text('format').notNull(),
    pilar: text('pilar').notNull(),
    angulo: text('angulo').notNull(),
    funnelPhase: text('funnel_phase').notNull(),
    awarenessLevel: text('awareness_level').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.cycleId, t.status, t.format, t.pilar, t.angulo, t.funnelPhase, t.awarenessLevel],
    }),
  ],
);

export const itemVersions = pgTable(
  'item_versions',
  {
    id: id(),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    materialData: jsonb('material_data').$type<MaterialData>().notNull(),
    changeReason: text('change_reason'),
    changeDescription: text('change_description'),
    authorId: text('author_id').references(() => users.id),
    /** Set when the version goes to the client (approve-for-client): clients see only these. */
    sentToClientAt: timestamp('sent_to_client_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('item_versions_item_number_uq').on(t.itemId, t.number),
    index('item_versions_author_idx').on(t.authorId),
  ],
);

export const itemHistory = pgTable(
  'item_history',
  {
    id: id(),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id),
    action: text('action').notNull(),
    fromStatus: text('from_status').$type<ItemStatus>(),
    toStatus: text('to_status').$type<ItemStatus>(),
    reviewComments: text('review_comments'),
    changeDescription: text('change_description'),
    /** The material version a review decision was about. */
    versionNumber: integer('version_number'),
    /**
     * The item's portfolio, set by a trigger on insert (migration 0013; nobody writes it): a portfolio's latest
     * activity is read newest first from its index, not gathered from every item's history and sorted.
     */
    portfolioId: text('portfolio_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('item_history_item_idx').on(t.itemId, t.createdAt),
    index('item_history_portfolio_idx').on(t.portfolioId, t.createdAt),
    index('item_history_actor_idx').on(t.actorId),
  ],
);

export const files = pgTable(
  'files',
  {
    id: id(),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    s3Key: text('s3_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    size: integer('size'),
    uploadedBy: text('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('files_item_idx').on(t.itemId), index('files_uploaded_by_idx').on(t.uploadedBy)],
);

export const tools = pgTable('tools', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  kind: text('kind').$type<'webhook' | 'notion'>().notNull(),
  config: jsonb('config').$type<{ url?: string; method?: string }>().notNull().default({}),
  enabled: boolean('enabled').notNull().default(true),
  /** Signs every webhook call (HMAC-SHA256), so the receiver can tell it came from here. */
  secret: text('secret')
    .notNull()
    .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const agents = pgTable(
  'agents',
  {
    id: id(),
    portfolioId: text('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    instructions: text('instructions').notNull().default(''),
    tools: jsonb('tools').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('agents_portfolio_idx').on(t.portfolioId)],
);

export type TaskStatus = 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    portfolioId: text('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    itemId: text('item_id').references(() => items.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    instructions: text('instructions').notNull().default(''),
    status: text('status').$type<TaskStatus>().notNull().default('pending'),
    result: text('result'),
    /** Runs tried so far (the runner's claims), the last one's error, and when the next may start. */
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    /** The technical detail of `error` (a network error as Node gave it, a tool's status and answer). */
    errorDetail: text('error_detail'),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** While running: the claiming instance's lease; past it, another instance may take the task over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    dueDate: date('due_date', { mode: 'string' }),
    /**
     * Material an agent answered for an item that was under review: kept here, never written over the piece,
     * until someone applies it as a new version («Aplicar como nueva versión»).
     */
    proposedMaterial: jsonb('proposed_material').$type<{ copy?: string; links?: string[] }>(),
    createdBy: text('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_portfolio_status_idx').on(t.portfolioId, t.status),
    // The runner's queue: what is due, oldest first.
    index('tasks_queue_idx').on(t.status, t.runAfter),
    // An agent's tasks newest first, with or without their status.
    index('tasks_agent_idx').on(t.agentId, t.createdAt, t.id),
    index('tasks_agent_status_idx').on(t.agentId, t.status, t.createdAt, t.id),
    index('tasks_item_idx').on(t.itemId),
    index('tasks_created_by_idx').on(t.createdBy),
  ],
);

export type CommentEntityType = 'item' | 'cycle' | 'task' | 'agent' | 'portfolio';
/** Who may read a comment: `internal` only staff of the portfolio, `client` its clients too. */
export type CommentVisibility = 'internal' | 'client';
/** A pin on a file of one version: x and y normalised to 0–1, t in seconds for video. */
export interface CommentAnchor {
  versionNumber: number;
  fileKey: string;
  x: number;
  y: number;
  t?: number;
}

export const comments = pgTable(
  'comments',
  {
    id: id(),
    portfolioId: text('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    entityId: text('entity_id').notNull(),
    entityType: text('entity_type').$type<CommentEntityType>().notNull(),
    body: text('body').notNull(),
    visibility: text('visibility').$type<CommentVisibility>().notNull().default('internal'),
    anchor: jsonb('anchor').$type<CommentAnchor>(),
    authorId: text('author_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // In the list's order (created_at, then id): a page reads its rows from the index, whatever the thread's size.
    index('comments_entity_idx').on(t.entityType, t.entityId, t.createdAt, t.id),
    index('comments_portfolio_idx').on(t.portfolioId, t.createdAt),
    index('comments_author_idx').on(t.authorId),
  ],
);

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
    notificationId: text('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    portfolioId: text('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    integrationId: text('integration_id')
      .notNull()
      .references(() => portfolioIntegrations.id, { onDelete: 'cascade' }),
    status: text('status').$type<NotionSyncStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    blocksSent: integer('blocks_sent').notNull().default(0),
    error: text('error'),
    /** The technical detail of `error` (a network error, Notion's status, code and message), for «Detalles». */
    errorDetail: text('error_detail'),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('notion_syncs_item_integration_uq').on(t.itemId, t.integrationId),
    index('notion_syncs_queue_idx').on(t.status, t.runAfter),
    index('notion_syncs_portfolio_idx').on(t.portfolioId),
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
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    /** The SMTP server's reply or the network error behind `error`, for «Detalles». */
    errorDetail: text('error_detail'),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
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
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenVersion: integer('token_version').notNull(),
    target: text('target').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('signin_links_user_idx').on(t.userId)],
);

import { sql } from 'drizzle-orm';
import {
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
import { createdAt, id, ownedBy, updatedAt } from './columns.ts';
import { users } from './people.ts';
import { cycles, portfolios } from './portfolios.ts';

/** A cycle's items, their tallies, material versions, history and files. */

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
    portfolioId: ownedBy('portfolio_id', () => portfolios.id),
    cycleId: ownedBy('cycle_id', () => cycles.id),
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
    // The table's other orders: by publication date descending (undated pieces still last, which no backward
    // read of the index above gives), by title, by last change. By status and by format read their filters'.
    index('items_cycle_publish_desc_idx').on(
      t.cycleId,
      t.publishDate.desc().nullsLast(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('items_cycle_title_idx').on(t.cycleId, t.title, t.id),
    index('items_cycle_updated_idx').on(t.cycleId, t.updatedAt, t.id),
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
    // The pieces awaiting internal review (`GET /production/internal-review/pending`), the oldest change first,
    // across portfolios: only the pieces in that status are in it (work in progress, not the years behind it).
    index('items_internal_review_idx').on(t.updatedAt).where(sql`${t.status} = 'internal_review'`),
    // The dashboard's next publish dates, in their order.
    index('items_portfolio_publish_idx').on(t.portfolioId, t.publishDate, t.title),
    // A person's pieces, cycle by cycle: a cycle's count under the assignee filter reads this cycle's only (on the
    // assignee alone, it walked the person's pieces in every cycle and threw the others away).
    index('items_assignee_idx').on(t.assigneeId, t.cycleId),
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
    cycleId: ownedBy('cycle_id', () => cycles.id),
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
    itemId: ownedBy('item_id', () => items.id),
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
    itemId: ownedBy('item_id', () => items.id),
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
    itemId: ownedBy('item_id', () => items.id),
    s3Key: text('s3_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    size: integer('size'),
    uploadedBy: text('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('files_item_idx').on(t.itemId), index('files_uploaded_by_idx').on(t.uploadedBy)],
);

import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, updatedAt } from './columns.ts';
import { users } from './people.ts';
import { portfolios } from './portfolios.ts';

/** Comments on items, cycles, tasks, agents and portfolios. */

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
    portfolioId: ownedBy('portfolio_id', () => portfolios.id),
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

import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, updatedAt } from './columns.ts';
import { users } from './people.ts';
import { portfolios } from './portfolios.ts';

/** Comments on items, cycles, tasks, agents and portfolios. */

export type CommentEntityType = 'item' | 'cycle' | 'task' | 'agent' | 'portfolio';
/** Who may read a comment: `internal` only staff of the portfolio, `client` its clients too. */
export type CommentVisibility = 'internal' | 'client';
/** A pin on a file of one version: x and y normalised to 0–1, t in seconds for video. */
export interface FileAnchor {
  versionNumber: number;
  fileKey: string;
  x: number;
  y: number;
  t?: number;
}
/** Words of one version's copy (W3C TextQuoteSelector, on the copy's text: @crw/contracts/text-quote). */
export interface QuoteAnchor {
  versionNumber: number;
  quote: string;
  prefix?: string;
  suffix?: string;
}
export type CommentAnchor = FileAnchor | QuoteAnchor;
export const isQuoteAnchor = (a: CommentAnchor | null | undefined): a is QuoteAnchor =>
  a != null && 'quote' in a;
/** A replacement for a quote's words, proposed in a comment. */
export interface CommentSuggestion {
  replacement: string;
}
export type SuggestionState = 'open' | 'applied' | 'dismissed';

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
    /** A suggestion (only with a quote anchor) and what became of it. */
    suggestion: jsonb('suggestion').$type<CommentSuggestion>(),
    suggestionState: text('suggestion_state').$type<SuggestionState>(),
    /** A resolved thread: when and by whom (null: open). */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // In the list's order (created_at, then id): a page reads its rows from the index, whatever the thread's size.
    index('comments_entity_idx').on(t.entityType, t.entityId, t.createdAt, t.id),
    index('comments_portfolio_idx').on(t.portfolioId, t.createdAt),
    // What a client reads (`visibility = 'client'`, policy.ts), in the same orders: a thread's page and a
    // portfolio's latest (the client dashboard). Through the indexes above, a client's dashboard read every
    // internal comment of the portfolio to find its few (6.7× slower at 100,000 comments).
    index('comments_entity_client_idx')
      .on(t.entityType, t.entityId, t.createdAt, t.id)
      .where(sql`${t.visibility} = 'client'`),
    index('comments_portfolio_client_idx')
      .on(t.portfolioId, t.createdAt)
      .where(sql`${t.visibility} = 'client'`),
    index('comments_author_idx').on(t.authorId),
    index('comments_resolved_by_idx').on(t.resolvedBy).where(sql`${t.resolvedBy} is not null`),
  ],
);

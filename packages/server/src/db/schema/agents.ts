import type { TaskStatus } from '@crw/contracts/tasks';
import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, queueColumns, updatedAt } from './columns.ts';
import { users } from './people.ts';
import { portfolios } from './portfolios.ts';
import { items } from './production.ts';

/** Tools, agents and their tasks. */

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
    portfolioId: ownedBy('portfolio_id', () => portfolios.id),
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

/** The statuses are declared with the API's contracts (contracts/tasks.ts). */
export type { TaskStatus };

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    portfolioId: ownedBy('portfolio_id', () => portfolios.id),
    agentId: ownedBy('agent_id', () => agents.id),
    itemId: text('item_id').references(() => items.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    instructions: text('instructions').notNull().default(''),
    status: text('status').$type<TaskStatus>().notNull().default('pending'),
    result: text('result'),
    /** The runner's claims; `errorDetail`: a network error as Node gave it, a tool's status and answer. */
    ...queueColumns(),
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
    // The runner's queue: what is due, oldest first.
    index('tasks_queue_idx').on(t.status, t.runAfter),
    // `GET /tasks` newest first under each of its filters (an agent, a portfolio, a status, none), with or without
    // the status: each page and its capped total walk an index in the list's order and stop.
    index('tasks_agent_idx').on(t.agentId, t.createdAt, t.id),
    index('tasks_agent_status_idx').on(t.agentId, t.status, t.createdAt, t.id),
    index('tasks_portfolio_idx').on(t.portfolioId, t.createdAt, t.id),
    // Also the agents list's open tasks (a portfolio's pending and running).
    index('tasks_portfolio_status_idx').on(t.portfolioId, t.status, t.createdAt, t.id),
    index('tasks_status_idx').on(t.status, t.createdAt, t.id),
    index('tasks_created_idx').on(t.createdAt, t.id),
    index('tasks_item_idx').on(t.itemId),
    index('tasks_created_by_idx').on(t.createdBy),
  ],
);

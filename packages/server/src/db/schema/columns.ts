import { type AnyPgColumn, integer, text, timestamp } from 'drizzle-orm/pg-core';

/** The columns every table writes the same way. */
export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/**
 * A required reference to the row that owns this one: deleting the owner deletes it (`onDelete: 'cascade'`).
 * `target` is a function, as drizzle's `references` wants, so that tables may refer to tables declared later.
 */
export const ownedBy = (name: string, target: () => AnyPgColumn) =>
  text(name).notNull().references(target, { onDelete: 'cascade' });

/**
 * The columns of a row in one of the PostgreSQL-backed queues (agents' tasks, Notion syncs, the mail outbox; claimed by
 * lib/queue-claim.ts): the runs tried so far, the last one's error (`errorDetail`: its technical detail, for
 * «Detalles»), when the next may start, and while running the claiming instance's lease (past it, another instance
 * may take the row over).
 */
export const queueColumns = () => ({
  attempts: integer('attempts').notNull().default(0),
  error: text('error'),
  errorDetail: text('error_detail'),
  runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

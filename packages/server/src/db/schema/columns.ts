import { type AnyPgColumn, text, timestamp } from 'drizzle-orm/pg-core';

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

import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

/** Users, their roles, and the settings generated once. */

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
    /**
     * When the user first signed in (a password, a one-time link, a new password): null while an invitation is
     * pending, which is when «Reenviar invitación» is offered (issue 49).
     */
    signedInAt: timestamp('signed_in_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Also the administration's list by email.
    uniqueIndex('users_email_active_uq').on(t.email).where(sql`${t.deletedAt} is null`),
    // The administration's list in each of its orders (by name, the default; by role; by creation), active users
    // only, read either way; the role's also finds a broadcast's audience.
    index('users_name_idx').on(t.name, t.id).where(sql`${t.deletedAt} is null`),
    index('users_role_idx').on(t.role, t.id).where(sql`${t.deletedAt} is null`),
    index('users_created_idx').on(t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    // The search (`ilike '%term%'` on the name and the email together), as the items' (production.ts): a rare
    // term's few matches come from this trigram index, a common term's page from the name order above. Not
    // partial: ANALYZE keeps statistics on an expression index's expression only when it covers every row, and
    // without them the planner took a common term for a rare one and the other way round.
    index('users_search_trgm_idx')
      .using('gin', sql`(${t.name} || ' ' || ${t.email}) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

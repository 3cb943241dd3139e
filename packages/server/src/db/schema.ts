/**
 * The database's tables (Drizzle), one file per subject under `schema/`; this module is what the code and
 * drizzle-kit (drizzle.config.ts) read.
 */

export * from './schema/agents.ts';
export * from './schema/comments.ts';
export * from './schema/notifications.ts';
export * from './schema/people.ts';
export * from './schema/portfolios.ts';
export * from './schema/production.ts';

/**
 * The database's tables (Drizzle), one file per subject under `schema/`; this module is what the code reads.
 * All but the grants (`schema/grants.ts`), which only the policy reads: db/client.ts and drizzle.config.ts add
 * that file to what Drizzle and drizzle-kit are given.
 */

export * from './schema/agents.ts';
export * from './schema/comments.ts';
export * from './schema/notifications.ts';
export * from './schema/people.ts';
export * from './schema/portfolios.ts';
export * from './schema/production.ts';

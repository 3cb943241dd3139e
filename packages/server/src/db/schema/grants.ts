import { index, jsonb, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt, ownedBy } from './columns.ts';
import { users } from './people.ts';
import { portfolios } from './portfolios.ts';

/**
 * Who may open a portfolio, with which permissions (the grants). A file of its own so that a rule can name it:
 * only the policy (src/policy.ts, src/policy/) and db/ may import it (.dependency-cruiser.cjs), and the schema
 * barrel (db/schema.ts) does not re-export it; db/client.ts adds it to the schema Drizzle is given.
 */
export const portfolioAccess = pgTable(
  'portfolio_access',
  {
    userId: ownedBy('user_id', () => users.id),
    portfolioId: ownedBy('portfolio_id', () => portfolios.id),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.portfolioId] }),
    index('access_portfolio_idx').on(t.portfolioId),
  ],
);

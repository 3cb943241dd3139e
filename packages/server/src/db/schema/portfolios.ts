import { boolean, date, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, updatedAt } from './columns.ts';
import { users } from './people.ts';

/** Portfolios, their integrations and their production cycles (who may open them: grants.ts). */

export interface AccountData {
  businessName: string;
  [key: string]: unknown;
}
export interface ProductionCycleData {
  pilaresContenido: string[];
  angulosVenta: string[];
  formatosCreativos: string[];
}

export const portfolios = pgTable(
  'portfolios',
  {
    id: id(),
    identifier: text('identifier').notNull().unique(),
    accountData: jsonb('account_data').$type<AccountData>().notNull(),
    productionCycleData: jsonb('production_cycle_data')
      .$type<ProductionCycleData>()
      .notNull()
      .default({ pilaresContenido: [], angulosVenta: [], formatosCreativos: [] }),
    createdBy: text('created_by').references(() => users.id),
    /** «Permitir que el autor apruebe su propio trabajo»: lifts the four-eyes rule (one-person teams). */
    allowSelfApproval: boolean('allow_self_approval').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('portfolios_created_by_idx').on(t.createdBy)],
);

export const portfolioIntegrations = pgTable(
  'portfolio_integrations',
  {
    id: id(),
    portfolioId: ownedBy('portfolio_id', () => portfolios.id),
    type: text('type').$type<'notion'>().notNull().default('notion'),
    paginaNotionId: text('pagina_notion_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('integrations_portfolio_page_uq').on(t.portfolioId, t.paginaNotionId)],
);

export const cycles = pgTable(
  'cycles',
  {
    id: id(),
    portfolioId: ownedBy('portfolio_id', () => portfolios.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('cycles_portfolio_start_idx').on(t.portfolioId, t.startDate)],
);

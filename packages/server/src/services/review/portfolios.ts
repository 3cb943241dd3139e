import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  type AccountData,
  files,
  items,
  type ProductionCycleData,
  portfolioIntegrations,
  portfolios,
} from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import {
  type Actor,
  addGrant,
  defaultPortfolioPermissions,
  isAdmin,
  visiblePortfolioCondition,
} from '../../policy.ts';
import { listNotionSyncs, notionPageIdPattern, syncNow } from '../integrations/index.ts';
import type { EffectLog, Ports } from '../ports.ts';
import { notionStatuses } from './transitions.ts';

export type PortfolioRow = typeof portfolios.$inferSelect;
type IntegrationRow = typeof portfolioIntegrations.$inferSelect;

export const toIntegration = (row: IntegrationRow) => ({
  _id: row.id,
  type: row.type,
  paginaNotionId: row.paginaNotionId,
  createdAt: row.createdAt.toISOString(),
});

export function toPortfolio(row: PortfolioRow, integrations: IntegrationRow[]) {
  return {
    _id: row.id,
    identifier: row.identifier,
    accountData: row.accountData,
    productionCycleData: row.productionCycleData,
    allowSelfApproval: row.allowSelfApproval,
    integraciones: integrations.map(toIntegration),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function withIntegrations(db: DbOrTx, rows: PortfolioRow[]) {
  if (rows.length === 0) return [];
  const all = await db
    .select()
    .from(portfolioIntegrations)
    .where(
      inArray(
        portfolioIntegrations.portfolioId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(portfolioIntegrations.createdAt));
  return rows.map((r) =>
    toPortfolio(
      r,
      all.filter((i) => i.portfolioId === r.id),
    ),
  );
}

/** The portfolios the actor may see: all for an admin, those with a grant for everyone else. */
export async function listVisiblePortfolios(db: DbOrTx, actor: Actor) {
  const rows = await db
    .select()
    .from(portfolios)
    .where(visiblePortfolioCondition(actor))
    .orderBy(asc(portfolios.createdAt));
  return withIntegrations(db, rows);
}

export async function getPortfolioView(db: DbOrTx, id: string) {
  const [row] = await db.select().from(portfolios).where(eq(portfolios.id, id));
  if (!row) throw notFound('portfolio');
  const [view] = await withIntegrations(db, [row]);
  return view!;
}

export const slugPattern = '^[a-z0-9]+(?:-[a-z0-9]+)*$';

export interface NewPortfolio {
  identifier: string;
  accountData: AccountData;
  productionCycleData?: Partial<ProductionCycleData>;
}

/** Creates the portfolio and grants its creator the employee defaults on it (admins see all anyway). */
export async function createPortfolio(db: DbOrTx, actor: Actor, input: NewPortfolio) {
  const identifier = input.identifier.trim().toLowerCase();
  const [taken] = await db
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(eq(portfolios.identifier, identifier));
  if (taken) throw new AppError('IDENTIFIER_TAKEN');
  const [row] = await db
    .insert(portfolios)
    .values({
      identifier,
      accountData: { ...input.accountData, businessName: input.accountData.businessName.trim() },
      productionCycleData: {
        pilaresContenido: input.productionCycleData?.pilaresContenido ?? [],
        angulosVenta: input.productionCycleData?.angulosVenta ?? [],
        formatosCreativos: input.productionCycleData?.formatosCreativos ?? [],
      },
      createdBy: actor.id === 'system' ? null : actor.id,
    })
    .returning();
  if (!isAdmin(actor)) {
    await addGrant(db, actor.id, row!.id, [...defaultPortfolioPermissions.employee]);
  }
  return toPortfolio(row!, []);
}

/**
 * The portfolio must exist before something is added to it (an admin's permission check does not prove it): 404
 * otherwise. A deletion racing the insert that follows is answered 404 by the error handler's foreign-key net.
 */
export async function assertPortfolioExists(db: DbOrTx, portfolioId: string) {
  const [portfolio] = await db
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(eq(portfolios.id, portfolioId));
  if (!portfolio) throw notFound('portfolio');
}

export const isSlug = (s: string) => new RegExp(slugPattern).test(s) && s.length >= 3 && s.length <= 60;

export async function identifierAvailable(db: DbOrTx, identifier: string): Promise<boolean> {
  const id = identifier.trim().toLowerCase();
  if (!isSlug(id)) return false;
  const [taken] = await db
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(eq(portfolios.identifier, id));
  return !taken;
}

export interface PortfolioPatch {
  identifier?: string;
  accountData?: Partial<AccountData>;
  productionCycleData?: Partial<ProductionCycleData>;
  allowSelfApproval?: boolean;
}

export async function updatePortfolio(db: DbOrTx, id: string, patch: PortfolioPatch) {
  const [current] = await db.select().from(portfolios).where(eq(portfolios.id, id));
  if (!current) throw notFound('portfolio');
  const set: Partial<typeof portfolios.$inferInsert> = {};
  if (patch.identifier !== undefined) {
    const identifier = patch.identifier.trim().toLowerCase();
    if (identifier !== current.identifier) {
      if (!(await identifierAvailable(db, identifier))) throw new AppError('IDENTIFIER_TAKEN');
      set.identifier = identifier;
    }
  }
  if (patch.accountData) set.accountData = { ...current.accountData, ...patch.accountData } as AccountData;
  if (patch.productionCycleData)
    set.productionCycleData = { ...current.productionCycleData, ...patch.productionCycleData };
  if (patch.allowSelfApproval !== undefined) set.allowSelfApproval = patch.allowSelfApproval;
  if (Object.keys(set).length > 0) await db.update(portfolios).set(set).where(eq(portfolios.id, id));
  return getPortfolioView(db, id);
}

/** Called with the portfolio's stored file keys before its rows go (storage cleans them up). */
export type OnPortfolioDeleted = (fileKeys: string[]) => Promise<void>;

export async function addNotionIntegration(db: DbOrTx, portfolioId: string, paginaNotionId: string) {
  const page = paginaNotionId.trim();
  if (!page) {
    throw new AppError('VALIDATION', "El campo 'paginaNotionId' está vacío", [
      { field: 'paginaNotionId', message: 'Está vacío' },
    ]);
  }
  if (!notionPageIdPattern.test(page)) {
    throw new AppError(
      'VALIDATION',
      "El campo 'paginaNotionId' no es un id de página de Notion (32 caracteres hexadecimales)",
      [{ field: 'paginaNotionId', message: 'No es un id de página de Notion' }],
    );
  }
  await assertPortfolioExists(db, portfolioId);
  const [exists] = await db
    .select({ id: portfolioIntegrations.id })
    .from(portfolioIntegrations)
    .where(
      and(eq(portfolioIntegrations.portfolioId, portfolioId), eq(portfolioIntegrations.paginaNotionId, page)),
    );
  if (exists) throw new AppError('CONFLICT', 'Esa página de Notion ya está integrada en este portafolio');
  const [row] = await db
    .insert(portfolioIntegrations)
    .values({ portfolioId, paginaNotionId: page, type: 'notion' })
    .returning();
  return toIntegration(row!);
}

export async function listIntegrations(db: DbOrTx, portfolioId: string) {
  const rows = await db
    .select()
    .from(portfolioIntegrations)
    .where(eq(portfolioIntegrations.portfolioId, portfolioId))
    .orderBy(asc(portfolioIntegrations.createdAt));
  return rows.map(toIntegration);
}

export async function removeIntegration(
  db: DbOrTx,
  portfolioId: string,
  integrationId: string,
  paginaNotionId: string,
) {
  const [row] = await db
    .select()
    .from(portfolioIntegrations)
    .where(
      and(eq(portfolioIntegrations.id, integrationId), eq(portfolioIntegrations.portfolioId, portfolioId)),
    );
  if (!row) throw notFound('integration');
  if (row.paginaNotionId !== paginaNotionId.trim()) {
    throw new AppError('VALIDATION', "El campo 'paginaNotionId' no coincide con la integración", [
      { field: 'paginaNotionId', message: 'No coincide con la integración' },
    ]);
  }
  await db.delete(portfolioIntegrations).where(eq(portfolioIntegrations.id, integrationId));
}

/** Creates a portfolio in one transaction; its creator now holds a grant on it (an admin needs none). */
export async function addPortfolio(
  ports: Pick<Ports, 'db' | 'usersChanged'>,
  actor: Actor,
  input: NewPortfolio,
) {
  const created = await ports.db.transaction((tx) => createPortfolio(tx, actor, input));
  ports.usersChanged(actor.id);
  return created;
}

/** Edits a portfolio's data in one transaction. */
export const editPortfolio = (ports: Pick<Ports, 'db'>, id: string, patch: PortfolioPatch) =>
  ports.db.transaction((tx) => updatePortfolio(tx, id, patch));

/**
 * Deletes a portfolio and everything in it: the rows cascade (cycles, items, versions, history, files, agents,
 * tasks, comments, grants, integrations); its stored files go after (a failure there is only logged).
 */
export async function deletePortfolio(
  ports: Pick<Ports, 'db' | 'onPortfolioDeleted'>,
  id: string,
  log: EffectLog,
) {
  const keys = await ports.db
    .select({ key: files.s3Key })
    .from(files)
    .innerJoin(items, eq(items.id, files.itemId))
    .where(eq(items.portfolioId, id));
  await ports.db.delete(portfolios).where(eq(portfolios.id, id));
  await ports
    .onPortfolioDeleted(keys.map((k) => k.key))
    .catch((err) => log.warn({ err }, 'limpieza de archivos'));
}

/** Whether Notion is configured here, and the sync state of each client-approved item of the portfolio. */
export async function notionSyncState(ports: Pick<Ports, 'db' | 'notionSync'>, portfolioId: string) {
  return { configured: ports.notionSync.configured, items: await listNotionSyncs(ports.db, portfolioId) };
}

/** «Sincronizar ahora»: what failed is retried, what is missing queued, and the sync wakes. */
export async function syncNotionNow(ports: Pick<Ports, 'db' | 'notionSync'>, portfolioId: string) {
  if (!ports.notionSync.configured)
    throw new AppError(
      'CONFLICT',
      'Falta el token de integración de Notion: configura NOTION_TOKEN en el servidor',
    );
  const result = await syncNow(ports.db, portfolioId, notionStatuses);
  ports.notionSync.kick();
  return result;
}

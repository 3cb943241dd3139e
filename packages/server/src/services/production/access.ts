import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cycles, items } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import {
  type Actor,
  canSeeStatus,
  isInternalViewer,
  type PortfolioPermission,
  portfolioPermissions,
} from '../../policy.ts';
import type { CycleRow, ItemRow } from './views.ts';

export interface ItemAccess {
  item: ItemRow;
  perms: ReadonlySet<string>;
  /** Whether the actor sees internal work (policy.isInternalViewer). */
  internal: boolean;
}

/** Loads an item the actor may see (404 otherwise) and checks `permission` (403 otherwise). */
export async function loadItem(
  db: DbOrTx,
  actor: Actor,
  id: string,
  permission?: PortfolioPermission,
): Promise<ItemAccess> {
  const [item] = await db.select().from(items).where(eq(items.id, id));
  const notFound = new AppError('NOT_FOUND', 'Pieza no encontrada');
  if (!item) throw notFound;
  const perms = await portfolioPermissions(db, actor, item.portfolioId);
  if (!perms?.has('production.view')) throw notFound;
  const internal = isInternalViewer(actor, perms);
  if (!canSeeStatus(internal, item.status)) throw notFound;
  if (permission && !perms.has(permission)) throw new AppError('FORBIDDEN');
  return { item, perms, internal };
}

export interface CycleAccess {
  cycle: CycleRow;
  perms: ReadonlySet<string>;
  internal: boolean;
}

/** Loads a cycle of a portfolio the actor may see (404 otherwise) and checks `permission` (403). */
export async function loadCycle(
  db: DbOrTx,
  actor: Actor,
  id: string,
  permission: PortfolioPermission,
): Promise<CycleAccess> {
  const [cycle] = await db.select().from(cycles).where(eq(cycles.id, id));
  const notFound = new AppError('NOT_FOUND', 'Ciclo no encontrado');
  if (!cycle) throw notFound;
  const perms = await portfolioPermissions(db, actor, cycle.portfolioId);
  if (!perms?.has('production.view')) throw notFound;
  if (!perms.has(permission)) throw new AppError('FORBIDDEN');
  return { cycle, perms, internal: isInternalViewer(actor, perms) };
}

/** An approved item is final: its material, files and history never change (product-design §4). */
export function assertNotApproved(item: ItemRow): void {
  if (item.status === 'approved') {
    throw new AppError(
      'CONFLICT',
      'La pieza está aprobada: su material, archivos e historial ya no se pueden cambiar',
    );
  }
}

import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { cycles, items, portfolios } from '../../../db/schema.ts';
import { AppError, notFound } from '../../../errors.ts';
import {
  type Actor,
  canSeeStatus,
  grantJoin,
  isInternalViewer,
  type PortfolioPermission,
  permissionsFromGrant,
} from '../../../policy.ts';
import {
  checkItemCall,
  FINAL_PIECE,
  type ItemCall,
  type ItemField,
  isFinal,
  lockedFields,
} from '../transitions.ts';
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
  const grant = grantJoin(actor, items.portfolioId);
  const [row] = await db
    .select({ item: items, grant: grant.permissions })
    .from(items)
    .leftJoin(...grant.join)
    .where(eq(items.id, id));
  if (!row) throw notFound('item');
  const { item } = row;
  const perms = permissionsFromGrant(actor, row.grant);
  if (!perms?.has('production.view')) throw notFound('item');
  const internal = isInternalViewer(actor, perms);
  if (!canSeeStatus(internal, item.status)) throw notFound('item');
  if (permission && !perms.has(permission)) throw new AppError('FORBIDDEN');
  return { item, perms, internal };
}

export interface CycleAccess {
  cycle: CycleRow;
  perms: ReadonlySet<string>;
  internal: boolean;
  /** The portfolio lifts the four-eyes rule (read with the cycle, for the items' `allowedActions`). */
  allowSelfApproval: boolean;
}

/** Loads a cycle of a portfolio the actor may see (404 otherwise) and checks `permission` (403). */
export async function loadCycle(
  db: DbOrTx,
  actor: Actor,
  id: string,
  permission: PortfolioPermission,
): Promise<CycleAccess> {
  const grant = grantJoin(actor, cycles.portfolioId);
  const [row] = await db
    .select({
      cycle: cycles,
      grant: grant.permissions,
      allowSelfApproval: portfolios.allowSelfApproval,
    })
    .from(cycles)
    .innerJoin(portfolios, eq(portfolios.id, cycles.portfolioId))
    .leftJoin(...grant.join)
    .where(eq(cycles.id, id));
  if (!row) throw notFound('cycle');
  const { cycle } = row;
  const perms = permissionsFromGrant(actor, row.grant);
  if (!perms?.has('production.view')) throw notFound('cycle');
  if (!perms.has(permission)) throw new AppError('FORBIDDEN');
  return { cycle, perms, internal: isInternalViewer(actor, perms), allowSelfApproval: row.allowSelfApproval };
}

/** An approved item is final: its material, files and history never change (product-design §4). */
export function assertNotApproved(item: ItemRow): void {
  if (isFinal(item.status)) throw new AppError('CONFLICT', FINAL_PIECE);
}

/** A call on the piece itself that its status locks (approved, or the client reviewing it) answers 409. */
export function assertItemCall(call: ItemCall, item: Pick<ItemRow, 'status'>): void {
  const check = checkItemCall(call, item.status);
  if (!check.ok) throw new AppError('CONFLICT', check.message);
}

/**
 * The details a status locks may not change (the client reviewing the piece sees its title, description,
 * format and date): a change to one of them answers 409 naming the fields; sending a locked detail unchanged is
 * not a change.
 */
export function assertFieldsMayChange(item: ItemRow, input: Partial<Record<ItemField, unknown>>): void {
  const changed = (Object.keys(input) as ItemField[]).filter(
    (f) => input[f] !== undefined && (input[f] ?? null) !== ((item as Record<string, unknown>)[f] ?? null),
  );
  const locked = lockedFields(item.status, changed);
  if (locked) {
    throw new AppError(
      'CONFLICT',
      locked.reason,
      locked.fields.map((field) => ({ field, message: locked.reason })),
    );
  }
}

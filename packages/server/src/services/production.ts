import { and, asc, count, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import {
  comments,
  cycles,
  files,
  type ItemStatus,
  itemHistory,
  items,
  itemVersions,
  type MaterialData,
  portfolioAccess,
  portfolios,
  users,
} from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { sanitizeRichText } from '../lib/sanitize.ts';
import {
  type Actor,
  isAdmin,
  type PortfolioPermission,
  portfolioPermissions,
  requirePortfolio,
} from '../policy.ts';
import type { Created, Notifier } from './notifier.ts';
import { awarenessLevels, funnelPhases, planStrategy } from './strategy.ts';
import {
  type Audience,
  checkTransition,
  clientVisibleStatuses,
  notificationText,
  type TransitionName,
  transitions,
} from './transitions.ts';

type ItemRow = typeof items.$inferSelect;
type CycleRow = typeof cycles.$inferSelect;

// ——— Views ———

export const toCycle = (row: CycleRow) => ({
  _id: row.id,
  portfolioId: row.portfolioId,
  startDate: row.startDate,
  endDate: row.endDate,
  createdAt: row.createdAt.toISOString(),
});

export function toItem(row: ItemRow) {
  return {
    _id: row.id,
    portfolioId: row.portfolioId,
    cycleId: row.cycleId,
    title: row.title,
    description: row.description,
    format: row.format,
    pilar: row.pilar,
    angulo: row.angulo,
    funnelPhase: row.funnelPhase,
    awarenessLevel: row.awarenessLevel,
    publishDate: row.publishDate,
    assigneeId: row.assigneeId,
    authorId: row.authorId,
    status: row.status,
    currentVersion: row.currentVersion,
    materialData: row.materialData,
    changeDescription: row.changeDescription,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What a client may read of an item: no internal change notes. */
function forViewer(row: ItemRow, internal: boolean) {
  const view = toItem(row);
  return internal ? view : { ...view, changeDescription: null };
}

// ——— Access ———

/** Internal viewers see every status; the others (clients) only client review and later. */
const isInternal = (perms: ReadonlySet<string>) =>
  perms.has('production.edit') || perms.has('review.internal');

export interface ItemAccess {
  item: ItemRow;
  perms: ReadonlySet<string>;
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
  const internal = isInternal(perms);
  if (!internal && !clientVisibleStatuses.includes(item.status)) throw notFound;
  if (permission && !perms.has(permission)) throw new AppError('FORBIDDEN');
  return { item, perms, internal };
}

export async function loadCycle(db: DbOrTx, actor: Actor, id: string, permission: PortfolioPermission) {
  const [cycle] = await db.select().from(cycles).where(eq(cycles.id, id));
  if (!cycle) throw new AppError('NOT_FOUND', 'Ciclo no encontrado');
  const perms = await requirePortfolio(
    db,
    actor,
    cycle.portfolioId,
    'production.view',
    'Ciclo no encontrado',
  );
  if (!perms.has(permission)) throw new AppError('FORBIDDEN');
  return { cycle, perms };
}

// ——— Cycles ———

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return isoDay(d);
};
export const today = () => isoDay(new Date());

async function lockPortfolio(tx: DbOrTx, portfolioId: string) {
  const [row] = await tx
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(eq(portfolios.id, portfolioId))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', 'Portafolio no encontrado');
}

export async function startProduction(db: Db, portfolioId: string, cycleDuration: number) {
  return db.transaction(async (tx) => {
    await lockPortfolio(tx, portfolioId);
    const [existing] = await tx
      .select({ id: cycles.id })
      .from(cycles)
      .where(eq(cycles.portfolioId, portfolioId))
      .limit(1);
    if (existing) throw new AppError('CONFLICT', 'La producción de este portafolio ya está iniciada');
    const start = today();
    const [row] = await tx
      .insert(cycles)
      .values({ portfolioId, startDate: start, endDate: addDays(start, cycleDuration - 1) })
      .returning();
    return toCycle(row!);
  });
}

export async function createCycle(
  db: Db,
  input: { portfolioId: string; startDate: string; endDate: string },
) {
  if (Number.isNaN(Date.parse(input.startDate))) {
    throw new AppError('VALIDATION', "El campo 'startDate' no es una fecha válida", [
      { field: 'startDate', message: 'Fecha inválida' },
    ]);
  }
  if (Number.isNaN(Date.parse(input.endDate))) {
    throw new AppError('VALIDATION', "El campo 'endDate' no es una fecha válida", [
      { field: 'endDate', message: 'Fecha inválida' },
    ]);
  }
  if (input.endDate <= input.startDate) {
    throw new AppError('VALIDATION', "El campo 'endDate' debe ser posterior a 'startDate'", [
      { field: 'endDate', message: 'Debe ser posterior a la fecha de inicio' },
    ]);
  }
  return db.transaction(async (tx) => {
    await lockPortfolio(tx, input.portfolioId);
    const [overlap] = await tx
      .select()
      .from(cycles)
      .where(
        and(
          eq(cycles.portfolioId, input.portfolioId),
          lte(cycles.startDate, input.endDate),
          gte(cycles.endDate, input.startDate),
        ),
      )
      .limit(1);
    if (overlap) {
      throw new AppError(
        'CONFLICT',
        `Las fechas se solapan con el ciclo del ${overlap.startDate} al ${overlap.endDate}`,
      );
    }
    const [row] = await tx.insert(cycles).values(input).returning();
    return toCycle(row!);
  });
}

export async function currentCycle(db: DbOrTx, portfolioId: string) {
  const day = today();
  const [row] = await db
    .select()
    .from(cycles)
    .where(and(eq(cycles.portfolioId, portfolioId), lte(cycles.startDate, day), gte(cycles.endDate, day)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'No hay un ciclo en curso');
  return toCycle(row);
}

export async function listCycles(
  db: DbOrTx,
  portfolioId: string,
  q: { page: number; limit: number; search?: string },
) {
  const term = q.search?.trim();
  const where = and(
    eq(cycles.portfolioId, portfolioId),
    term
      ? or(
          sql`${cycles.startDate}::text like ${`%${term}%`}`,
          sql`${cycles.endDate}::text like ${`%${term}%`}`,
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(cycles)
      .where(where)
      .orderBy(desc(cycles.startDate))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(cycles).where(where),
  ]);
  return { items: rows.map(toCycle), total: Number(total?.n ?? 0), page: q.page, limit: q.limit };
}

// ——— Items ———

export interface ItemInput {
  title: string;
  description?: string;
  format?: string | null;
  pilar?: string | null;
  angulo?: string | null;
  funnelPhase?: string | null;
  awarenessLevel?: string | null;
  publishDate?: string | null;
  assigneeId?: string | null;
}

async function assertAssignee(db: DbOrTx, portfolioId: string, assigneeId: string | null | undefined) {
  if (!assigneeId) return;
  const [row] = await db
    .select({ role: users.role, grant: portfolioAccess.userId })
    .from(users)
    .leftJoin(
      portfolioAccess,
      and(eq(portfolioAccess.userId, users.id), eq(portfolioAccess.portfolioId, portfolioId)),
    )
    .where(and(eq(users.id, assigneeId), sql`${users.deletedAt} is null`));
  if (!row || (row.role !== 'admin' && !row.grant)) {
    throw new AppError('VALIDATION', "El campo 'assigneeId' no es un miembro del portafolio", [
      { field: 'assigneeId', message: 'No es miembro del portafolio' },
    ]);
  }
}

export async function listItems(db: DbOrTx, cycleId: string, internal: boolean, status?: ItemStatus) {
  const visible = internal ? undefined : inArray(items.status, clientVisibleStatuses);
  const rows = await db
    .select()
    .from(items)
    .where(and(eq(items.cycleId, cycleId), status ? eq(items.status, status) : undefined, visible))
    .orderBy(asc(items.publishDate), asc(items.createdAt));
  return rows.map((r) => forViewer(r, internal));
}

export async function createItem(db: Db, actor: Actor, cycle: CycleRow, input: ItemInput) {
  await assertAssignee(db, cycle.portfolioId, input.assigneeId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(items)
      .values({
        ...input,
        title: input.title.trim(),
        portfolioId: cycle.portfolioId,
        cycleId: cycle.id,
        authorId: actor.id,
      })
      .returning();
    await tx
      .insert(itemHistory)
      .values({ itemId: row!.id, actorId: actor.id, action: 'create', toStatus: 'draft' });
    return toItem(row!);
  });
}

export async function updateItem(db: Db, actor: Actor, item: ItemRow, input: Partial<ItemInput>) {
  await assertAssignee(db, item.portfolioId, input.assigneeId);
  const [row] = await db
    .update(items)
    .set({ ...input, ...(input.title ? { title: input.title.trim() } : {}), version: item.version + 1 })
    .where(and(eq(items.id, item.id), eq(items.version, item.version)))
    .returning();
  if (!row) throw new AppError('CONCURRENT_UPDATE');
  await db.insert(itemHistory).values({ itemId: item.id, actorId: actor.id, action: 'update' });
  return toItem(row);
}

export async function duplicateItem(db: Db, actor: Actor, item: ItemRow) {
  return db.transaction(async (tx) => {
    const { id: _id, createdAt: _c, updatedAt: _u, version: _v, ...copy } = item;
    const [row] = await tx
      .insert(items)
      .values({
        ...copy,
        title: `${item.title} (copia)`,
        status: 'draft',
        currentVersion: 0,
        authorId: actor.id,
      })
      .returning();
    await tx
      .insert(itemHistory)
      .values({ itemId: row!.id, actorId: actor.id, action: 'duplicate', toStatus: 'draft' });
    return toItem(row!);
  });
}

export async function moveItem(db: Db, actor: Actor, item: ItemRow, nextCycleId: string) {
  const [target] = await db.select().from(cycles).where(eq(cycles.id, nextCycleId));
  if (!target || target.portfolioId !== item.portfolioId)
    throw new AppError('NOT_FOUND', 'Ciclo de destino no encontrado');
  if (target.id === item.cycleId) {
    throw new AppError('VALIDATION', "El campo 'nextCycleId' es el ciclo actual de la pieza", [
      { field: 'nextCycleId', message: 'Es el mismo ciclo' },
    ]);
  }
  const [row] = await db
    .update(items)
    .set({ cycleId: target.id, version: item.version + 1 })
    .where(and(eq(items.id, item.id), eq(items.version, item.version)))
    .returning();
  if (!row) throw new AppError('CONCURRENT_UPDATE');
  await db.insert(itemHistory).values({ itemId: item.id, actorId: actor.id, action: 'move' });
  return toItem(row);
}

// ——— Material and the review flow ———

export interface MaterialInput {
  copy?: string;
  files?: Array<{ s3Key: string; fileName: string; fileType: string; size: number }>;
  links?: string[];
}

async function normaliseMaterial(
  db: DbOrTx,
  item: ItemRow,
  input: MaterialInput | undefined,
): Promise<MaterialData> {
  const current = item.materialData;
  const material: MaterialData = {
    copy: input?.copy !== undefined ? sanitizeRichText(input.copy) : current.copy,
    files: input?.files ?? current.files,
    links: input?.links ?? current.links,
  };
  const keys = material.files.map((f) => f.s3Key);
  if (keys.length > 0) {
    const known = await db
      .select({ key: files.s3Key })
      .from(files)
      .where(and(eq(files.itemId, item.id), inArray(files.s3Key, keys)));
    const missing = keys.filter((k) => !known.some((r) => r.key === k));
    if (missing.length > 0) {
      throw new AppError(
        'VALIDATION',
        "El campo 'materialData.files' contiene archivos que no pertenecen a esta pieza",
        [{ field: 'materialData.files', message: `Archivos desconocidos: ${missing.join(', ')}` }],
      );
    }
  }
  return material;
}

export interface TransitionInput {
  materialData?: MaterialInput;
  changeDescription?: string;
  changeReason?: string;
  reviewComments?: string;
}

async function recipients(db: DbOrTx, audience: Audience, item: ItemRow, actorId: string): Promise<string[]> {
  let ids: string[] = [];
  if (audience === 'author') ids = item.authorId ? [item.authorId] : [];
  else if (audience !== 'none') {
    const grants = await db
      .select({ id: users.id, role: users.role, permissions: portfolioAccess.permissions })
      .from(portfolioAccess)
      .innerJoin(users, eq(users.id, portfolioAccess.userId))
      .where(and(eq(portfolioAccess.portfolioId, item.portfolioId), sql`${users.deletedAt} is null`));
    ids = grants
      .filter((g) =>
        audience === 'internalReviewers'
          ? g.permissions.includes('review.internal')
          : audience === 'clients'
            ? g.role === 'client'
            : g.role === 'employee',
      )
      .map((g) => g.id);
  }
  return ids.filter((id) => id !== actorId);
}

/**
 * Runs one call of the review flow: checks the status and permission, writes the item (optimistic
 * version check: of two simultaneous calls exactly one wins), the history entry and any new version, and
 * notifies — after the commit.
 */
export async function runTransition(
  db: Db,
  notifier: Notifier,
  actor: Actor,
  itemId: string,
  name: TransitionName,
  input: TransitionInput,
) {
  const t = transitions[name];
  const { item: loaded } = await loadItem(db, actor, itemId, t.permission);
  let created: Created | undefined;
  const result = await db.transaction(async (tx) => {
    const [item] = await tx.select().from(items).where(eq(items.id, itemId));
    if (!item || item.version !== loaded.version) throw new AppError('CONCURRENT_UPDATE');
    const check = checkTransition(name, item.status);
    if (!check.ok) throw new AppError('INVALID_TRANSITION', check.message);
    const material =
      t.createsVersion || name === 'update-material'
        ? await normaliseMaterial(tx, item, input.materialData)
        : item.materialData;
    const to: ItemStatus = 'to' in t ? t.to : item.status;
    const nextVersion = t.createsVersion ? item.currentVersion + 1 : item.currentVersion;
    const [updated] = await tx
      .update(items)
      .set({
        status: to,
        materialData: material,
        currentVersion: nextVersion,
        changeDescription: input.changeDescription ?? item.changeDescription,
        version: item.version + 1,
      })
      .where(and(eq(items.id, item.id), eq(items.version, item.version)))
      .returning();
    if (!updated) throw new AppError('CONCURRENT_UPDATE');
    if (t.createsVersion) {
      await tx.insert(itemVersions).values({
        itemId: item.id,
        number: nextVersion,
        materialData: material,
        changeReason: input.changeReason ?? null,
        changeDescription: input.changeDescription ?? null,
        authorId: actor.id,
      });
    }
    await tx.insert(itemHistory).values({
      itemId: item.id,
      actorId: actor.id,
      action: name,
      fromStatus: item.status,
      toStatus: to,
      reviewComments: input.reviewComments ?? null,
      changeDescription: input.changeDescription ?? null,
    });
    if (t.notifies !== 'none' && name in notificationText) {
      const userIds = await recipients(tx, t.notifies, item, actor.id);
      const text = notificationText[name as keyof typeof notificationText](item.title);
      const screen = t.notifies === 'clients' || t.notifies === 'internalReviewers' ? 'review' : 'production';
      created = await notifier.create(tx, {
        userIds,
        title: 'Producción',
        content: text,
        url: `/portfolios/${item.portfolioId}/${screen}`,
        data: { itemId: item.id },
        urgency: t.notifies === 'clients' || t.notifies === 'internalReviewers' ? 'high' : 'normal',
      });
    }
    return toItem(updated);
  });
  if (created) notifier.deliver(created);
  return result;
}

const clientFacingActions = new Set([
  'approve-for-client',
  'approve-client-review',
  'request-client-changes',
]);

export async function versionHistory(db: DbOrTx, access: ItemAccess) {
  const { item, internal } = access;
  const [versions, history] = await Promise.all([
    db
      .select({ v: itemVersions, authorName: users.name, authorDeleted: users.deletedAt })
      .from(itemVersions)
      .leftJoin(users, eq(users.id, itemVersions.authorId))
      .where(eq(itemVersions.itemId, item.id))
      .orderBy(desc(itemVersions.number)),
    db
      .select({ h: itemHistory, actorName: users.name, actorDeleted: users.deletedAt })
      .from(itemHistory)
      .leftJoin(users, eq(users.id, itemHistory.actorId))
      .where(eq(itemHistory.itemId, item.id))
      .orderBy(desc(itemHistory.createdAt)),
  ]);
  const name = (n: string | null, deleted: Date | null) =>
    deleted ? 'Usuario eliminado' : (n ?? 'Usuario eliminado');
  return {
    versions: versions.map(({ v, authorName, authorDeleted }) => ({
      _id: v.id,
      number: v.number,
      materialData: v.materialData,
      changeReason: internal ? v.changeReason : null,
      changeDescription: internal ? v.changeDescription : null,
      author: { _id: v.authorId ?? '', name: name(authorName, authorDeleted) },
      createdAt: v.createdAt.toISOString(),
    })),
    history: history
      .filter(({ h }) => internal || clientFacingActions.has(h.action))
      .map(({ h, actorName, actorDeleted }) => ({
        _id: h.id,
        action: h.action,
        fromStatus: h.fromStatus,
        toStatus: h.toStatus,
        reviewComments: internal || h.action !== 'approve-for-client' ? h.reviewComments : null,
        changeDescription: internal ? h.changeDescription : null,
        actor: { _id: h.actorId ?? '', name: name(actorName, actorDeleted) },
        createdAt: h.createdAt.toISOString(),
      })),
  };
}

export async function pendingInternalReview(db: DbOrTx, actor: Actor, portfolioId?: string) {
  let portfolioIds: string[] | undefined;
  if (!isAdmin(actor)) {
    const grants = await db
      .select({ id: portfolioAccess.portfolioId, permissions: portfolioAccess.permissions })
      .from(portfolioAccess)
      .where(eq(portfolioAccess.userId, actor.id));
    portfolioIds = grants.filter((g) => g.permissions.includes('review.internal')).map((g) => g.id);
    if (portfolioId && !portfolioIds.includes(portfolioId)) {
      if (grants.some((g) => g.id === portfolioId && g.permissions.includes('portfolio.view')))
        throw new AppError('FORBIDDEN');
      throw new AppError('NOT_FOUND', 'Portafolio no encontrado');
    }
    if (portfolioIds.length === 0) return [];
  }
  const scope = portfolioId ? [portfolioId] : portfolioIds;
  const rows = await db
    .select()
    .from(items)
    .where(and(eq(items.status, 'internal_review'), scope ? inArray(items.portfolioId, scope) : undefined))
    .orderBy(asc(items.updatedAt));
  return rows.map(toItem);
}

// ——— Strategy ———

export async function generateStrategy(db: Db, actor: Actor, cycle: CycleRow, itemsCount: number) {
  const [portfolio] = await db.select().from(portfolios).where(eq(portfolios.id, cycle.portfolioId));
  const data = portfolio!.productionCycleData;
  const plan = planStrategy(itemsCount, {
    pilares: data.pilaresContenido,
    angulos: data.angulosVenta,
    formatos: data.formatosCreativos,
  });
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(items)
      .values(
        plan.map((slot, i) => ({
          portfolioId: cycle.portfolioId,
          cycleId: cycle.id,
          title: [slot.format, slot.pilar].filter(Boolean).join(' · ') || `Pieza ${i + 1}`,
          format: slot.format,
          pilar: slot.pilar,
          angulo: slot.angulo,
          funnelPhase: slot.funnelPhase,
          awarenessLevel: slot.awarenessLevel,
          authorId: actor.id,
        })),
      )
      .returning();
    await tx.insert(itemHistory).values(
      rows.map((r) => ({
        itemId: r.id,
        actorId: actor.id,
        action: 'strategy',
        toStatus: 'draft' as const,
      })),
    );
    return rows.map(toItem);
  });
}

export async function strategyCoverage(db: DbOrTx, cycle: CycleRow) {
  const [portfolio] = await db.select().from(portfolios).where(eq(portfolios.id, cycle.portfolioId));
  const all = await db.select().from(items).where(eq(items.cycleId, cycle.id));
  const tally = (keys: readonly string[], pick: (r: ItemRow) => string | null) =>
    Object.fromEntries(keys.map((k) => [k, all.filter((r) => pick(r) === k).length]));
  const data = portfolio!.productionCycleData;
  return {
    total: all.length,
    pilares: tally(data.pilaresContenido, (r) => r.pilar),
    angulos: tally(data.angulosVenta, (r) => r.angulo),
    formatos: tally(data.formatosCreativos, (r) => r.format),
    funnelPhases: tally(funnelPhases, (r) => r.funnelPhase),
    awarenessLevels: tally(awarenessLevels, (r) => r.awarenessLevel),
  };
}

export async function deleteItem(db: Db, itemId: string) {
  // Versions, history and file rows cascade; tasks keep existing with no item; comments go with it.
  await db.transaction(async (tx) => {
    await tx.delete(comments).where(and(eq(comments.entityType, 'item'), eq(comments.entityId, itemId)));
    await tx.delete(items).where(eq(items.id, itemId));
  });
}

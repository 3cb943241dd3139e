import { randomUUID } from 'node:crypto';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import {
  comments,
  cycles,
  files,
  type ItemStatus,
  itemHistory,
  items,
  type MaterialFile,
} from '../../../db/schema.ts';
import { AppError, notFound } from '../../../errors.ts';
import { type Actor, canSeeStatus, membersOf } from '../../../policy.ts';
import { follow } from '../../notify/index.ts';
import { makeKey, type StorageDriver } from '../../storage/index.ts';
import { checkItemCall, isFinal, statusRules } from '../transitions.ts';
import { assertFieldsMayChange, assertItemCall } from './access.ts';
import { type CycleRow, type ItemRow, type ItemView, toItem } from './views.ts';

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

/** An item is assigned only to one of its portfolio's people (policy.membersOf). */
async function assertAssignee(db: DbOrTx, portfolioId: string, assigneeId: string | null | undefined) {
  if (!assigneeId) return;
  const [member] = await membersOf(db, portfolioId, [assigneeId]);
  if (!member) {
    throw new AppError('VALIDATION', "El campo 'assigneeId' no es un miembro del portafolio", [
      { field: 'assigneeId', message: 'No es miembro del portafolio' },
    ]);
  }
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
    await follow(tx, row!.id, [actor.id, row!.assigneeId]);
    return toItem(row!);
  });
}

/** Writes the item only if nobody else changed it since it was read (optimistic `version`). */
async function writeItem(tx: DbOrTx, item: ItemRow, set: Partial<typeof items.$inferInsert>) {
  const [row] = await tx
    .update(items)
    .set({ ...set, version: item.version + 1 })
    .where(and(eq(items.id, item.id), eq(items.version, item.version)))
    .returning();
  if (!row) throw new AppError('CONCURRENT_UPDATE');
  return row;
}

export async function updateItem(db: Db, actor: Actor, item: ItemRow, input: Partial<ItemInput>) {
  assertFieldsMayChange(item, input);
  await assertAssignee(db, item.portfolioId, input.assigneeId);
  return db.transaction(async (tx) => {
    const row = await writeItem(tx, item, {
      ...input,
      ...(input.title !== undefined ? { title: input.title.trim() } : {}),
    });
    await tx.insert(itemHistory).values({ itemId: item.id, actorId: actor.id, action: 'update' });
    // A new assignee follows the item from now on.
    if (row.assigneeId && row.assigneeId !== item.assigneeId) await follow(tx, item.id, [row.assigneeId]);
    return toItem(row);
  });
}

export async function moveItem(db: Db, actor: Actor, item: ItemRow, nextCycleId: string) {
  assertItemCall('move-item', item);
  const [target] = await db.select().from(cycles).where(eq(cycles.id, nextCycleId));
  if (!target || target.portfolioId !== item.portfolioId) throw notFound('targetCycle');
  if (target.id === item.cycleId) {
    throw new AppError('VALIDATION', "El campo 'nextCycleId' es el ciclo actual de la pieza", [
      { field: 'nextCycleId', message: 'Es el mismo ciclo' },
    ]);
  }
  return db.transaction(async (tx) => {
    const row = await writeItem(tx, item, { cycleId: target.id });
    await tx.insert(itemHistory).values({ itemId: item.id, actorId: actor.id, action: 'move' });
    return toItem(row);
  });
}

/**
 * Moves several items of one portfolio to another cycle of it, all or none (one transaction; an approved
 * item, or one changed since it was read, refuses the whole batch).
 */
export async function moveItems(db: Db, actor: Actor, moving: ItemRow[], nextCycleId: string) {
  const [target] = await db.select().from(cycles).where(eq(cycles.id, nextCycleId));
  const portfolioId = moving[0]?.portfolioId;
  if (!target || target.portfolioId !== portfolioId) throw notFound('targetCycle');
  const approved = moving.filter((i) => isFinal(i.status));
  if (approved.length > 0) {
    throw new AppError(
      'CONFLICT',
      `Las piezas aprobadas no se mueven: ${approved.map((i) => `«${i.title}»`).join(', ')}`,
    );
  }
  const locked = moving.filter((i) => !checkItemCall('move-item', i.status).ok);
  if (locked.length > 0) {
    throw new AppError(
      'CONFLICT',
      `Las piezas en revisión del cliente no se mueven hasta retirarlas de la revisión: ${locked.map((i) => `«${i.title}»`).join(', ')}`,
    );
  }
  return db.transaction(async (tx) => {
    const moved: ItemRow[] = [];
    for (const item of moving) {
      if (item.cycleId === target.id) continue;
      moved.push(await writeItem(tx, item, { cycleId: target.id }));
    }
    if (moved.length > 0) {
      await tx
        .insert(itemHistory)
        .values(moved.map((i) => ({ itemId: i.id, actorId: actor.id, action: 'move' })));
    }
    return moved.map(toItem);
  });
}

/** Every item of `cycle` that is not approved yet, moved to the next cycle ("pasar pendientes"). */
export async function carryOver(db: Db, actor: Actor, cycle: CycleRow, nextCycleId: string) {
  if (nextCycleId === cycle.id) {
    throw new AppError('VALIDATION', "El campo 'nextCycleId' es el mismo ciclo", [
      { field: 'nextCycleId', message: 'Es el mismo ciclo' },
    ]);
  }
  // Approved pieces and what the client is reviewing stay where they are (their status locks moving them).
  const stay = (Object.keys(statusRules) as ItemStatus[]).filter((s) => !checkItemCall('move-item', s).ok);
  const pending = await db
    .select()
    .from(items)
    .where(and(eq(items.cycleId, cycle.id), notInArray(items.status, stay)));
  if (pending.length === 0) return [];
  return moveItems(db, actor, pending, nextCycleId);
}

/** A storage error that means the source object was never uploaded. */
const isMissingObject = (error: unknown) => {
  const e = error as {
    code?: string;
    name?: string;
    statusCode?: number;
    $metadata?: { httpStatusCode?: number };
  };
  return (
    e.code === 'ENOENT' ||
    e.code === 'NOT_FOUND' ||
    e.name === 'NoSuchKey' ||
    e.name === 'NotFound' ||
    e.$metadata?.httpStatusCode === 404
  );
};

/**
 * Duplicates an item as a draft. The copy owns copies of its material's files (new keys under the copy), so
 * each item's files survive the other's deletion. Objects are copied before the rows are written; if
 * anything fails, the copied objects are removed and nothing is written.
 */
export async function duplicateItem(db: Db, storage: StorageDriver, actor: Actor, item: ItemRow) {
  const copyId = randomUUID();
  const fileRows = await db.select().from(files).where(eq(files.itemId, item.id));
  const rowByKey = new Map(fileRows.map((f) => [f.s3Key, f]));
  const copied: Array<{ from: MaterialFile; to: MaterialFile }> = [];
  try {
    for (const file of item.materialData.files) {
      const to = { ...file, s3Key: makeKey(copyId, file.fileName) };
      try {
        await storage.copy(file.s3Key, to.s3Key);
      } catch (error) {
        if (isMissingObject(error)) continue; // never uploaded: nothing to copy
        throw error;
      }
      copied.push({ from: file, to });
    }
    return await db.transaction(async (tx) => {
      const { id: _id, createdAt: _c, updatedAt: _u, version: _v, ...fields } = item;
      const [row] = await tx
        .insert(items)
        .values({
          ...fields,
          id: copyId,
          title: `${item.title} (copia)`,
          status: 'draft',
          currentVersion: 0,
          changeDescription: null,
          authorId: actor.id,
          versionAuthorId: null,
          materialData: { ...item.materialData, files: copied.map((c) => c.to) },
        })
        .returning();
      if (copied.length > 0) {
        await tx.insert(files).values(
          copied.map(({ from, to }) => ({
            itemId: copyId,
            s3Key: to.s3Key,
            fileName: to.fileName,
            fileType: to.fileType,
            size: rowByKey.get(from.s3Key)?.size ?? to.size,
            uploadedBy: actor.id,
          })),
        );
      }
      await tx
        .insert(itemHistory)
        .values({ itemId: copyId, actorId: actor.id, action: 'duplicate', toStatus: 'draft' });
      await follow(tx, copyId, [actor.id, row!.assigneeId]);
      return toItem(row!);
    });
  } catch (error) {
    await storage.delete(copied.map((c) => c.to.s3Key)).catch(() => undefined);
    throw error;
  }
}

/**
 * Deletes an item with its versions, history, file rows and comments (tasks keep existing with no item).
 * Answers the storage keys to remove once the deletion has committed.
 */
export async function deleteItem(db: Db, item: ItemRow): Promise<string[]> {
  assertItemCall('delete-item', item);
  return db.transaction(async (tx) => {
    const keys = await tx.select({ key: files.s3Key }).from(files).where(eq(files.itemId, item.id));
    await tx.delete(comments).where(and(eq(comments.entityType, 'item'), eq(comments.entityId, item.id)));
    await tx.delete(items).where(eq(items.id, item.id));
    return keys.map((k) => k.key);
  });
}

/** The most pieces one bulk edit takes (the table's selection of a cycle stays well under it). */
export const BULK_MAX_ITEMS = 500;

/** The fields a bulk edit may set on many pieces at once. */
export type BulkSet = Pick<
  ItemInput,
  'publishDate' | 'format' | 'pilar' | 'angulo' | 'funnelPhase' | 'awarenessLevel' | 'assigneeId'
>;

export interface BulkResult {
  updated: ItemView[];
  refused: Array<{ id: string; reason: string }>;
}

/**
 * Sets the same fields on several pieces of `cycle` in one transaction, each as far as it may: a piece frozen by
 * its status (approved, or the client reviewing the details it would change), or one changed by someone else
 * during the call, is refused with its Spanish reason; an id that is not one of the cycle's pieces the caller may
 * see is refused as not found. The caller holds `production.edit` on the cycle's portfolio (loadCycle).
 */
export async function bulkUpdateItems(
  db: Db,
  actor: Actor,
  cycle: CycleRow,
  internal: boolean,
  ids: readonly string[],
  set: BulkSet,
): Promise<BulkResult> {
  if (ids.length === 0) {
    throw new AppError('VALIDATION', "El campo 'ids' debe nombrar al menos una pieza", [
      { field: 'ids', message: 'Sin piezas' },
    ]);
  }
  if (ids.length > BULK_MAX_ITEMS) {
    throw new AppError('VALIDATION', `Se pueden cambiar como máximo ${BULK_MAX_ITEMS} piezas a la vez`, [
      { field: 'ids', message: `Máximo ${BULK_MAX_ITEMS}` },
    ]);
  }
  const changes = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)) as BulkSet;
  if (Object.keys(changes).length === 0) {
    throw new AppError('VALIDATION', 'El cuerpo no contiene ningún campo que cambiar');
  }
  await assertAssignee(db, cycle.portfolioId, changes.assigneeId);
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(items)
      .where(and(eq(items.cycleId, cycle.id), inArray(items.id, unique)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const updated: ItemView[] = [];
    const refused: BulkResult['refused'] = [];
    const notFoundText = notFound('item').message;
    for (const id of unique) {
      const item = byId.get(id);
      if (!item || !canSeeStatus(internal, item.status)) {
        refused.push({ id, reason: notFoundText });
        continue;
      }
      try {
        assertFieldsMayChange(item, changes);
      } catch (error) {
        refused.push({ id, reason: (error as Error).message });
        continue;
      }
      const [row] = await tx
        .update(items)
        .set({ ...changes, version: item.version + 1 })
        .where(and(eq(items.id, item.id), eq(items.version, item.version)))
        .returning();
      if (!row) {
        refused.push({ id, reason: new AppError('CONCURRENT_UPDATE').message });
        continue;
      }
      if (row.assigneeId && row.assigneeId !== item.assigneeId) await follow(tx, item.id, [row.assigneeId]);
      updated.push(toItem(row));
    }
    if (updated.length > 0) {
      await tx
        .insert(itemHistory)
        .values(updated.map((i) => ({ itemId: i._id, actorId: actor.id, action: 'update' })));
    }
    return { updated, refused };
  });
}

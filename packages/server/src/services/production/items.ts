import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { TOTAL_CAP, withTotal } from '../../db/pages.ts';
import { prepared } from '../../db/prepared.ts';
import {
  comments,
  cycleItemTallies,
  cycles,
  files,
  type ItemStatus,
  itemHistory,
  items,
  type MaterialFile,
  portfolioAccess,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Actor, clientVisibleStatuses, visibleItems } from '../../policy.ts';
import { follow } from '../notify/events.ts';
import { makeKey, type StorageDriver } from '../storage/index.ts';
import { assertNotApproved } from './access.ts';
import { type CycleRow, type ItemRow, itemsAnswer, toItem, type Viewer } from './views.ts';

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
    .where(and(eq(users.id, assigneeId), isNull(users.deletedAt)));
  if (!row || (row.role !== 'admin' && !row.grant)) {
    throw new AppError('VALIDATION', "El campo 'assigneeId' no es un miembro del portafolio", [
      { field: 'assigneeId', message: 'No es miembro del portafolio' },
    ]);
  }
}

export const itemSortKeys = ['publishDate', 'title', 'status', 'format', 'createdAt', 'updatedAt'] as const;
export type ItemSort = (typeof itemSortKeys)[number];

export interface ItemQuery {
  page: number;
  limit: number;
  status?: ItemStatus[];
  format?: string;
  pilar?: string;
  angulo?: string;
  funnelPhase?: string;
  awarenessLevel?: string;
  assigneeId?: string;
  q?: string;
  sort?: ItemSort;
  order?: 'asc' | 'desc';
}

const sortColumns = {
  publishDate: items.publishDate,
  title: items.title,
  status: items.status,
  format: items.format,
  createdAt: items.createdAt,
  updatedAt: items.updatedAt,
} satisfies Record<ItemSort, unknown>;

/** `%` and `_` typed by a user are literal characters, not wildcards. */
const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Columns no row leaves empty: their order needs no NULLS clause (which no index read backwards would give). */
const notNullSorts = new Set<ItemSort>(['title', 'status', 'createdAt', 'updatedAt']);

/**
 * The page query, in the order asked for, each row carrying the page's total (`total`, a scalar subquery: one
 * statement per page). The default order (publication date, then creation) and the newest first are read straight
 * from an index (schema.ts), with or without one filter: the ties break in the same direction as the order so that
 * the index's own order is the answer.
 */
function pageQuery(
  db: DbOrTx,
  where: SQL | undefined,
  total: SQL<number>,
  q: Pick<ItemQuery, 'sort' | 'order'>,
) {
  const sort = q.sort ?? 'publishDate';
  const direction = q.order === 'desc' ? desc : asc;
  const column = sortColumns[sort];
  const first = notNullSorts.has(sort)
    ? direction(column)
    : q.order === 'desc'
      ? sql`${column} desc nulls last`
      : sql`${column} asc nulls last`;
  return db
    .select({ item: items, total: total.mapWith(Number) })
    .from(items)
    .where(where)
    .orderBy(first, direction(items.createdAt), direction(items.id));
}

/**
 * A page's total without reading every row: what the cycle's tallies say (exact, a few rows whatever the
 * cycle's size) when every filter is one of theirs; otherwise the matching rows counted up to `TOTAL_CAP`
 * (`capped`). As an expression, to travel with the page.
 */
function pageTotal(
  cycleId: SQL | string,
  internal: boolean,
  q: Omit<ItemQuery, 'page' | 'limit'>,
  where: SQL | undefined,
): { total: SQL<number>; capped: boolean } {
  if (!q.assigneeId && !q.q?.trim()) {
    const t = cycleItemTallies;
    const statuses = q.status?.length
      ? q.status.filter((s) => internal || clientVisibleStatuses.includes(s))
      : internal
        ? undefined
        : [...clientVisibleStatuses];
    if (statuses?.length === 0) return { total: sql<number>`0`, capped: false };
    const conditions = and(
      sql`${t.cycleId} = ${cycleId}`,
      statuses ? inArray(t.status, statuses) : undefined,
      q.format ? eq(t.format, q.format) : undefined,
      q.pilar ? eq(t.pilar, q.pilar) : undefined,
      q.angulo ? eq(t.angulo, q.angulo) : undefined,
      q.funnelPhase ? eq(t.funnelPhase, q.funnelPhase) : undefined,
      q.awarenessLevel ? eq(t.awarenessLevel, q.awarenessLevel) : undefined,
    );
    return {
      total: sql<number>`(select coalesce(sum(${t.n}), 0)::int from ${t} where ${conditions})`,
      capped: false,
    };
  }
  // Inside the subquery "items" is its own scan of the table: the conditions name its rows.
  return {
    total: sql<number>`(select count(*)::int from (select 1 from ${items} where ${where} limit ${TOTAL_CAP}) as capped)`,
    capped: true,
  };
}

/**
 * The unfiltered page (a board or a list opening, the commonest read) is a prepared statement per viewer kind
 * and order: no SQL is put together per request.
 */
const unfilteredPage = (db: Db, internal: boolean, q: Pick<ItemQuery, 'sort' | 'order'>) =>
  prepared(
    db,
    `items_page_${internal ? 'staff' : 'client'}_${q.sort ?? 'publishDate'}_${q.order ?? 'asc'}`,
    (name) => {
      const cycleId = sql`${sql.placeholder('cycleId')}`;
      return pageQuery(
        db,
        and(sql`${items.cycleId} = ${cycleId}`, visibleItems(internal)),
        pageTotal(cycleId, internal, {}, undefined).total,
        q,
      )
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name);
    },
  );

/** One page of a cycle's items, filtered and sorted, as the viewer may see them: one statement. */
export async function listItems(db: Db, cycleId: string, viewer: Viewer, q: ItemQuery) {
  const { internal } = viewer;
  const term = q.q?.trim();
  // What the viewer chose to filter by; with none, the page is the prepared statement.
  const chosen: Array<SQL | undefined> = [
    q.status?.length ? inArray(items.status, q.status) : undefined,
    q.format ? eq(items.format, q.format) : undefined,
    q.pilar ? eq(items.pilar, q.pilar) : undefined,
    q.angulo ? eq(items.angulo, q.angulo) : undefined,
    q.funnelPhase ? eq(items.funnelPhase, q.funnelPhase) : undefined,
    q.awarenessLevel ? eq(items.awarenessLevel, q.awarenessLevel) : undefined,
    q.assigneeId ? eq(items.assigneeId, q.assigneeId) : undefined,
    // The expression of the trigram index (schema.ts), written the same way.
    term ? sql`(${items.title} || ' ' || ${items.description}) ilike ${likeTerm(term)}` : undefined,
  ];
  const where = and(eq(items.cycleId, cycleId), visibleItems(internal), ...chosen);
  const offset = (q.page - 1) * q.limit;
  const { total: totalSql, capped } = pageTotal(cycleId, internal, q, where);
  const page = chosen.some(Boolean)
    ? await pageQuery(db, where, totalSql, q).limit(q.limit).offset(offset)
    : await unfilteredPage(db, internal, q).execute({ cycleId, limit: q.limit, offset });
  // A page past the end has no row to carry the total: only then is it asked on its own.
  const total =
    page[0]?.total ??
    (q.page > 1
      ? Number((await db.select({ n: totalSql.mapWith(Number) }).from(sql`(select 1) as one`))[0]?.n)
      : 0);
  const rows = page.map((r) => r.item);
  return {
    items: await itemsAnswer(db, rows, viewer),
    ...withTotal({ total, atLeast: capped && total >= TOTAL_CAP }, offset + rows.length),
    page: q.page,
    limit: q.limit,
  };
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
  assertNotApproved(item);
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
  assertNotApproved(item);
  const [target] = await db.select().from(cycles).where(eq(cycles.id, nextCycleId));
  if (!target || target.portfolioId !== item.portfolioId)
    throw new AppError('NOT_FOUND', 'Ciclo de destino no encontrado');
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
  if (!target || target.portfolioId !== portfolioId)
    throw new AppError('NOT_FOUND', 'Ciclo de destino no encontrado');
  const approved = moving.filter((i) => i.status === 'approved');
  if (approved.length > 0) {
    throw new AppError(
      'CONFLICT',
      `Las piezas aprobadas no se mueven: ${approved.map((i) => `«${i.title}»`).join(', ')}`,
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
  const pending = await db
    .select()
    .from(items)
    .where(and(eq(items.cycleId, cycle.id), sql`${items.status} <> 'approved'`));
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
  assertNotApproved(item);
  return db.transaction(async (tx) => {
    const keys = await tx.select({ key: files.s3Key }).from(files).where(eq(files.itemId, item.id));
    await tx.delete(comments).where(and(eq(comments.entityType, 'item'), eq(comments.entityId, item.id)));
    await tx.delete(items).where(eq(items.id, item.id));
    return keys.map((k) => k.key);
  });
}

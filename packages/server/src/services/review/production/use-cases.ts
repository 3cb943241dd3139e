import type { ProductionEvent } from '@crw/contracts/events';
import { AppError } from '../../../errors.ts';
import type { Actor } from '../../../policy.ts';
import type { EffectLog, Ports } from '../../ports.ts';
import type { TransitionName } from '../transitions.ts';
import type { CycleAccess, ItemAccess } from './access.ts';
import {
  type BoardRead,
  type ItemFilters,
  type ItemQuery,
  readCalendar,
  readItemPage,
} from './item-pages.ts';
import {
  type BulkSet,
  bulkUpdateItems,
  carryOver,
  createItem,
  deleteItem,
  duplicateItem,
  type ItemInput,
  moveItem,
  moveItems,
  updateItem,
} from './items.ts';
import { runTransition, type TransitionInput } from './review.ts';
import { generateStrategy } from './strategy.ts';
import { type ItemRow, type ItemView, toItem, type Viewer, withActions } from './views.ts';

/**
 * What the production routes call, one use-case per request: each writes through its service, then (after the
 * commit) tells the portfolio's open screens about the items it changed, and answers them as the caller sees
 * them, with what the caller may do on each now. The caller has been authorised (`loadItem`, `loadCycle`).
 */

type Access = Omit<Viewer, 'actor'>;

/** Tells the portfolio's open screens about the items a call changed, and answers them unchanged. */
function announce<T extends ItemView | ItemView[]>(
  ports: Pick<Ports, 'productionEvents'>,
  kind: ProductionEvent['kind'],
  actorId: string,
  result: T,
  previousStatus?: ItemView['status'],
): T {
  const list = Array.isArray(result) ? result : [result];
  ports.productionEvents.publish(list.map((item) => ({ kind, item, actorId, previousStatus })));
  return result;
}

/** Staff views of items as the caller is answered: with what the caller may do on each now. */
const answerAll = (ports: Pick<Ports, 'db'>, actor: Viewer['actor'], access: Access, views: ItemView[]) =>
  withActions(ports.db, views, { actor, ...access });
const answerOne = async (ports: Pick<Ports, 'db'>, actor: Viewer['actor'], access: Access, view: ItemView) =>
  (await answerAll(ports, actor, access, [view]))[0]!;

/**
 * A page of a cycle's items. On PGlite the same page for the same person is answered again until anything is
 * written (a grant, a role and an item are all writes); a refusal is never kept.
 */
export function itemPage(ports: Pick<Ports, 'db' | 'database'>, actor: Actor, cycleId: string, q: ItemQuery) {
  const read = () => readItemPage(ports.db, actor, cycleId, q);
  const reads = ports.database.reads;
  return reads ? reads.get(`items:${actor.id}:${actor.role}:${cycleId}:${JSON.stringify(q)}`, read) : read();
}

/**
 * A board's first pages in one read (issue 48: a filter asked once per column in sight, six requests and their
 * answers' work on a phone's main thread): each status in `q.status`, once and in that order, answered as
 * `itemPage` answers the list for that status alone (the same authorisation, counts and cache).
 */
export async function itemBoard(
  ports: Pick<Ports, 'db' | 'database'>,
  actor: Actor,
  cycleId: string,
  q: BoardRead,
) {
  const columns = [];
  // One after another: a request holds one of the pool's connections, not six.
  for (const status of new Set(q.status)) {
    const page = await itemPage(ports, actor, cycleId, { ...q, status: [status], page: 1 });
    columns.push({ status, ...page });
  }
  return { columns };
}

/** A cycle's calendar (`readCalendar`), kept as `itemPage` keeps its pages on PGlite. */
export function cycleCalendar(
  ports: Pick<Ports, 'db' | 'database'>,
  actor: Actor,
  cycleId: string,
  q: ItemFilters,
) {
  const read = () => readCalendar(ports.db, actor, cycleId, q);
  const reads = ports.database.reads;
  return reads
    ? reads.get(`calendar:${actor.id}:${actor.role}:${cycleId}:${JSON.stringify(q)}`, read)
    : read();
}

export async function addItem(ports: Ports, actor: Actor, access: CycleAccess, input: ItemInput) {
  const { cycle, ...rest } = access;
  const item = await createItem(ports.db, actor, cycle, input);
  announce(ports, 'item.created', actor.id, item);
  return answerOne(ports, actor, rest, item);
}

/**
 * Edits an item's fields: `version`, when given, is the one the caller read (another person's change since
 * then is a 409, nothing is overwritten); a body with nothing to change is refused.
 */
export async function editItem(
  ports: Ports,
  actor: Actor,
  access: ItemAccess,
  body: Partial<ItemInput> & { version?: number },
) {
  const { item, ...rest } = access;
  const { version, ...changes } = body;
  if (version !== undefined && version !== item.version) throw new AppError('CONCURRENT_UPDATE');
  if (Object.keys(changes).length === 0) {
    throw new AppError('VALIDATION', 'El cuerpo no contiene ningún campo que cambiar');
  }
  const updated = await updateItem(ports.db, actor, item, changes);
  announce(ports, 'item.updated', actor.id, updated);
  return answerOne(ports, actor, rest, updated);
}

/**
 * Sets the same fields on several of a cycle's pieces (production/items.ts `bulkUpdateItems`): the open screens
 * hear of each piece changed as of a single edit; the answer names the pieces changed and each refused one's reason.
 */
export async function bulkEditItems(
  ports: Ports,
  actor: Actor,
  access: CycleAccess,
  ids: readonly string[],
  set: BulkSet,
) {
  const { cycle, internal } = access;
  const { updated, refused } = await bulkUpdateItems(ports.db, actor, cycle, internal, ids, set);
  if (updated.length > 0) announce(ports, 'item.updated', actor.id, updated);
  return { updated: updated.map((i) => i._id), refused };
}

/** Deletes an item; its stored files go once the deletion has committed (a failure there is only logged). */
export async function removeItem(ports: Ports, actor: Actor, item: ItemRow, log: EffectLog) {
  const keys = await deleteItem(ports.db, item);
  announce(ports, 'item.deleted', actor.id, toItem(item));
  await ports.storage.delete(keys).catch((err) => log.warn({ err }, 'limpieza de archivos'));
}

export async function copyItem(ports: Ports, actor: Actor, access: ItemAccess) {
  const { item, ...rest } = access;
  const copy = await duplicateItem(ports.db, ports.storage, actor, item);
  announce(ports, 'item.created', actor.id, copy);
  return answerOne(ports, actor, rest, copy);
}

export async function moveItemTo(ports: Ports, actor: Actor, access: ItemAccess, nextCycleId: string) {
  const { item, ...rest } = access;
  const moved = await moveItem(ports.db, actor, item, nextCycleId);
  announce(ports, 'item.updated', actor.id, moved);
  return answerOne(ports, actor, rest, moved);
}

/** Moves several items (all of them or none); `access` is the caller's on their portfolio. */
export async function moveItemsTo(
  ports: Ports,
  actor: Actor,
  moving: ItemRow[],
  access: Access,
  nextCycleId: string,
) {
  const moved = await moveItems(ports.db, actor, moving, nextCycleId);
  announce(ports, 'item.updated', actor.id, moved);
  return answerAll(ports, actor, access, moved);
}

export async function carryOverPending(ports: Ports, actor: Actor, access: CycleAccess, nextCycleId: string) {
  const { cycle, ...rest } = access;
  const moved = await carryOver(ports.db, actor, cycle, nextCycleId);
  announce(ports, 'item.updated', actor.id, moved);
  return answerAll(ports, actor, rest, moved);
}

/**
 * One call of the review flow (production/review.ts), then: a client approval wakes the Notion sync
 * (the approval queued the item for it), and the open screens hear of the new status.
 */
export async function reviewStep(
  ports: Ports,
  actor: Actor & { name?: string },
  itemId: string,
  name: TransitionName,
  input: TransitionInput,
  uploadMaxBytes: number,
) {
  const { item, answer, previousStatus } = await runTransition(ports, actor, itemId, name, input, {
    storage: ports.storage,
    maxBytes: uploadMaxBytes,
  });
  if (name === 'approve-client-review') ports.notionSync.kick();
  announce(ports, 'item.updated', actor.id, item, previousStatus);
  return answer;
}

export async function draftStrategy(ports: Ports, actor: Actor, access: CycleAccess, itemsCount: number) {
  const { cycle, ...rest } = access;
  const created = await generateStrategy(ports.db, actor, cycle, itemsCount);
  announce(ports, 'item.created', actor.id, created);
  return answerAll(ports, actor, rest, created);
}

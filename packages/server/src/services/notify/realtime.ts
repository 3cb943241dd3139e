import type { FastifyBaseLogger } from 'fastify';
import type { CommentsEvent, ProductionEvent, TasksEvent } from '@crw/contracts/events';
import type { Db } from '../../db/client.ts';
import type { items } from '../../db/schema.ts';
import { canSeeStatus, membersOf } from '../../policy.ts';
import { type SocketServer, userRoom } from './notifier.ts';

type ItemRow = typeof items.$inferSelect;
/**
 * The changed item as the review's ItemView (services/review/production/views.ts) carries it, named from the
 * table's row so that notify, which the review imports, does not import the review back.
 */
type ChangedItem = { _id: string } & Pick<ItemRow, 'portfolioId' | 'cycleId' | 'status' | 'version'>;

export interface ProductionChange {
  kind: ProductionEvent['kind'];
  item: ChangedItem;
  /** The status before the change: a client is told when an item leaves or enters its view. */
  previousStatus?: ItemRow['status'];
  actorId: string;
}

export interface CommentChange {
  kind: CommentsEvent['kind'];
  entity: { type: CommentsEvent['entityType']; id: string; portfolioId: string; visibleToClient: boolean };
  commentId: string;
  /** Its visibility now, and before an edit: a client is told when a comment enters or leaves its view. */
  visibility: 'internal' | 'client';
  previousVisibility?: 'internal' | 'client';
  actorId: string;
}

/** How long a portfolio's audience is reused between changes of access (each change forgets it at once). */
const AUDIENCE_TTL_MS = 5_000;

export interface ProductionPublisher {
  /** Fire and forget, after the commit: failures are logged, never thrown at the request. */
  publish(changes: ProductionChange[]): void;
  /** The same for a comment: after the commit, to those who may read it. */
  comment(change: CommentChange): void;
  /** An agent's task changed status: to the portfolio's team (tasks are internal work). */
  task(task: { id: string; portfolioId: string; agentId: string; status: TasksEvent['status'] }): void;
  /** Someone's access changed (a grant, a revoke, a role, a deletion): audiences are read again. */
  forget(): void;
}

type Audience = Array<{ id: string; internal: boolean }>;

export function createProductionPublisher(deps: {
  db: Db;
  io: () => SocketServer | undefined;
  log: FastifyBaseLogger;
}): ProductionPublisher {
  const warn = (err: unknown) =>
    deps.log.warn({ err }, 'no se pudo avisar en tiempo real de un cambio de producción');
  // A busy portfolio's every comment and change would read its grants again: they are kept for a few seconds,
  // and dropped whenever anyone's access changes (on every instance, see plugins/realtime.ts).
  let cache = new Map<string, { at: number; audience: Promise<Audience> }>();
  const audienceOf = (portfolioId: string) => {
    const now = Date.now();
    const hit = cache.get(portfolioId);
    if (hit && now - hit.at < AUDIENCE_TTL_MS) return hit.audience;
    const audience = portfolioAudience(deps.db, portfolioId);
    const entry = { at: now, audience };
    cache.set(portfolioId, entry);
    // A failed read is not kept.
    audience.catch(() => {
      if (cache.get(portfolioId) === entry) cache.delete(portfolioId);
    });
    if (cache.size > 1_000) cache.delete(cache.keys().next().value!);
    return audience;
  };
  return {
    publish(changes) {
      publishProductionChanges(audienceOf, deps.io(), changes).catch(warn);
    },
    comment(change) {
      publishCommentChange(audienceOf, deps.io(), change).catch(warn);
    },
    forget() {
      cache = new Map();
    },
    task(task) {
      const io = deps.io();
      if (!io) return;
      audienceOf(task.portfolioId)
        .then((audience) => {
          const rooms = audience.filter((u) => u.internal).map((u) => userRoom(u.id));
          const event: TasksEvent = {
            portfolioId: task.portfolioId,
            agentId: task.agentId,
            taskId: task.id,
            status: task.status,
          };
          if (rooms.length > 0) io.to(rooms).emit('tasks:changed', event);
        })
        .catch(warn);
    },
  };
}

/**
 * Who sees a portfolio's production right now, read from the grants at that moment (so a new grant is
 * honoured at once): its members (policy.ts `membersOf`) who may see the production, marked internal or not.
 */
async function portfolioAudience(db: Db, portfolioId: string): Promise<Audience> {
  return (await membersOf(db, portfolioId))
    .filter((m) => m.perms.has('production.view'))
    .map((m) => ({ id: m.id, internal: m.internal }));
}

/**
 * Tells the open screens of a portfolio that a comment changed. A client is told only about a comment it may
 * read before or after the change (a client-visible comment on something the client sees).
 */
async function publishCommentChange(
  audienceOf: (portfolioId: string) => Promise<Audience>,
  io: SocketServer | undefined,
  change: CommentChange,
) {
  if (!io) return;
  const { entity } = change;
  const clientSees =
    entity.visibleToClient && (change.visibility === 'client' || change.previousVisibility === 'client');
  const rooms = (await audienceOf(entity.portfolioId))
    .filter((u) => u.internal || clientSees)
    .map((u) => userRoom(u.id));
  if (rooms.length === 0) return;
  const event: CommentsEvent = {
    kind: change.kind,
    portfolioId: entity.portfolioId,
    entityType: entity.type,
    entityId: entity.id,
    commentId: change.commentId,
    actorId: change.actorId,
  };
  io.to(rooms).emit('comments:changed', event);
}

/**
 * Tells every open screen of a portfolio that an item changed, after the change has committed. A client is
 * told only about items it may see (before or after the change): no event reveals that a draft exists.
 * Through the Redis adapter every instance's sockets receive it once.
 */
async function publishProductionChanges(
  audienceOf: (portfolioId: string) => Promise<Audience>,
  io: SocketServer | undefined,
  changes: ProductionChange[],
): Promise<void> {
  if (!io || changes.length === 0) return;
  const audience = await audienceOf(changes[0]!.item.portfolioId);
  for (const change of changes) {
    const { item } = change;
    const event: ProductionEvent = {
      kind: change.kind,
      portfolioId: item.portfolioId,
      cycleId: item.cycleId,
      itemId: item._id,
      ...(change.kind === 'item.deleted' ? {} : { version: item.version }),
      actorId: change.actorId,
    };
    const clientSees =
      canSeeStatus(false, item.status) ||
      (change.previousStatus !== undefined && canSeeStatus(false, change.previousStatus));
    const rooms = audience.filter((u) => u.internal || clientSees).map((u) => userRoom(u.id));
    if (rooms.length > 0) io.to(rooms).emit('production:changed', event);
  }
}

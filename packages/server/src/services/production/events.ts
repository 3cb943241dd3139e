import type { CommentsEvent, ProductionEvent, TasksEvent } from '@crw/api-client/events';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { portfolioAccess, users } from '../../db/schema.ts';
import { canSeeStatus, isInternalViewer } from '../../policy.ts';
import { type SocketServer, userRoom } from '../notifier.ts';
import type { ItemView } from './views.ts';

export interface ProductionChange {
  kind: ProductionEvent['kind'];
  item: Pick<ItemView, '_id' | 'portfolioId' | 'cycleId' | 'status' | 'version'>;
  /** The status before the change: a client is told when an item leaves or enters its view. */
  previousStatus?: ItemView['status'];
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

export interface ProductionPublisher {
  /** Fire and forget, after the commit: failures are logged, never thrown at the request. */
  publish(changes: ProductionChange[]): void;
  /** The same for a comment: after the commit, to those who may read it. */
  comment(change: CommentChange): void;
  /** An agent's task changed status: to the portfolio's team (tasks are internal work). */
  task(task: { id: string; portfolioId: string; agentId: string; status: TasksEvent['status'] }): void;
}

export function createProductionPublisher(deps: {
  db: Db;
  io: () => SocketServer | undefined;
  log: FastifyBaseLogger;
}): ProductionPublisher {
  const warn = (err: unknown) =>
    deps.log.warn({ err }, 'no se pudo avisar en tiempo real de un cambio de producción');
  return {
    publish(changes) {
      publishProductionChanges(deps.db, deps.io(), changes).catch(warn);
    },
    comment(change) {
      publishCommentChange(deps.db, deps.io(), change).catch(warn);
    },
    task(task) {
      const io = deps.io();
      if (!io) return;
      portfolioAudience(deps.db, task.portfolioId)
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
 * honoured at once): every admin, and each holder of production.view, marked internal or not.
 */
async function portfolioAudience(db: Db, portfolioId: string) {
  const viewers = await db
    .select({ id: users.id, role: users.role, permissions: portfolioAccess.permissions })
    .from(portfolioAccess)
    .innerJoin(users, eq(users.id, portfolioAccess.userId))
    .where(and(eq(portfolioAccess.portfolioId, portfolioId), isNull(users.deletedAt)));
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)));
  return [
    ...admins.map((a) => ({ id: a.id, internal: true })),
    ...viewers
      .filter((v) => v.role !== 'admin' && v.permissions.includes('production.view'))
      .map((v) => ({ id: v.id, internal: isInternalViewer(v, new Set(v.permissions)) })),
  ];
}

/**
 * Tells the open screens of a portfolio that a comment changed. A client is told only about a comment it may
 * read before or after the change (a client-visible comment on something the client sees).
 */
async function publishCommentChange(db: Db, io: SocketServer | undefined, change: CommentChange) {
  if (!io) return;
  const { entity } = change;
  const clientSees =
    entity.visibleToClient && (change.visibility === 'client' || change.previousVisibility === 'client');
  const rooms = (await portfolioAudience(db, entity.portfolioId))
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
  db: Db,
  io: SocketServer | undefined,
  changes: ProductionChange[],
): Promise<void> {
  if (!io || changes.length === 0) return;
  const audience = await portfolioAudience(db, changes[0]!.item.portfolioId);
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

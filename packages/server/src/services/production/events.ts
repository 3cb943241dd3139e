import type { ProductionEvent } from '@crw/api-client/events';
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

export interface ProductionPublisher {
  /** Fire and forget, after the commit: failures are logged, never thrown at the request. */
  publish(changes: ProductionChange[]): void;
}

export function createProductionPublisher(deps: {
  db: Db;
  io: () => SocketServer | undefined;
  log: FastifyBaseLogger;
}): ProductionPublisher {
  return {
    publish(changes) {
      publishProductionChanges(deps.db, deps.io(), changes).catch((err) =>
        deps.log.warn({ err }, 'no se pudo avisar en tiempo real de un cambio de producción'),
      );
    },
  };
}

/**
 * Tells every open screen of a portfolio that an item changed, after the change has committed. Recipients are
 * read from the grants at that moment (so a new grant is honoured at once), and a client is told only about
 * items it may see (before or after the change): no event reveals that a draft exists. Through the Redis
 * adapter every instance's sockets receive it once.
 */
async function publishProductionChanges(
  db: Db,
  io: SocketServer | undefined,
  changes: ProductionChange[],
): Promise<void> {
  if (!io || changes.length === 0) return;
  const portfolioId = changes[0]!.item.portfolioId;
  const viewers = await db
    .select({ id: users.id, role: users.role, permissions: portfolioAccess.permissions })
    .from(portfolioAccess)
    .innerJoin(users, eq(users.id, portfolioAccess.userId))
    .where(and(eq(portfolioAccess.portfolioId, portfolioId), isNull(users.deletedAt)));
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)));
  const audience = [
    ...admins.map((a) => ({ id: a.id, internal: true })),
    ...viewers
      .filter((v) => v.role !== 'admin' && v.permissions.includes('production.view'))
      .map((v) => ({ id: v.id, internal: isInternalViewer(v, new Set(v.permissions)) })),
  ];
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

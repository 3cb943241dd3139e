import type { FastifyInstance } from 'fastify';
import { type Actor, type PortfolioPermission, requirePortfolio } from '../policy.ts';
import { loadCycle } from '../services/review/index.ts';

/**
 * The portfolio named by the path's `:id`, once policy.ts has let the caller act on it with `permission` (404 when
 * the caller may not see it, 403 without the permission): a route's handler reads the id only through this.
 */
export async function portfolioFromPath(
  app: FastifyInstance,
  request: { user: Actor; params: { id: string } },
  permission: PortfolioPermission,
): Promise<string> {
  await requirePortfolio(app.db, request.user, request.params.id, permission);
  return request.params.id;
}

/** The cycle named by the path's `:id` and the caller's access to it, once they hold `permission` on its portfolio. */
export const cycleFromPath = (
  app: FastifyInstance,
  request: { user: Actor; params: { id: string } },
  permission: PortfolioPermission,
) => loadCycle(app.db, request.user, request.params.id, permission);

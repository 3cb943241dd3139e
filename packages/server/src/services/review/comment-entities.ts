import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  agents,
  type CommentEntityType,
  type CommentVisibility,
  cycles,
  type ItemStatus,
  items,
  portfolios,
  tasks,
} from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import {
  type Actor,
  canSeeStatus,
  grantJoin,
  isInternalViewer,
  permissionsFromGrant,
  portfolioHome,
} from '../../policy.ts';

/** What a comment is written on (an item, a cycle, a task, an agent, a portfolio), as its reader may reach it. */
export interface ResolvedEntity {
  type: CommentEntityType;
  id: string;
  portfolioId: string;
  /** Whether a client (portfolio.view only) may see the entity at all. */
  visibleToClient: boolean;
  /** The visibility a staff comment gets when none is chosen. */
  defaultVisibility: CommentVisibility;
  /**
   * Where in the app a notification about it opens it, for each audience: a client may not open the staff
   * screens (production, dashboard, agents), so it gets the review panel or its own dashboard.
   */
  links: Record<Audience, string>;
  /** The reader's permissions on its portfolio (null: may not see it), read with it. */
  perms: ReadonlySet<string> | null;
  /**
   * An item's status and current version (quotes of its copy are read against it) and its title (what a
   * comment's notification names); null for other entities.
   */
  item: { status: ItemStatus; currentVersion: number; title: string } | null;
}

/** Who a link is for: the staff screens, or the screens a client may open (spec §2). */
export type Audience = 'staff' | 'client';

/**
 * The portfolio an entity belongs to, whether clients may see it, and the reader's permissions on that
 * portfolio, read in the same query (its grant joined to the row). Unknown → 404.
 */
export async function resolveEntity(
  db: DbOrTx,
  type: CommentEntityType,
  id: string,
  actor: Actor,
): Promise<ResolvedEntity> {
  const entity = (
    row: { p: string; grant: string[] | null },
    visibleToClient: boolean,
    staff: string | null,
    client: string | null,
    sent = false,
    item: ResolvedEntity['item'] = null,
  ): ResolvedEntity => {
    const base = `/portfolios/${row.p}/`;
    // Null: the audience's home in the portfolio.
    const link = (path: string | null, role: 'employee' | 'client') =>
      path === null ? portfolioHome(row.p, role) : base + path;
    return {
      type,
      id,
      portfolioId: row.p,
      visibleToClient,
      defaultVisibility: sent ? 'client' : 'internal',
      // An entity no client may see never notifies one; its client link is then the safe client dashboard.
      links: { staff: link(staff, 'employee'), client: link(client, 'client') },
      perms: permissionsFromGrant(actor, row.grant),
      item,
    };
  };
  // The actor's grant on the entity's portfolio, read with it (null when there is none): the column is the same
  // whichever join reads it.
  const grant = grantJoin(actor, portfolios.id).permissions;
  switch (type) {
    case 'item': {
      const [row] = await db
        .select({ p: items.portfolioId, s: items.status, v: items.currentVersion, t: items.title, grant })
        .from(items)
        .leftJoin(...grantJoin(actor, items.portfolioId).join)
        .where(eq(items.id, id));
      if (!row) throw notFound('element');
      // Items not yet sent to the client default to internal comments, afterwards to client ones.
      const sent = canSeeStatus(false, row.s);
      return entity(row, sent, `production?item=${id}`, `review?item=${id}`, sent, {
        status: row.s,
        currentVersion: row.v,
        title: row.t,
      });
    }
    case 'cycle': {
      const [row] = await db
        .select({ p: cycles.portfolioId, grant })
        .from(cycles)
        .leftJoin(...grantJoin(actor, cycles.portfolioId).join)
        .where(eq(cycles.id, id));
      if (!row) throw notFound('element');
      return entity(row, true, `production?cycle=${id}`, null);
    }
    case 'task': {
      const [row] = await db
        .select({ p: tasks.portfolioId, a: tasks.agentId, grant })
        .from(tasks)
        .leftJoin(...grantJoin(actor, tasks.portfolioId).join)
        .where(eq(tasks.id, id));
      if (!row) throw notFound('element');
      return entity(row, false, `agents/${row.a}`, null);
    }
    case 'agent': {
      const [row] = await db
        .select({ p: agents.portfolioId, grant })
        .from(agents)
        .leftJoin(...grantJoin(actor, agents.portfolioId).join)
        .where(eq(agents.id, id));
      if (!row) throw notFound('element');
      return entity(row, false, `agents/${id}`, null);
    }
    case 'portfolio': {
      const [row] = await db
        .select({ p: portfolios.id, grant })
        .from(portfolios)
        .leftJoin(...grantJoin(actor, portfolios.id).join)
        .where(eq(portfolios.id, id));
      if (!row) throw notFound('element');
      return entity(row, true, null, null);
    }
    default:
      return type satisfies never;
  }
}

/**
 * Checks the actor may see the entity (404 otherwise) and, for writing, holds comments.write (403).
 * Answers whether the actor is an internal viewer (sees internal comments).
 */
export function authorizeEntity(actor: Actor, entity: ResolvedEntity, write: boolean): { internal: boolean } {
  const { perms } = entity;
  const internal = perms ? isInternalViewer(actor, perms) : false;
  if (!perms || (!entity.visibleToClient && !internal)) throw notFound('element');
  if (write && !perms.has('comments.write')) throw new AppError('FORBIDDEN');
  return { internal };
}

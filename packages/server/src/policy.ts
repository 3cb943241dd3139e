import { and, asc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db/client.ts';
import {
  type CommentVisibility,
  comments,
  type ItemStatus,
  items,
  itemVersions,
  portfolios,
  type Role,
  users,
} from './db/schema.ts';
import { AppError, type NotFoundSubject, notFound } from './errors.ts';
import {
  grantJoin as grantJoinOf,
  grantOf,
  grantSubquery,
  grantsOf,
  portfolioGranted,
  userGrantJoin,
  usersGranted,
} from './policy/grants.ts';

// The grants table's writes and plain reads: the services reach it only through the policy.
export {
  addGrant,
  grantsOf,
  grantsWithNamesOf,
  putGrant,
  removeGrant,
  removeGrantsOf,
  resetGrantsOf,
} from './policy/grants.ts';

/**
 * The one policy module. Routes never decide authorisation themselves: they call these functions.
 * Rules (product-design §3): an admin can do everything; everyone else acts inside a portfolio only
 * through a grant, and outside portfolios through their own permission list. What a user may not see
 * answers 404, so ids cannot be probed; what they can see but may not do answers 403.
 */
export const permissionCatalog = [
  { key: 'portfolio.view', scope: 'portfolio', label: 'Ver el portafolio' },
  { key: 'portfolio.edit', scope: 'portfolio', label: 'Editar el portafolio (ajustes e integraciones)' },
  { key: 'portfolio.delete', scope: 'portfolio', label: 'Eliminar el portafolio' },
  { key: 'production.view', scope: 'portfolio', label: 'Ver la producción' },
  {
    key: 'production.edit',
    scope: 'portfolio',
    label: 'Editar la producción (ciclos, piezas, material, archivos, estrategia)',
  },
  {
    key: 'review.internal',
    scope: 'portfolio',
    label: 'Revisión interna (aprobar para cliente o pedir cambios)',
  },
  { key: 'review.client', scope: 'portfolio', label: 'Revisión del cliente (aprobar o pedir cambios)' },
  { key: 'agents.manage', scope: 'portfolio', label: 'Gestionar agentes, tareas y herramientas del agente' },
  { key: 'comments.write', scope: 'portfolio', label: 'Escribir comentarios' },
  { key: 'portfolios.create', scope: 'global', label: 'Crear portafolios' },
  { key: 'users.search', scope: 'global', label: 'Buscar usuarios' },
] as const;

export type Permission = (typeof permissionCatalog)[number]['key'];
export type PortfolioPermission = Extract<(typeof permissionCatalog)[number], { scope: 'portfolio' }>['key'];
export type GlobalPermission = Extract<(typeof permissionCatalog)[number], { scope: 'global' }>['key'];

export const portfolioPermissionKeys = permissionCatalog
  .filter((p) => p.scope === 'portfolio')
  .map((p) => p.key) as PortfolioPermission[];
export const globalPermissionKeys = permissionCatalog
  .filter((p) => p.scope === 'global')
  .map((p) => p.key) as GlobalPermission[];

export const defaultPortfolioPermissions: Record<Exclude<Role, 'admin'>, PortfolioPermission[]> = {
  employee: [
    'portfolio.view',
    'portfolio.edit',
    'production.view',
    'production.edit',
    'review.internal',
    'agents.manage',
    'comments.write',
  ],
  client: ['portfolio.view', 'production.view', 'review.client', 'comments.write'],
};

export const defaultGlobalPermissions: Record<Role, GlobalPermission[]> = {
  admin: [...globalPermissionKeys],
  employee: ['portfolios.create', 'users.search'],
  client: [],
};

export interface Actor {
  id: string;
  role: Role;
  permissions: string[];
}

export const isAdmin = (actor: Actor) => actor.role === 'admin';

export function hasGlobal(actor: Actor, permission: GlobalPermission): boolean {
  return isAdmin(actor) || actor.permissions.includes(permission);
}

export function requireGlobal(actor: Actor, permission: GlobalPermission): void {
  if (!hasGlobal(actor, permission)) throw new AppError('FORBIDDEN');
}

/**
 * The actor's grant on the portfolio of a row, read with the row itself (a left join), so a load and its
 * access check are one query: with `g = grantJoin(actor, items.portfolioId)`,
 * `.select({ item: items, grant: g.permissions }).from(items).leftJoin(...g.join)`; then `permissionsFromGrant`.
 */
export const grantJoin = (actor: Actor, portfolioId: AnyPgColumn) => grantJoinOf(actor.id, portfolioId);

/**
 * The actor's grant on a portfolio as a scalar subquery, for a statement whose rows all share it (a page of a
 * cycle): PostgreSQL reads it once. Null when there is none; then `permissionsFromGrant`.
 */
export const grantColumn = (actorId: SQL, portfolioId: SQL) => grantSubquery(actorId, portfolioId);

/**
 * The actor's permissions from the grant read with a row of the portfolio (`grantJoin`), or null when it may
 * not see the portfolio. An admin sees every portfolio: the row's existence is the portfolio's.
 */
export function permissionsFromGrant(
  actor: Actor,
  grant: readonly string[] | null | undefined,
): ReadonlySet<string> | null {
  if (isAdmin(actor)) return new Set(portfolioPermissionKeys);
  if (!grant?.includes('portfolio.view')) return null;
  return new Set(grant);
}

/** The actor's permissions on a portfolio, or null when it may not see it at all. */
export async function portfolioPermissions(
  db: DbOrTx,
  actor: Actor,
  portfolioId: string,
): Promise<ReadonlySet<string> | null> {
  if (isAdmin(actor)) {
    // An admin sees every portfolio that exists; one that does not is still a 404.
    const [row] = await db
      .select({ id: portfolios.id })
      .from(portfolios)
      .where(eq(portfolios.id, portfolioId));
    return row ? new Set(portfolioPermissionKeys) : null;
  }
  return permissionsFromGrant(actor, await grantOf(db, actor.id, portfolioId));
}

/** Whether the user (by id) may manage the portfolio's agents (`agents.manage`): hears of their tasks, takes them. */
export async function managesAgents(db: DbOrTx, userId: string, portfolioId: string) {
  const [user] = await db
    .select({ id: users.id, role: users.role, permissions: users.permissions })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return false;
  return (await portfolioPermissions(db, user, portfolioId))?.has('agents.manage') ?? false;
}

/**
 * Asserts the actor may act on the portfolio with `permission`. No grant (or no view) → 404 naming
 * `missing` (the portfolio, unless the caller reached it through something else); a grant without the permission → 403. Returns the actor's permission set.
 */
export async function requirePortfolio(
  db: DbOrTx,
  actor: Actor,
  portfolioId: string,
  permission: PortfolioPermission,
  missing: NotFoundSubject = 'portfolio',
): Promise<ReadonlySet<string>> {
  const perms = await portfolioPermissions(db, actor, portfolioId);
  if (!perms) throw notFound(missing);
  if (!perms.has(permission)) throw new AppError('FORBIDDEN');
  return perms;
}

/** Who may edit or delete a comment: its author, or an admin. The comments API answers it as `canEdit`. */
export const mayChangeComment = (actor: Actor, authorId: string | null) =>
  authorId === actor.id || isAdmin(actor);

// ——— What a client may see (product-design §4) ———
// One place answers "is this viewer staff?" and derives every filter from it: items, versions, history,
// comments, counts, strategy, dashboards and notifications all ask here.

/** Statuses a client may see: from client review on. */
export const clientVisibleStatuses: readonly ItemStatus[] = ['client_review', 'client_changes', 'approved'];

/**
 * Whether the actor sees a portfolio's internal work (drafts, internal reviews, internal comments, every
 * version). Admins do; clients never do, whatever their grant says; anyone else does when they hold a
 * permission that works on internal material.
 */
export function isInternalViewer(actor: Pick<Actor, 'role'>, perms: ReadonlySet<string>): boolean {
  if (actor.role === 'admin') return true;
  if (actor.role === 'client') return false;
  return perms.has('production.edit') || perms.has('review.internal') || perms.has('agents.manage');
}

export const canSeeStatus = (internal: boolean, status: ItemStatus) =>
  internal || clientVisibleStatuses.includes(status);

/** SQL filter on `items` for the viewer (undefined: everything). */
export const visibleItems = (internal: boolean): SQL | undefined =>
  internal ? undefined : inArray(items.status, [...clientVisibleStatuses]);

/** SQL filter on `item_versions`: clients see only the versions that were sent to them. */
export const visibleVersions = (internal: boolean): SQL | undefined =>
  internal ? undefined : isNotNull(itemVersions.sentToClientAt);

/**
 * SQL filter on `comments`: clients read only comments meant for them. The value is written into the statement,
 * not sent as a parameter: the partial indexes of client comments (schema/comments.ts) answer only a statement
 * whose condition is their own, also once PostgreSQL keeps a prepared statement's generic plan.
 */
export const visibleComments = (internal: boolean): SQL | undefined =>
  internal
    ? undefined
    : sql`${comments.visibility} = ${sql.raw(`'${'client' satisfies CommentVisibility}'`)}`;

/** History entries a client may read: the steps that involve the client. */
export const clientFacingActions: ReadonlySet<string> = new Set([
  'approve-for-client',
  'withdraw-from-client-review',
  'approve-client-review',
  'request-client-changes',
]);

// ——— Who belongs, who reviews, and where they land ———
// One place answers "who are the people of this portfolio?": the assignee check, the members list, mentions,
// the notifications of items and comments and the links a notification may carry all ask here.

/** Someone of a portfolio, with what they may do on it and whether they see its internal work. */
export interface PortfolioMember {
  id: string;
  name: string;
  email: string;
  role: Role;
  perms: ReadonlySet<string>;
  internal: boolean;
}

/**
 * The people of a portfolio: the admins and everyone whose grant lets them see it (`portfolio.view`), never a
 * removed user, ordered by name. `only` narrows the answer to those users. One query.
 */
export async function membersOf(
  db: DbOrTx,
  portfolioId: string,
  only?: readonly string[],
): Promise<PortfolioMember[]> {
  if (only?.length === 0) return [];
  const grant = userGrantJoin(users.id, portfolioId);
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      grant: grant.permissions,
    })
    .from(users)
    .leftJoin(...grant.join)
    .where(
      and(
        isNull(users.deletedAt),
        or(eq(users.role, 'admin'), eq(grant.portfolioId, portfolioId)),
        only ? inArray(users.id, [...only]) : undefined,
      ),
    )
    .orderBy(asc(users.name));
  const members: PortfolioMember[] = [];
  for (const { grant, ...user } of rows) {
    const perms = permissionsFromGrant({ ...user, permissions: [] }, grant);
    if (perms) members.push({ ...user, perms, internal: isInternalViewer(user, perms) });
  }
  return members;
}

/**
 * The people `membersOf` answers, for many users and portfolios at once, as a condition on `users` (the
 * broadcast's audience): an admin, or someone whose grant lets them see one of `portfolioIds`.
 */
export function memberOfAny(db: DbOrTx, portfolioIds: readonly string[]): SQL {
  const granted = usersGranted(db, portfolioIds, 'portfolio.view' satisfies PortfolioPermission);
  return sql`(${users.role} = 'admin' or ${users.id} in ${granted})`;
}

/**
 * A condition on a portfolio id column for a listing: the portfolios the actor sees (undefined for an admin, who
 * sees every one). `.where(visiblePortfolioCondition(actor))` lists the actor's portfolios.
 */
export const visiblePortfolioCondition = (
  actor: Actor,
  column: AnyPgColumn = portfolios.id,
): SQL | undefined =>
  isAdmin(actor)
    ? undefined
    : portfolioGranted(column, actor.id, 'portfolio.view' satisfies PortfolioPermission);

/** What the actor may do in a portfolio it sees, and whether it sees its internal work. */
export interface PortfolioAccess {
  perms: ReadonlySet<string>;
  internal: boolean;
}

/**
 * The portfolios the actor sees, each with its access there (a grant without `portfolio.view` is none); undefined
 * for an admin, who sees every one with every permission. One query.
 */
export async function visiblePortfolios(
  db: DbOrTx,
  actor: Actor,
): Promise<Map<string, PortfolioAccess> | undefined> {
  if (isAdmin(actor)) return undefined;
  const seen = new Map<string, PortfolioAccess>();
  for (const grant of await grantsOf(db, actor.id)) {
    const perms = permissionsFromGrant(actor, grant.permissions);
    if (perms) seen.set(grant.portfolioId, { perms, internal: isInternalViewer(actor, perms) });
  }
  return seen;
}

/** The ids of the portfolios the actor sees where `may` holds (undefined: every one, for an admin). */
export async function visiblePortfolioIds(
  db: DbOrTx,
  actor: Actor,
  may: (access: PortfolioAccess) => boolean = () => true,
): Promise<string[] | undefined> {
  const seen = await visiblePortfolios(db, actor);
  return seen && [...seen].filter(([, access]) => may(access)).map(([id]) => id);
}

/**
 * The permission of each side's review decision: the team's (approve for the client or ask for changes) and
 * the client's. The transition table (services/review/transitions.ts) names the same ones.
 */
export const reviewDecision = {
  internal: 'review.internal',
  client: 'review.client',
} as const satisfies Record<string, PortfolioPermission>;

/** An internal reviewer: sees internal work and may take the team's review decision. */
export const isInternalReviewer = (m: { internal: boolean; perms: ReadonlySet<string> }) =>
  m.internal && m.perms.has(reviewDecision.internal);

/** A client reviewer: sees only the client view and may take the client's review decision. */
export const isClientReviewer = (m: { internal: boolean; perms: ReadonlySet<string> }) =>
  !m.internal && m.perms.has(reviewDecision.client);

/**
 * Who may take a side's review decision on a portfolio's items: its people who see the production and are
 * reviewers of that side (`isInternalReviewer`, admins included; `isClientReviewer`). The four-eyes rule
 * (services/review/transitions.ts `selfApproval`) is the caller's, as it depends on the item.
 */
export async function reviewersOf(
  db: DbOrTx,
  portfolioId: string,
  side: keyof typeof reviewDecision,
): Promise<PortfolioMember[]> {
  const reviews = side === 'internal' ? isInternalReviewer : isClientReviewer;
  return (await membersOf(db, portfolioId)).filter((m) => m.perms.has('production.view') && reviews(m));
}

/** A portfolio's clients: its people who see its production only as the client view shows it. */
export async function clientsOf(db: DbOrTx, portfolioId: string): Promise<PortfolioMember[]> {
  return (await membersOf(db, portfolioId)).filter((m) => !m.internal && m.perms.has('production.view'));
}

/** The first screen of a portfolio for a role (spec §2): clients have no staff dashboard. */
export const portfolioHome = (portfolioId: string, role: Role) =>
  `/portfolios/${portfolioId}/${role === 'client' ? 'client-dashboard' : 'dashboard'}`;

import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import {
  agents,
  type CommentAnchor,
  type CommentEntityType,
  type CommentVisibility,
  comments,
  cycles,
  items,
  itemVersions,
  portfolioAccess,
  portfolios,
  tasks,
  users,
} from '../db/schema.ts';
import { AppError, notFound } from '../errors.ts';
import { sanitizeRichText } from '../lib/sanitize.ts';
import {
  type Actor,
  canSeeStatus,
  grantOn,
  isAdmin,
  isInternalViewer,
  permissionsFromGrant,
  portfolioHome,
  visibleComments,
  visibleVersions,
} from '../policy.ts';
import { mentionedReaders } from './mentions.ts';
import { type Created, combine, type Notifier } from './notifier.ts';
import { follow, notifyItemComment } from './notify/events.ts';

type CommentRow = typeof comments.$inferSelect;

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
    };
  };
  const grant = portfolioAccess.permissions;
  switch (type) {
    case 'item': {
      const [row] = await db
        .select({ p: items.portfolioId, s: items.status, grant })
        .from(items)
        .leftJoin(portfolioAccess, grantOn(actor, items.portfolioId))
        .where(eq(items.id, id));
      if (!row) throw notFound('element');
      // Items not yet sent to the client default to internal comments, afterwards to client ones.
      const sent = canSeeStatus(false, row.s);
      return entity(row, sent, `production?item=${id}`, `review?item=${id}`, sent);
    }
    case 'cycle': {
      const [row] = await db
        .select({ p: cycles.portfolioId, grant })
        .from(cycles)
        .leftJoin(portfolioAccess, grantOn(actor, cycles.portfolioId))
        .where(eq(cycles.id, id));
      if (!row) throw notFound('element');
      return entity(row, true, `production?cycle=${id}`, null);
    }
    case 'task': {
      const [row] = await db
        .select({ p: tasks.portfolioId, a: tasks.agentId, grant })
        .from(tasks)
        .leftJoin(portfolioAccess, grantOn(actor, tasks.portfolioId))
        .where(eq(tasks.id, id));
      if (!row) throw notFound('element');
      return entity(row, false, `agents/${row.a}`, null);
    }
    case 'agent': {
      const [row] = await db
        .select({ p: agents.portfolioId, grant })
        .from(agents)
        .leftJoin(portfolioAccess, grantOn(actor, agents.portfolioId))
        .where(eq(agents.id, id));
      if (!row) throw notFound('element');
      return entity(row, false, `agents/${id}`, null);
    }
    case 'portfolio': {
      const [row] = await db
        .select({ p: portfolios.id, grant })
        .from(portfolios)
        .leftJoin(portfolioAccess, grantOn(actor, portfolios.id))
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

const commentColumns = { c: comments, authorName: users.name, authorDeleted: users.deletedAt };

function toComment(row: { c: CommentRow; authorName: string | null; authorDeleted: Date | null }) {
  const { c } = row;
  return {
    _id: c.id,
    entityId: c.entityId,
    entityType: c.entityType,
    body: c.body,
    visibility: c.visibility,
    anchor: c.anchor ?? null,
    author: {
      _id: c.authorId ?? '',
      name: row.authorName && !row.authorDeleted ? row.authorName : 'Usuario eliminado',
    },
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

async function readComment(db: DbOrTx, id: string) {
  const [row] = await db
    .select(commentColumns)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(eq(comments.id, id));
  return toComment(row!);
}

/** Which of an entity's comments a viewer may read. */
const threadOf = (entity: Pick<ResolvedEntity, 'type' | 'id'>, internal: boolean) =>
  and(eq(comments.entityType, entity.type), eq(comments.entityId, entity.id), visibleComments(internal));

/**
 * The rows of one page of a thread, oldest first: the order of `comments_entity_idx` (entity, created_at, id),
 * so a page reads its rows from the index whatever the thread's size (tested on the query plan).
 */
export const commentPageQuery = (
  db: DbOrTx,
  entity: Pick<ResolvedEntity, 'type' | 'id'>,
  internal: boolean,
  page: { page: number; limit: number },
) =>
  db
    .select(commentColumns)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(threadOf(entity, internal))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);

/** One page of an entity's comments, oldest first, as the viewer may read them. */
export async function listComments(
  db: DbOrTx,
  entity: ResolvedEntity,
  internal: boolean,
  page: { page: number; limit: number },
) {
  const [rows, [total]] = await Promise.all([
    commentPageQuery(db, entity, internal, page),
    db.select({ n: count() }).from(comments).where(threadOf(entity, internal)),
  ]);
  return { items: rows.map(toComment), total: Number(total?.n ?? 0), page: page.page, limit: page.limit };
}

const cleanBody = (body: string) => {
  const clean = sanitizeRichText(body).trim();
  if (!clean) {
    throw new AppError('VALIDATION', "El campo 'body' está vacío", [
      { field: 'body', message: 'El comentario está vacío' },
    ]);
  }
  return clean;
};

/** The visibility a new comment gets: a client's is always `client`; staff choose, within reason. */
function chooseVisibility(
  entity: ResolvedEntity,
  internal: boolean,
  requested: CommentVisibility | undefined,
): CommentVisibility {
  if (!internal) return 'client';
  const visibility = requested ?? entity.defaultVisibility;
  if (visibility === 'client' && !entity.visibleToClient) {
    throw new AppError(
      'VALIDATION',
      "El campo 'visibility' no puede ser 'client': el cliente no ve este elemento",
      [{ field: 'visibility', message: 'El cliente no ve este elemento' }],
    );
  }
  return visibility;
}

/** A pin must point at a file of a version of this item that the author may see. */
async function checkAnchor(db: DbOrTx, entity: ResolvedEntity, internal: boolean, anchor: CommentAnchor) {
  const invalid = (message: string) =>
    new AppError('VALIDATION', `El campo 'anchor' no es válido: ${message}`, [{ field: 'anchor', message }]);
  if (entity.type !== 'item') throw invalid('solo las piezas admiten marcas sobre archivos');
  const [version] = await db
    .select({ material: itemVersions.materialData })
    .from(itemVersions)
    .where(
      and(
        eq(itemVersions.itemId, entity.id),
        eq(itemVersions.number, anchor.versionNumber),
        visibleVersions(internal),
      ),
    );
  if (!version) throw invalid(`la versión ${anchor.versionNumber} no existe`);
  if (!version.material.files.some((f) => f.s3Key === anchor.fileKey))
    throw invalid('el archivo no pertenece a esa versión');
}

export interface CommentInput {
  entityId: string;
  entityType: CommentEntityType;
  body: string;
  visibility?: CommentVisibility;
  anchor?: CommentAnchor;
}

/**
 * Writes a comment in one transaction: the entity and the writer's grant are read, the comment inserted and
 * the mentioned readers notified together; the answer is made from the inserted row and the writer (no read
 * back). Sockets and pushes go out after the commit.
 */
export async function createComment(
  db: Db,
  notifier: Notifier,
  actor: Actor & { name?: string },
  input: CommentInput,
) {
  const { row, entity, visibility, created } = await db.transaction(async (tx) => {
    const entity = await resolveEntity(tx, input.entityType, input.entityId, actor);
    const { internal } = authorizeEntity(actor, entity, true);
    const body = cleanBody(input.body);
    const visibility = chooseVisibility(entity, internal, input.visibility);
    if (input.anchor) await checkAnchor(tx, entity, internal, input.anchor);
    const [row] = await tx
      .insert(comments)
      .values({
        portfolioId: entity.portfolioId,
        entityId: input.entityId,
        entityType: input.entityType,
        body,
        visibility,
        anchor: input.anchor ?? null,
        authorId: actor.id,
      })
      .returning();
    const mentions = await mentionNotifications(tx, notifier, actor, entity, visibility, body);
    const parts = mentions ? [mentions.created] : [];
    if (entity.type === 'item') {
      // Whoever comments on an item follows it; its followers hear of the comment (those mentioned already did).
      await follow(tx, entity.id, [actor.id]);
      parts.push(
        ...(await notifyItemComment(tx, notifier, {
          item: { id: entity.id, portfolioId: entity.portfolioId, links: entity.links },
          actor,
          clientsMayRead: entity.visibleToClient && visibility === 'client',
          skip: mentions?.userIds ?? [],
        })),
      );
    }
    const created = parts.length > 0 ? combine(parts) : undefined;
    return { row: row!, entity, visibility, created };
  });
  if (created) notifier.deliver(created);
  // The writer is signed in, so never a removed user.
  const comment = toComment({ c: row, authorName: actor.name ?? null, authorDeleted: null });
  return { comment, entity, visibility };
}

/**
 * Mentioned users who may read the comment are told (never the author, never a client about an internal
 * comment). One query for all of them.
 */
async function mentionNotifications(
  tx: DbOrTx,
  notifier: Notifier,
  actor: Actor & { name?: string },
  entity: ResolvedEntity,
  visibility: CommentVisibility,
  body: string,
): Promise<{ created: Created; userIds: string[] } | undefined> {
  const allowed = await mentionedReaders(tx, {
    portfolioId: entity.portfolioId,
    html: body,
    writerId: actor.id,
    clientsToo: entity.visibleToClient && visibility === 'client',
  });
  if (allowed.length === 0) return undefined;
  // One notification per audience: each opens a screen its readers' role may open.
  const roles = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(inArray(users.id, allowed));
  const audiences: Record<Audience, string[]> = { staff: [], client: [] };
  for (const u of roles) audiences[u.role === 'client' ? 'client' : 'staff'].push(u.id);
  const parts: Created[] = [];
  for (const audience of ['staff', 'client'] as const) {
    if (audiences[audience].length === 0) continue;
    parts.push(
      await notifier.create(tx, {
        userIds: audiences[audience],
        title: 'Mención',
        content: `${actor.name ?? 'Alguien'} te mencionó en un comentario`,
        url: entity.links[audience],
        data: { entityType: entity.type, entityId: entity.id },
        group: 'comments',
        asks: true,
        context: { actorName: actor.name },
      }),
    );
  }
  return { created: combine(parts), userIds: allowed };
}

/** A comment the actor may read (404 otherwise); for writing, only its author or an admin (403). */
export async function loadComment(db: DbOrTx, actor: Actor, id: string, write: boolean) {
  const [row] = await db.select().from(comments).where(eq(comments.id, id));
  if (!row) throw notFound('comment');
  const entity = await resolveEntity(db, row.entityType, row.entityId, actor).catch(() => {
    throw notFound('comment');
  });
  const { internal } = authorizeEntity(actor, entity, false);
  if (!internal && row.visibility !== 'client') throw notFound('comment');
  if (write && row.authorId !== actor.id && !isAdmin(actor)) {
    throw new AppError('FORBIDDEN', 'Solo quien escribió el comentario (o un administrador) puede cambiarlo');
  }
  return { row, entity, internal };
}

export const getComment = (db: DbOrTx, loaded: { row: CommentRow }) => readComment(db, loaded.row.id);

export async function updateComment(
  db: DbOrTx,
  loaded: { row: CommentRow; entity: ResolvedEntity; internal: boolean },
  input: { body?: string; visibility?: CommentVisibility },
) {
  const set: Partial<typeof comments.$inferInsert> = {};
  if (input.body !== undefined) set.body = cleanBody(input.body);
  if (input.visibility !== undefined)
    set.visibility = chooseVisibility(loaded.entity, loaded.internal, input.visibility);
  if (Object.keys(set).length > 0) await db.update(comments).set(set).where(eq(comments.id, loaded.row.id));
  return readComment(db, loaded.row.id);
}

export async function deleteComment(db: DbOrTx, loaded: { row: CommentRow }) {
  await db.delete(comments).where(eq(comments.id, loaded.row.id));
}

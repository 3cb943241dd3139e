import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { cappedTotal, withTotal } from '../../db/pages.ts';
import {
  type CommentAnchor,
  type CommentEntityType,
  type CommentSuggestion,
  type CommentVisibility,
  comments,
  type FileAnchor,
  isQuoteAnchor,
  itemVersions,
  users,
} from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { type Actor, mayChangeComment, visibleComments, visibleVersions } from '../../policy.ts';
import { combine, type Notifier, notifyCommentMentions, notifyItemComment } from '../notify/index.ts';
import { authorizeEntity, type ResolvedEntity, resolveEntity } from './comment-entities.ts';
import { checkQuote, invalidAnchor, type QuoteReading, quoteFields, readQuotes } from './comment-quotes.ts';

export { authorizeEntity, type ResolvedEntity, resolveEntity } from './comment-entities.ts';

type CommentRow = typeof comments.$inferSelect;

const resolvers = alias(users, 'resolvers');
const commentColumns = {
  c: comments,
  authorName: users.name,
  authorDeleted: users.deletedAt,
  resolverName: resolvers.name,
  resolverDeleted: resolvers.deletedAt,
};
type CommentSelect = {
  c: CommentRow;
  authorName: string | null;
  authorDeleted: Date | null;
  resolverName: string | null;
  resolverDeleted: Date | null;
};
const shownName = (name: string | null, deleted: Date | null) =>
  name && !deleted ? name : 'Usuario eliminado';

/** What a list of comments is read with: their authors, and who resolved each. */
const selectComments = (db: DbOrTx) =>
  db
    .select(commentColumns)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .leftJoin(resolvers, eq(resolvers.id, comments.resolvedBy));

/**
 * A comment as `reader` is answered it: with whether the reader may edit or delete it (policy), where its quote
 * sits in the version the reader is shown and what the reader may do with its suggestion (`reading`).
 */
function toComment(row: CommentSelect, reader: Actor, reading: QuoteReading) {
  const { c } = row;
  return {
    _id: c.id,
    entityId: c.entityId,
    entityType: c.entityType,
    body: c.body,
    visibility: c.visibility,
    ...quoteFields(c, reading),
    author: { _id: c.authorId ?? '', name: shownName(row.authorName, row.authorDeleted) },
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    canEdit: mayChangeComment(reader, c.authorId),
    resolved: c.resolvedAt !== null,
    resolvedBy: c.resolvedAt
      ? { _id: c.resolvedBy ?? '', name: shownName(row.resolverName, row.resolverDeleted) }
      : null,
  };
}

export type CommentAnswer = ReturnType<typeof toComment>;

/** Comments answered as the reader of `entity` sees them, the texts their quotes need read once. */
async function answerComments(
  db: DbOrTx,
  entity: CommentScope,
  internal: boolean,
  reader: Actor,
  rows: CommentSelect[],
) {
  const reading = await readQuotes(
    db,
    entity,
    internal,
    reader,
    rows.map((r) => r.c),
  );
  return rows.map((row) => toComment(row, reader, reading));
}

/** One comment read back as the reader sees it. */
export async function readComment(
  db: DbOrTx,
  id: string,
  loaded: Pick<LoadedComment, 'entity' | 'internal' | 'actor'>,
) {
  const rows = await selectComments(db).where(eq(comments.id, id));
  return (await answerComments(db, loaded.entity, loaded.internal, loaded.actor, rows))[0]!;
}

/** The entity a list of comments is read on (what quotes need of it: an item's status and versions). */
type CommentScope = Pick<ResolvedEntity, 'type' | 'id'> & Partial<Pick<ResolvedEntity, 'item' | 'perms'>>;

/** Which of an entity's comments a viewer may read. */
const threadOf = (entity: Pick<ResolvedEntity, 'type' | 'id'>, internal: boolean) =>
  and(eq(comments.entityType, entity.type), eq(comments.entityId, entity.id), visibleComments(internal));

/**
 * The rows of one page of a thread, oldest first (or newest first, `order: 'desc'`): the order of
 * `comments_entity_idx` (entity, created_at, id), read forwards or backwards, so a page reads its rows from the
 * index whatever the thread's size (tested on the query plan).
 */
export const commentPageQuery = (
  db: DbOrTx,
  entity: Pick<ResolvedEntity, 'type' | 'id'>,
  internal: boolean,
  page: { page: number; limit: number; order?: 'asc' | 'desc' },
) => {
  const by = page.order === 'desc' ? desc : asc;
  return selectComments(db)
    .where(threadOf(entity, internal))
    .orderBy(by(comments.createdAt), by(comments.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
};

/**
 * One page of an entity's comments, oldest first (or newest first), as the viewer may read them. The total is
 * counted up to `TOTAL_CAP` (past it, `atLeast`): a thread of 10,000 comments counted every one of them at each
 * page (half the rate of a thread of 1,000 on PostgreSQL, issue 30's scale table at 1,000,000 rows).
 */
export async function listComments(
  db: DbOrTx,
  entity: CommentScope,
  internal: boolean,
  page: { page: number; limit: number; order?: 'asc' | 'desc' },
  reader: Actor,
) {
  const offset = (page.page - 1) * page.limit;
  const [rows, total] = await Promise.all([
    commentPageQuery(db, entity, internal, page),
    // Counted along the thread's own index: the walk stops at the cap.
    cappedTotal(
      db,
      db
        .select({ one: sql`1` })
        .from(comments)
        .where(threadOf(entity, internal))
        .orderBy(asc(comments.createdAt), asc(comments.id))
        .$dynamic(),
    ),
  ]);
  return {
    items: await answerComments(db, entity, internal, reader, rows),
    ...withTotal(total, offset + rows.length),
    page: page.page,
    limit: page.limit,
  };
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
async function checkPin(db: DbOrTx, entity: ResolvedEntity, internal: boolean, anchor: FileAnchor) {
  const invalid = invalidAnchor;
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
  /** A replacement for the quoted words (needs a quote anchor). */
  suggestion?: CommentSuggestion;
}

/**
 * Writes a comment in one transaction: the entity and the writer's grant are read and the input checked first,
 * then the comment is inserted and the mentioned readers and followers notified together; the answer is made
 * from the inserted row and the writer (no read back). Answers what the caller delivers once it has committed (`created`: sockets and pushes).
 */
export async function createComment(
  db: Db,
  notifier: Notifier,
  actor: Actor & { name?: string },
  input: CommentInput,
) {
  // What is read and checked before the transaction: it holds a pooled connection only for its writes (under
  // load each of its round trips waits for the event loop, and fifty posts queued for ten connections, issue 48).
  // Nothing here is locked, so a read inside it would see nothing more.
  const entity = await resolveEntity(db, input.entityType, input.entityId, actor);
  const { internal } = authorizeEntity(actor, entity, true);
  const body = cleanBody(input.body);
  const visibility = chooseVisibility(entity, internal, input.visibility);
  if (input.suggestion && !isQuoteAnchor(input.anchor)) {
    throw new AppError('VALIDATION', "El campo 'suggestion' necesita un 'anchor' que cite el texto", [
      { field: 'suggestion', message: 'Una sugerencia necesita una cita del texto' },
    ]);
  }
  if (isQuoteAnchor(input.anchor)) await checkQuote(db, entity, internal, input.anchor);
  else if (input.anchor) await checkPin(db, entity, internal, input.anchor);
  const { row, created } = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(comments)
      .values({
        portfolioId: entity.portfolioId,
        entityId: input.entityId,
        entityType: input.entityType,
        body,
        visibility,
        anchor: input.anchor ?? null,
        suggestion: input.suggestion ?? null,
        suggestionState: input.suggestion ? 'open' : null,
        authorId: actor.id,
      })
      .returning();
    // Those it mentions who may read it are told (notify decides who: never the author, never a client about an
    // internal comment).
    const mentions = await notifyCommentMentions(tx, notifier, {
      actor,
      portfolioId: entity.portfolioId,
      html: body,
      clientsToo: entity.visibleToClient && visibility === 'client',
      entity,
    });
    const parts = mentions ? [mentions.created] : [];
    if (entity.type === 'item') {
      // Whoever comments on an item follows it; its followers hear of the comment (those mentioned already did).
      parts.push(
        ...(await notifyItemComment(tx, notifier, {
          item: {
            id: entity.id,
            portfolioId: entity.portfolioId,
            title: entity.item?.title ?? '',
            links: entity.links,
          },
          actor,
          clientsMayRead: entity.visibleToClient && visibility === 'client',
          skip: mentions?.userIds ?? [],
        })),
      );
    }
    const created = parts.length > 0 ? combine(parts) : undefined;
    return { row: row!, created };
  });
  // The writer is signed in, so never a removed user.
  const [comment] = await answerComments(db, entity, internal, actor, [
    {
      c: row,
      authorName: actor.name ?? null,
      authorDeleted: null,
      resolverName: null,
      resolverDeleted: null,
    },
  ]);
  return { comment: comment!, entity, visibility, created };
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
  if (write && !mayChangeComment(actor, row.authorId)) {
    throw new AppError('FORBIDDEN', 'Solo quien escribió el comentario (o un administrador) puede cambiarlo');
  }
  return { row, entity, internal, actor };
}

export type LoadedComment = Awaited<ReturnType<typeof loadComment>>;

export const getComment = (db: DbOrTx, loaded: LoadedComment) => readComment(db, loaded.row.id, loaded);

export async function updateComment(
  db: DbOrTx,
  loaded: LoadedComment,
  input: { body?: string; visibility?: CommentVisibility },
) {
  const set: Partial<typeof comments.$inferInsert> = {};
  if (input.body !== undefined) set.body = cleanBody(input.body);
  if (input.visibility !== undefined)
    set.visibility = chooseVisibility(loaded.entity, loaded.internal, input.visibility);
  if (Object.keys(set).length > 0) await db.update(comments).set(set).where(eq(comments.id, loaded.row.id));
  return readComment(db, loaded.row.id, loaded);
}

export async function deleteComment(db: DbOrTx, loaded: { row: CommentRow }) {
  await db.delete(comments).where(eq(comments.id, loaded.row.id));
}

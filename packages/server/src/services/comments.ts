import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import {
  agents,
  type CommentEntityType,
  comments,
  cycles,
  items,
  portfolios,
  tasks,
  users,
} from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { mentionedUserIds, sanitizeRichText } from '../lib/sanitize.ts';
import { type Actor, isAdmin, portfolioPermissions } from '../policy.ts';
import type { Notifier } from './notifier.ts';
import { clientVisibleStatuses } from './transitions.ts';

type CommentRow = typeof comments.$inferSelect;

export interface ResolvedEntity {
  portfolioId: string;
  /** Whether a client (portfolio.view only) may see it. */
  visibleToClient: boolean;
  /** Where in the app it lives (for notification links). */
  screen: string;
}

/** The portfolio an entity belongs to, and whether clients may see it. Unknown → 404. */
export async function resolveEntity(
  db: DbOrTx,
  type: CommentEntityType,
  id: string,
): Promise<ResolvedEntity> {
  const notFound = new AppError('NOT_FOUND', 'Elemento no encontrado');
  switch (type) {
    case 'item': {
      const [row] = await db
        .select({ p: items.portfolioId, s: items.status })
        .from(items)
        .where(eq(items.id, id));
      if (!row) throw notFound;
      return { portfolioId: row.p, visibleToClient: clientVisibleStatuses.includes(row.s), screen: 'review' };
    }
    case 'cycle': {
      const [row] = await db.select({ p: cycles.portfolioId }).from(cycles).where(eq(cycles.id, id));
      if (!row) throw notFound;
      return { portfolioId: row.p, visibleToClient: true, screen: 'production' };
    }
    case 'task': {
      const [row] = await db
        .select({ p: tasks.portfolioId, a: tasks.agentId })
        .from(tasks)
        .where(eq(tasks.id, id));
      if (!row) throw notFound;
      return { portfolioId: row.p, visibleToClient: false, screen: `agents/${row.a}` };
    }
    case 'agent': {
      const [row] = await db.select({ p: agents.portfolioId }).from(agents).where(eq(agents.id, id));
      if (!row) throw notFound;
      return { portfolioId: row.p, visibleToClient: false, screen: `agents/${id}` };
    }
    case 'portfolio': {
      const [row] = await db.select({ p: portfolios.id }).from(portfolios).where(eq(portfolios.id, id));
      if (!row) throw notFound;
      return { portfolioId: row.p, visibleToClient: true, screen: 'dashboard' };
    }
    default:
      return type satisfies never;
  }
}

const isInternal = (perms: ReadonlySet<string>) =>
  perms.has('production.edit') || perms.has('review.internal') || perms.has('agents.manage');

/** Checks the actor may see the entity (404 otherwise) and, for writing, holds comments.write (403). */
export async function authorizeEntity(db: DbOrTx, actor: Actor, entity: ResolvedEntity, write: boolean) {
  const perms = await portfolioPermissions(db, actor, entity.portfolioId);
  if (!perms || (!entity.visibleToClient && !isInternal(perms)))
    throw new AppError('NOT_FOUND', 'Elemento no encontrado');
  if (write && !perms.has('comments.write')) throw new AppError('FORBIDDEN');
}

async function withAuthors(db: DbOrTx, rows: CommentRow[]) {
  const ids = [...new Set(rows.map((r) => r.authorId).filter((x): x is string => Boolean(x)))];
  const authors = ids.length
    ? await db
        .select({ id: users.id, name: users.name, deletedAt: users.deletedAt })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  return rows.map((r) => {
    const a = authors.find((x) => x.id === r.authorId);
    return {
      _id: r.id,
      entityId: r.entityId,
      entityType: r.entityType,
      body: r.body,
      author: { _id: r.authorId ?? '', name: a && !a.deletedAt ? a.name : 'Usuario eliminado' },
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

export async function listComments(db: DbOrTx, type: CommentEntityType, entityId: string) {
  const rows = await db
    .select()
    .from(comments)
    .where(and(eq(comments.entityType, type), eq(comments.entityId, entityId)))
    .orderBy(asc(comments.createdAt));
  return withAuthors(db, rows);
}

export async function createComment(
  db: Db,
  notifier: Notifier,
  actor: Actor & { name?: string },
  input: { entityId: string; entityType: CommentEntityType; body: string },
) {
  const entity = await resolveEntity(db, input.entityType, input.entityId);
  await authorizeEntity(db, actor, entity, true);
  const body = sanitizeRichText(input.body).trim();
  if (!body) {
    throw new AppError('VALIDATION', "El campo 'body' está vacío", [
      { field: 'body', message: 'El comentario está vacío' },
    ]);
  }
  const [row] = await db
    .insert(comments)
    .values({
      portfolioId: entity.portfolioId,
      entityId: input.entityId,
      entityType: input.entityType,
      body,
      authorId: actor.id,
    })
    .returning();
  await notifyMentions(db, notifier, actor, entity, body);
  return (await withAuthors(db, [row!]))[0]!;
}

/** Mentioned users who can see the entity are told (never the author). */
async function notifyMentions(
  db: Db,
  notifier: Notifier,
  actor: Actor & { name?: string },
  entity: ResolvedEntity,
  body: string,
) {
  const mentioned = mentionedUserIds(body).filter((id) => id !== actor.id);
  if (mentioned.length === 0) return;
  const candidates = await db
    .select({ id: users.id, role: users.role, permissions: users.permissions })
    .from(users)
    .where(and(inArray(users.id, mentioned), isNull(users.deletedAt)));
  const allowed: string[] = [];
  for (const u of candidates) {
    const perms = await portfolioPermissions(db, u, entity.portfolioId);
    if (perms && (entity.visibleToClient || isInternal(perms))) allowed.push(u.id);
  }
  if (allowed.length === 0) return;
  await notifier.notify({
    userIds: allowed,
    title: 'Mención',
    content: `${actor.name ?? 'Alguien'} te mencionó en un comentario`,
    url: `/portfolios/${entity.portfolioId}/${entity.screen}`,
  });
}

export async function loadComment(db: DbOrTx, actor: Actor, id: string, write: boolean) {
  const [row] = await db.select().from(comments).where(eq(comments.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'Comentario no encontrado');
  const entity = await resolveEntity(db, row.entityType, row.entityId).catch(() => {
    throw new AppError('NOT_FOUND', 'Comentario no encontrado');
  });
  await authorizeEntity(db, actor, entity, false);
  if (write && row.authorId !== actor.id && !isAdmin(actor)) {
    throw new AppError('FORBIDDEN', 'Solo quien escribió el comentario (o un administrador) puede cambiarlo');
  }
  return row;
}

export async function getComment(db: DbOrTx, row: CommentRow) {
  return (await withAuthors(db, [row]))[0]!;
}

export async function updateComment(db: DbOrTx, row: CommentRow, body: string) {
  const clean = sanitizeRichText(body).trim();
  if (!clean)
    throw new AppError('VALIDATION', "El campo 'body' está vacío", [
      { field: 'body', message: 'El comentario está vacío' },
    ]);
  const [updated] = await db.update(comments).set({ body: clean }).where(eq(comments.id, row.id)).returning();
  return (await withAuthors(db, [updated!]))[0]!;
}

export async function deleteComment(db: DbOrTx, row: CommentRow) {
  await db.delete(comments).where(eq(comments.id, row.id));
}

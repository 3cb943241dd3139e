import { findQuote, htmlToText, replaceTextRange } from '@crw/contracts/text-quote';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { comments, isQuoteAnchor, itemVersions, type QuoteAnchor } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { type Actor, isInternalViewer } from '../../policy.ts';
import type { Ports } from '../ports.ts';
import { authorizeEntity } from './comment-entities.ts';
import { type LoadedComment, loadComment, readComment } from './comments.ts';
import { runTransition } from './production/review.ts';
import { checkTransition, editableStatuses } from './transitions.ts';

/**
 * What happens to a comment after it is written (issue 47, point 6): its thread resolved and reopened, its
 * suggestion applied (a new material version whose copy has the quote replaced) or dismissed. Each answers the
 * comment(s) as the caller sees them, and tells the open screens after the commit.
 */

type CommentRow = typeof comments.$inferSelect;
type EventPorts = Pick<Ports, 'db' | 'productionEvents'>;

function announce(ports: EventPorts, loaded: LoadedComment, row: CommentRow = loaded.row) {
  ports.productionEvents.comment({
    kind: 'comment.updated',
    entity: loaded.entity,
    commentId: row.id,
    visibility: row.visibility,
    actorId: loaded.actor.id,
  });
}

/** Resolves (or reopens) a thread: anyone who may read and write comments there, clients included. */
export async function setResolved(ports: EventPorts, actor: Actor, id: string, resolved: boolean) {
  const loaded = await loadComment(ports.db, actor, id, false);
  authorizeEntity(actor, loaded.entity, true);
  await ports.db
    .update(comments)
    .set(resolved ? { resolvedAt: new Date(), resolvedBy: actor.id } : { resolvedAt: null, resolvedBy: null })
    .where(eq(comments.id, id));
  announce(ports, loaded);
  return readComment(ports.db, id, loaded);
}

/** Whoever edits the piece: production.edit on its portfolio, seeing internal work. */
const isEditor = (loaded: Pick<LoadedComment, 'entity' | 'actor'>) =>
  !!loaded.entity.perms?.has('production.edit') && isInternalViewer(loaded.actor, loaded.entity.perms);

const stateRefusal = (row: CommentRow) => {
  if (!row.suggestion) return 'Este comentario no propone ningún cambio';
  if (row.suggestionState === 'applied') return 'La sugerencia ya se aplicó';
  if (row.suggestionState === 'dismissed') return 'La sugerencia ya se descartó';
  return null;
};

/** Dismisses an open suggestion: the piece's editors and the suggestion's author. */
export async function dismissSuggestion(ports: EventPorts, actor: Actor, id: string) {
  const loaded = await loadComment(ports.db, actor, id, false);
  if (!isEditor(loaded) && loaded.row.authorId !== actor.id) {
    throw new AppError('FORBIDDEN', 'Solo quien edita la pieza o quien propuso el cambio puede descartarlo');
  }
  const refusal = stateRefusal(loaded.row);
  if (refusal) throw new AppError('CONFLICT', refusal);
  const [row] = await ports.db
    .update(comments)
    .set({ suggestionState: 'dismissed' })
    .where(and(eq(comments.id, id), eq(comments.suggestionState, 'open')))
    .returning();
  if (!row) throw new AppError('CONFLICT', 'La sugerencia ya no está abierta');
  announce(ports, loaded, row);
  return readComment(ports.db, id, loaded);
}

const shortQuote = (q: string) => `«${q.length > 40 ? `${q.slice(0, 40)}…` : q}»`;

/**
 * The working copy with the suggestions applied one after the other, in the order given, each quote found
 * with its context (near where it was in its version). Refuses all when one cannot be applied.
 */
async function applyToCopy(tx: DbOrTx, itemId: string, copy: string, rows: CommentRow[]) {
  const numbers = [...new Set(rows.map((r) => (r.anchor as QuoteAnchor).versionNumber))];
  const versions = await tx
    .select({ n: itemVersions.number, material: itemVersions.materialData })
    .from(itemVersions)
    .where(and(eq(itemVersions.itemId, itemId), inArray(itemVersions.number, numbers)));
  const texts = new Map(versions.map((v) => [v.n, htmlToText(v.material.copy ?? '')]));
  const failed: string[] = [];
  let html = copy;
  for (const row of rows) {
    const anchor = row.anchor as QuoteAnchor;
    const was = findQuote(texts.get(anchor.versionNumber) ?? '', anchor);
    const at = findQuote(htmlToText(html), anchor, was?.start);
    const next = at && replaceTextRange(html, at.start, at.end, row.suggestion!.replacement);
    if (next === null || next === undefined) failed.push(shortQuote(anchor.quote));
    else html = next;
  }
  if (failed.length > 0) {
    throw new AppError(
      'CONFLICT',
      failed.length === 1 && rows.length === 1
        ? `El texto citado ${failed[0]} ya no está en la copia actual: no se puede aplicar la sugerencia`
        : `No se pudieron aplicar las sugerencias: el texto citado ya no está en la copia actual (${failed.join(', ')}). No se aplicó ninguna`,
    );
  }
  return html;
}

/**
 * Applies open suggestions of one piece in ONE new material version (all of them or none), resolving their
 * threads in the same transaction: the caller must
 * edit the piece (a client: 403) while its material is editable (in client review or approved: 409). Answers
 * the comments, the item as the caller sees it and the version written.
 */
export async function applySuggestions(
  ports: Pick<Ports, 'db' | 'notifier' | 'productionEvents'>,
  actor: Actor & { name?: string },
  itemId: string,
  ids: string[],
) {
  const unique = [...new Set(ids)];
  const loaded: LoadedComment[] = [];
  for (const id of unique) {
    const one = await loadComment(ports.db, actor, id, false);
    if (one.entity.type !== 'item' || one.entity.id !== itemId) throw notFound('comment');
    if (!isEditor(one))
      throw new AppError('FORBIDDEN', 'Solo quien edita la pieza puede aplicar sugerencias');
    loaded.push(one);
  }
  const refusals = loaded.flatMap((l) => {
    const r = stateRefusal(l.row);
    return r ? [r] : [];
  });
  if (refusals.length > 0) throw new AppError('CONFLICT', [...new Set(refusals)].join('. '));
  const { item, answer, previousStatus } = await runTransition(
    ports,
    actor,
    itemId,
    'create-material-version',
    {
      changeDescription:
        unique.length === 1 ? 'Sugerencia aplicada' : `${unique.length} sugerencias aplicadas`,
      rewrite: async (tx, current) => {
        if (!editableStatuses.includes(current.status)) {
          const check = checkTransition('update-material', current.status);
          throw new AppError('INVALID_TRANSITION', check.ok ? undefined : check.message);
        }
        // Read again in the transaction: of two simultaneous applies one finds it applied.
        const rows = await tx.select().from(comments).where(inArray(comments.id, unique)).for('update');
        const byId = new Map(rows.map((r) => [r.id, r]));
        const ordered = unique.map((id) => byId.get(id)).filter((r) => r !== undefined);
        const stale = ordered.flatMap((r) => stateRefusal(r) ?? []);
        if (stale.length > 0 || ordered.length !== unique.length) {
          throw new AppError('CONFLICT', stale[0] ?? 'La sugerencia ya no existe');
        }
        if (!ordered.every((r) => isQuoteAnchor(r.anchor)))
          throw new AppError('CONFLICT', 'Una sugerencia no cita el texto');
        const copy = await applyToCopy(tx, itemId, current.materialData.copy ?? '', ordered);
        // An applied suggestion is done: its thread is resolved with it (by whoever applied it), in this
        // transaction, so a failed version leaves both open.
        await tx
          .update(comments)
          .set({ suggestionState: 'applied', resolvedAt: new Date(), resolvedBy: actor.id })
          .where(inArray(comments.id, unique));
        return { copy };
      },
    },
  );
  ports.productionEvents.publish([{ kind: 'item.updated', item, actorId: actor.id, previousStatus }]);
  const answered = [];
  for (const one of loaded) {
    announce(ports, one);
    // Read against the item as it now is (its new current version).
    const entity = {
      ...one.entity,
      item: { status: item.status, currentVersion: item.currentVersion, title: item.title },
    };
    answered.push(await readComment(ports.db, one.row.id, { ...one, entity }));
  }
  return { comments: answered, item: answer, versionNumber: item.currentVersion };
}

import { type AnchorState, anchorState, findQuote, htmlToText } from '@crw/contracts/text-quote';
import { and, eq, inArray, isNotNull, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  type CommentAnchor,
  type comments,
  isQuoteAnchor,
  itemVersions,
  type QuoteAnchor,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Actor, visibleVersions } from '../../policy.ts';
import type { ResolvedEntity } from './comment-entities.ts';
import { editableStatuses } from './transitions.ts';

/**
 * Quotes of a piece's copy on comments (issue 47, point 6): checking a new quote against its version's text,
 * and what a reader is answered about each quote of a thread (where it now sits in the current version, who
 * may apply or dismiss its suggestion). The text model is @crw/contracts/text-quote's.
 */

type CommentRow = typeof comments.$inferSelect;

export const invalidAnchor = (message: string) =>
  new AppError('VALIDATION', `El campo 'anchor' no es válido: ${message}`, [{ field: 'anchor', message }]);

/** The newest version sent to the client (0: none): the version a client is shown. */
export async function latestSentVersion(db: DbOrTx, itemId: string): Promise<number> {
  const [row] = await db
    .select({ n: max(itemVersions.number) })
    .from(itemVersions)
    .where(and(eq(itemVersions.itemId, itemId), isNotNull(itemVersions.sentToClientAt)));
  return row?.n ?? 0;
}

/** The texts of some versions of an item the reader may see, read in one query. */
async function versionTexts(db: DbOrTx, itemId: string, numbers: number[], internal: boolean) {
  const texts = new Map<number, string>();
  if (numbers.length === 0) return texts;
  const rows = await db
    .select({ n: itemVersions.number, material: itemVersions.materialData })
    .from(itemVersions)
    .where(
      and(eq(itemVersions.itemId, itemId), inArray(itemVersions.number, numbers), visibleVersions(internal)),
    );
  for (const r of rows) texts.set(r.n, htmlToText(r.material.copy ?? ''));
  return texts;
}

/** A quote must be words of the copy of a version of this item that the author may see. */
export async function checkQuote(db: DbOrTx, entity: ResolvedEntity, internal: boolean, anchor: QuoteAnchor) {
  if (entity.type !== 'item') throw invalidAnchor('solo las piezas admiten citas de su texto');
  const texts = await versionTexts(db, entity.id, [anchor.versionNumber], internal);
  const text = texts.get(anchor.versionNumber);
  if (text === undefined) throw invalidAnchor(`la versión ${anchor.versionNumber} no existe`);
  if (!findQuote(text, anchor))
    throw invalidAnchor(`el texto citado no está en la versión ${anchor.versionNumber}`);
}

/** What a reader is answered about the quotes and suggestions of some comments of one entity. */
export interface QuoteReading {
  /** The version the reader is shown (staff: the current one; a client: the newest sent), 0 when none. */
  current: number;
  texts: Map<number, string>;
  /** The reader edits the piece (production.edit, internal). */
  editor: boolean;
  /** ... and may change its material now (an editable status). */
  mayEdit: boolean;
  reader: Actor;
  internal: boolean;
}

/** Reads, once for a list of comments, the texts its quotes need. */
export async function readQuotes(
  db: DbOrTx,
  entity: Pick<ResolvedEntity, 'type' | 'id'> & Partial<Pick<ResolvedEntity, 'item' | 'perms'>>,
  internal: boolean,
  reader: Actor,
  rows: Array<{ anchor: CommentAnchor | null }>,
): Promise<QuoteReading> {
  const item = entity.type === 'item' ? (entity.item ?? null) : null;
  const editor = !!item && internal && !!entity.perms?.has('production.edit');
  const mayEdit = editor && editableStatuses.includes(item!.status);
  const quoted = rows.flatMap((r) => (isQuoteAnchor(r.anchor) ? [r.anchor.versionNumber] : []));
  if (!item || quoted.length === 0)
    return { current: item?.currentVersion ?? 0, texts: new Map(), editor, mayEdit, reader, internal };
  const current = internal ? item.currentVersion : await latestSentVersion(db, entity.id);
  const texts = await versionTexts(db, entity.id, [...new Set([...quoted, current])], internal);
  return { current, texts, editor, mayEdit, reader, internal };
}

/** The quote fields of one comment as the reader is answered them. */
export function quoteFields(c: CommentRow, reading: QuoteReading) {
  const anchor = c.anchor ?? null;
  if (!isQuoteAnchor(anchor)) {
    return {
      anchor,
      anchorState: null,
      suggestion: null,
      suggestionState: null,
      canApply: false,
      canDismiss: false,
    };
  }
  const quoted = reading.texts.get(anchor.versionNumber);
  // A quote of a version the reader may not see (a client, a version not sent) is not shown at all.
  if (quoted === undefined) {
    return {
      anchor: null,
      anchorState: null,
      suggestion: null,
      suggestionState: null,
      canApply: false,
      canDismiss: false,
    };
  }
  const now = reading.texts.get(reading.current);
  let state: AnchorState;
  if (anchor.versionNumber === reading.current) state = 'attached';
  else state = now === undefined ? 'orphaned' : anchorState(anchor, quoted, now);
  const open = c.suggestion !== null && c.suggestionState === 'open';
  return {
    anchor,
    anchorState: state,
    suggestion: c.suggestion ?? null,
    suggestionState: c.suggestion ? (c.suggestionState ?? 'open') : null,
    canApply: open && reading.mayEdit && state !== 'orphaned',
    canDismiss: open && (reading.editor || c.authorId === reading.reader.id),
  };
}

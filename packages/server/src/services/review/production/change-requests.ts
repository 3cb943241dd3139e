import { and, asc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../../db/client.ts';
import { comments, itemVersions } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import type { ChangeRequest, RequestComment } from '../../notify/index.ts';
import { NOTHING_TO_CHANGE } from '../transitions.ts';

/**
 * The client writes once (issue 47, point 3): the comments a client left for the client view on the version it
 * decides, since that version was sent to it, are its request for changes; a reason typed is optional then.
 */

/** A client-visible comment of `authorId` on the item written at or after `since`. */
const clientCommentOf = (itemId: string, authorId: string) =>
  and(
    eq(comments.entityType, 'item'),
    eq(comments.entityId, itemId),
    eq(comments.visibility, 'client'),
    eq(comments.authorId, authorId),
  );

/**
 * The request a caller makes on the version decided: its reason (if any) and its comments for the client on the
 * item since that version was sent, each with its pin's number (the thread's numbering: every anchored comment
 * of the item, oldest first) or its quoted words. Neither a reason nor a comment: 400.
 */
export async function changeRequest(
  db: DbOrTx,
  itemId: string,
  versionNumber: number,
  authorId: string,
  reason: string | undefined,
): Promise<ChangeRequest> {
  const [version] = await db
    .select({ sentAt: itemVersions.sentToClientAt })
    .from(itemVersions)
    .where(and(eq(itemVersions.itemId, itemId), eq(itemVersions.number, versionNumber)));
  const since = version?.sentAt;
  const written = since
    ? await db
        .select({ id: comments.id, body: comments.body, anchor: comments.anchor })
        .from(comments)
        .where(and(clientCommentOf(itemId, authorId), gte(comments.createdAt, since)))
        .orderBy(asc(comments.createdAt), asc(comments.id))
    : [];
  const typed = reason?.trim() ? reason.trim() : undefined;
  if (!typed && written.length === 0) throw new AppError('VALIDATION', NOTHING_TO_CHANGE);
  const anchored = written.some((c) => c.anchor) ? await pinNumbers(db, itemId) : new Map<string, number>();
  const listed: RequestComment[] = written.map((c) => {
    const anchor = c.anchor as (Record<string, unknown> & { fileKey?: string; quote?: string }) | null;
    return {
      id: c.id,
      body: c.body,
      // A pin on a file is named by its number; a quote of the copy (its anchor carries `quote`) by its words.
      ...(anchor?.fileKey !== undefined ? { pin: anchored.get(c.id) } : {}),
      ...(typeof anchor?.quote === 'string' ? { quote: anchor.quote } : {}),
    };
  });
  return { ...(typed ? { reason: typed } : {}), comments: listed };
}

/** The number of each anchored comment of an item: 1, 2, … oldest first (as the app numbers the pins). */
async function pinNumbers(db: DbOrTx, itemId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.entityType, 'item'), eq(comments.entityId, itemId), isNotNull(comments.anchor)))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return new Map(rows.map((r, i) => [r.id, i + 1]));
}

/**
 * Of these items (in client review), those on whose version under review the viewer has commented for the client
 * since it was sent: for them a request for changes needs no reason typed. One statement, each item's check
 * through the client comments' index.
 */
export async function commentedSinceSent(
  db: DbOrTx,
  itemIds: readonly string[],
  authorId: string,
): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select q.id from jsonb_array_elements_text(${JSON.stringify(itemIds)}::jsonb) as q(id)
      where exists (
        select 1 from ${comments} c
        where c.entity_type = 'item' and c.entity_id = q.id and c.visibility = 'client'
          and c.author_id = ${authorId}
          and c.created_at >= (
            select max(v.sent_to_client_at) from ${itemVersions} v where v.item_id = q.id))`),
  );
  return new Set(rows.map((r) => r.id));
}

import type { DbOrTx } from '../../db/client.ts';
import { mentionedUserIds } from '../../lib/sanitize.ts';
import { membersOf } from '../../policy.ts';

/**
 * Of the people a rich text mentions, those who may read it in that portfolio: never the writer, never someone
 * who is not one of its people (policy.membersOf); clients only when `clientsToo`. `before` (the previous text)
 * leaves out who was already mentioned there. One query for all of them.
 */
export async function mentionedReaders(
  tx: DbOrTx,
  opts: { portfolioId: string; html: string; before?: string; writerId: string; clientsToo: boolean },
): Promise<string[]> {
  const already = new Set(opts.before ? mentionedUserIds(opts.before) : []);
  const ids = mentionedUserIds(opts.html).filter((id) => id !== opts.writerId && !already.has(id));
  if (ids.length === 0) return [];
  const members = await membersOf(tx, opts.portfolioId, ids);
  return members.filter((m) => m.internal || opts.clientsToo).map((m) => m.id);
}

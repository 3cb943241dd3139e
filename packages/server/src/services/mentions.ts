import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { portfolioAccess, users } from '../db/schema.ts';
import { mentionedUserIds } from '../lib/sanitize.ts';
import { isInternalViewer, portfolioPermissionKeys } from '../policy.ts';

/**
 * Of the people a rich text mentions, those who may read it in that portfolio: never the writer, never a
 * deleted user, never someone without `portfolio.view`; clients only when `clientsToo`. `before` (the
 * previous text) leaves out who was already mentioned there. One query for all of them.
 */
export async function mentionedReaders(
  tx: DbOrTx,
  opts: { portfolioId: string; html: string; before?: string; writerId: string; clientsToo: boolean },
): Promise<string[]> {
  const already = new Set(opts.before ? mentionedUserIds(opts.before) : []);
  const ids = mentionedUserIds(opts.html).filter((id) => id !== opts.writerId && !already.has(id));
  if (ids.length === 0) return [];
  const candidates = await tx
    .select({ id: users.id, role: users.role, grant: portfolioAccess.permissions })
    .from(users)
    .leftJoin(
      portfolioAccess,
      and(eq(portfolioAccess.userId, users.id), eq(portfolioAccess.portfolioId, opts.portfolioId)),
    )
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
  return candidates
    .filter((u) => {
      const perms = new Set<string>(u.role === 'admin' ? portfolioPermissionKeys : (u.grant ?? []));
      if (!perms.has('portfolio.view')) return false;
      return isInternalViewer(u, perms) || opts.clientsToo;
    })
    .map((u) => u.id);
}

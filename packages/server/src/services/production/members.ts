import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { portfolioAccess, users } from '../../db/schema.ts';
import { isInternalViewer } from '../../policy.ts';

/**
 * The people of a portfolio (everyone with a grant that lets them see it, and the admins): who can be
 * assigned an item or mentioned. A client sees names and roles, never e-mail addresses.
 */
export async function portfolioMembers(db: DbOrTx, portfolioId: string, internal: boolean) {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      permissions: portfolioAccess.permissions,
    })
    .from(users)
    .leftJoin(
      portfolioAccess,
      and(eq(portfolioAccess.userId, users.id), eq(portfolioAccess.portfolioId, portfolioId)),
    )
    .where(
      and(isNull(users.deletedAt), or(eq(users.role, 'admin'), eq(portfolioAccess.portfolioId, portfolioId))),
    )
    .orderBy(asc(users.name));
  return rows
    .filter((r) => r.role === 'admin' || r.permissions?.includes('portfolio.view'))
    .map((r) => ({
      _id: r.id,
      name: r.name,
      role: r.role,
      email: internal ? r.email : null,
      /** Staff can be assigned items and see internal work. */
      staff: isInternalViewer(r, new Set(r.permissions ?? [])),
    }));
}

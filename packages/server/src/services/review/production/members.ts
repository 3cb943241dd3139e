import type { DbOrTx } from '../../../db/client.ts';
import { membersOf } from '../../../policy.ts';

/**
 * The people of a portfolio (policy.membersOf: everyone with a grant that lets them see it, and the admins):
 * who can be assigned an item or mentioned. A client sees names and roles, never e-mail addresses.
 */
export async function portfolioMembers(db: DbOrTx, portfolioId: string, internal: boolean) {
  const members = await membersOf(db, portfolioId);
  return members.map((m) => ({
    _id: m.id,
    name: m.name,
    role: m.role,
    email: internal ? m.email : null,
    /** Staff can be assigned items and see internal work. */
    staff: m.internal,
  }));
}

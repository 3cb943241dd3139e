import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { portfolios, ROLES, type Role, users } from '../../db/schema.ts';
import { membersOf } from '../../policy.ts';

/**
 * The app's screens a notification may link to (spec §2, `packages/app/src/router.tsx`) and the roles each
 * admits. `/auth` is left out: a signed-in user is sent away from it. `test/notification-links.test.ts`
 * checks this table against the router.
 */
const everyone = ROLES;
const staff: readonly Role[] = ['admin', 'employee'];
const screens: { pattern: RegExp; roles: readonly Role[] }[] = [
  { pattern: /^\/$/, roles: everyone },
  { pattern: /^\/settings$/, roles: everyone },
  { pattern: /^\/admin\/(users|tools|notify)$/, roles: ['admin'] },
  { pattern: /^\/(test\/editor|design|portfolios\/create)$/, roles: staff },
  {
    pattern:
      /^\/portfolios\/(?<portfolioId>[^/]+)(\/(dashboard|settings(\/(general|integrations))?|production|agents(\/[^/]+)?))?$/,
    roles: staff,
  },
  { pattern: /^\/portfolios\/(?<portfolioId>[^/]+)\/(client-dashboard|review)$/, roles: everyone },
];

/** The screen an in-app link opens (query and hash aside), or null when it opens none. */
export function matchScreen(url: string): { roles: readonly Role[]; portfolioId?: string } | null {
  const path = url.split(/[?#]/, 1)[0]!;
  for (const screen of screens) {
    const m = screen.pattern.exec(path);
    if (m) {
      const raw = m.groups?.portfolioId;
      if (!raw) return { roles: screen.roles };
      try {
        return { roles: screen.roles, portfolioId: decodeURIComponent(raw) };
      } catch {
        return null; // A malformed escape opens no screen.
      }
    }
  }
  return null;
}

/**
 * Of these users, those who may open the link: their role is admitted and, for a portfolio's screen, they are
 * among the portfolio's people (policy.membersOf: an admin of every one that exists). One query per kind of fact.
 */
export async function mayOpen(db: DbOrTx, url: string, userIds: string[]): Promise<Set<string>> {
  const screen = matchScreen(url);
  if (!screen || userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(inArray(users.id, userIds));
  const admitted = rows.filter((u) => screen.roles.includes(u.role));
  if (!screen.portfolioId || admitted.length === 0) return new Set(admitted.map((u) => u.id));
  const [portfolio] = await db
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(eq(portfolios.id, screen.portfolioId));
  if (!portfolio) return new Set();
  const members = await membersOf(
    db,
    screen.portfolioId,
    admitted.map((u) => u.id),
  );
  return new Set(members.map((m) => m.id));
}

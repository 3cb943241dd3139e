import { createHash, randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signinLinks, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import type { UserRow } from './users.ts';

/**
 * One-time sign-in links (issue 29): an email's button signs its recipient in and opens a screen of the app.
 * Only the token's SHA-256 is stored; the raw token lives in the email alone. A link works once, until it
 * expires, and only while its user is not deleted and keeps the token version it was made with (a role or
 * password change bumps it, so every older link dies with the sessions).
 */

/** Where the page that redeems a link lives (a public route of the app, served by the SPA fallback). */
export const SIGNIN_LINK_PATH = '/auth/link';

/**
 * A link with this target chooses a password instead of signing in (issue 49: a forgotten password, an
 * invitation). It is the same one-time link (hashed, single use, bound to the token version), but only
 * `redeemPasswordLink` uses it up; `/auth/link` answers it as gone, so it never opens a session without a password
 * being chosen.
 */
export const PASSWORD_LINK_TARGET = '/auth/password';

/** The address of «Nueva contraseña» for a password link. */
export function passwordLinkUrl(publicUrl: string, token: string): string {
  const url = new URL(PASSWORD_LINK_TARGET, publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * True for a path of this app: starts with one `/`, names no other origin however a browser reads it (no
 * `//`, no `\`, no control characters, which browsers drop or read as `/`), and has no scheme.
 */
export function isAppPath(target: string): boolean {
  if (!target.startsWith('/') || target.length > 2000) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\\\u0000-\u001f\u007f]/.test(target) || target.startsWith('//')) return false;
  const base = 'http://app.invalid';
  try {
    return new URL(target, base).origin === base;
  } catch {
    return false;
  }
}

/** Makes a link for `userId` that opens `target` (an app path); answers the raw token, stored nowhere. */
export async function createSigninLink(
  db: DbOrTx,
  opts: { userId: string; target: string; ttlHours: number },
): Promise<string> {
  if (!isAppPath(opts.target)) {
    throw new AppError('VALIDATION', 'El destino de un enlace de acceso debe ser una ruta de la aplicación', [
      { field: 'target', message: 'Debe empezar por una sola / y no nombrar otro origen' },
    ]);
  }
  if (!Number.isInteger(opts.ttlHours) || opts.ttlHours < 1) {
    throw new AppError('VALIDATION', 'La vigencia de un enlace de acceso debe ser un número entero de horas');
  }
  const token = randomBytes(32).toString('base64url');
  const [user] = await db
    .select({ tokenVersion: users.tokenVersion })
    .from(users)
    .where(and(eq(users.id, opts.userId), isNull(users.deletedAt)));
  if (!user) throw notFound('user');
  await db.insert(signinLinks).values({
    tokenHash: hashOf(token),
    userId: opts.userId,
    tokenVersion: user.tokenVersion,
    target: opts.target,
    expiresAt: sql`now() + make_interval(hours => ${opts.ttlHours}::int)`,
  });
  return token;
}

/** The address an email's button opens. `publicUrl` is the app's public origin (`PUBLIC_URL`). */
export function signinLinkUrl(publicUrl: string, token: string): string {
  const url = new URL(SIGNIN_LINK_PATH, publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Uses the link up, in one statement: only if it is unused, unexpired, its user not deleted and still on the
 * link's token version. Answers the user and the target. Any other case is `SIGNIN_LINK_GONE`, one message
 * for all (which one is not said); a link that exists carries its target in the details (`field: 'target'`),
 * so the sign-in form shown instead can still open it. `sessionUserId` is the user signed in on the caller's
 * browser, if any: a link of someone else is then `OTHER_SESSION` and stays unused, until the caller confirms
 * by asking again without it.
 */
export async function redeemSigninLink(
  db: DbOrTx,
  token: string,
  opts: { sessionUserId?: string } = {},
): Promise<{ user: UserRow; target: string }> {
  const tokenHash = hashOf(token);
  const usable = and(
    eq(signinLinks.tokenHash, tokenHash),
    ne(signinLinks.target, PASSWORD_LINK_TARGET),
    isNull(signinLinks.usedAt),
    gt(signinLinks.expiresAt, sql`now()`),
    eq(users.id, signinLinks.userId),
    isNull(users.deletedAt),
    eq(users.tokenVersion, signinLinks.tokenVersion),
  );
  if (opts.sessionUserId) {
    const [link] = await db
      .select({ userId: signinLinks.userId })
      .from(signinLinks)
      .innerJoin(users, eq(users.id, signinLinks.userId))
      .where(usable);
    if (link && link.userId !== opts.sessionUserId) throw new AppError('OTHER_SESSION');
  }
  const [row] = await db
    .update(signinLinks)
    .set({ usedAt: sql`now()` })
    .from(users)
    .where(usable)
    .returning({ ...getTableColumns(users), target: signinLinks.target });
  if (row) {
    const { target, ...user } = row;
    return { user, target };
  }
  const [dead] = await db
    .select({ target: signinLinks.target })
    .from(signinLinks)
    .where(and(eq(signinLinks.tokenHash, tokenHash), ne(signinLinks.target, PASSWORD_LINK_TARGET)));
  throw new AppError(
    'SIGNIN_LINK_GONE',
    undefined,
    dead ? [{ field: 'target', message: dead.target }] : undefined,
  );
}

/**
 * Uses a password link up (in the caller's transaction, which then sets the password): the same conditions as a
 * sign-in link's. Any other case is `SIGNIN_LINK_GONE`, one message for all.
 */
export async function redeemPasswordLink(db: DbOrTx, token: string): Promise<UserRow> {
  const [row] = await db
    .update(signinLinks)
    .set({ usedAt: sql`now()` })
    .from(users)
    .where(
      and(
        eq(signinLinks.tokenHash, hashOf(token)),
        eq(signinLinks.target, PASSWORD_LINK_TARGET),
        isNull(signinLinks.usedAt),
        gt(signinLinks.expiresAt, sql`now()`),
        eq(users.id, signinLinks.userId),
        isNull(users.deletedAt),
        eq(users.tokenVersion, signinLinks.tokenVersion),
      ),
    )
    .returning(getTableColumns(users));
  if (!row) throw new AppError('SIGNIN_LINK_GONE');
  return row;
}

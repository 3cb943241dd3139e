import { and, eq, isNull } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { type PublicUser, toPublicUser } from './users.ts';

export interface TokenService {
  sign(user: { id: string; tokenVersion: number }): Promise<string>;
  /**
   * Verifies the token and that its user still exists with the same token version. The user is read from a
   * short-lived cache unless `fresh` (or the token's version differs from the cached one).
   */
  authenticate(token: string, opts?: { fresh?: boolean }): Promise<AuthenticatedUser>;
  /** The user's row changed (role, password, permissions, deletion): the next request reads it again. */
  forget(userId: string): void;
}

type AuthenticatedUser = PublicUser & { tokenVersion: number };

/** How long a signed-in user is kept without reading it again (a safety net: changes call `forget`). */
export const USER_CACHE_MS = 5_000;
const USER_CACHE_MAX = 10_000;

export function createTokenService(
  db: Db,
  secret: string,
  ttlSeconds: number,
  cacheMs = USER_CACHE_MS,
): TokenService {
  const key = new TextEncoder().encode(secret);
  // Every request authenticates: the user row is cached per id, so a burst of requests reads it once.
  // `forget` (called on every change of a user row, on every instance through Redis) drops it at once, and a
  // read that started before a `forget` is never cached (the generation moved on meanwhile).
  const cache = new Map<string, { user: AuthenticatedUser; until: number }>();
  const generations = new Map<string, number>();
  const load = async (id: string): Promise<AuthenticatedUser | undefined> => {
    const generation = generations.get(id) ?? 0;
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)));
    const user = row ? { ...toPublicUser(row), tokenVersion: row.tokenVersion } : undefined;
    if (user && cacheMs > 0 && (generations.get(id) ?? 0) === generation) {
      if (cache.size >= USER_CACHE_MAX) cache.delete(cache.keys().next().value!);
      cache.set(id, { user, until: Date.now() + cacheMs });
    }
    return user;
  };
  return {
    async sign(user) {
      return new SignJWT({ tv: user.tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async authenticate(token, opts) {
      let sub: string | undefined;
      let tv: unknown;
      try {
        // A token without an expiry would be valid forever: refused.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
        sub = payload.sub;
        tv = payload.tv;
      } catch {
        throw new AppError('INVALID_TOKEN');
      }
      if (!sub) throw new AppError('INVALID_TOKEN');
      const cached = opts?.fresh ? undefined : cache.get(sub);
      // A token of another version than the cached user's is judged on a fresh read, never on the cache.
      const user =
        cached && cached.until > Date.now() && cached.user.tokenVersion === tv
          ? cached.user
          : await load(sub);
      if (!user || user.tokenVersion !== tv) throw new AppError('INVALID_TOKEN');
      return user;
    },
    forget(userId) {
      cache.delete(userId);
      generations.set(userId, (generations.get(userId) ?? 0) + 1);
    },
  };
}

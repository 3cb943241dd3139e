import { and, eq, isNull, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
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
/** Tokens whose signature was checked, kept until they expire (at most this many, the oldest dropped first). */
const VERIFIED_MAX = 10_000;

/** What a verified token says; it is judged again (expiry, user, version) on every use. */
interface Claims {
  sub: string | undefined;
  tv: unknown;
  /** Expiry, in ms since the epoch. */
  exp: number;
}

/**
 * The signed-in user's row, a prepared statement: every request and every socket's handshake reads it on a cache
 * miss, and building the query each time left a few kilobytes of the ORM's garbage per read (1,000 sockets
 * connecting read it 2,000 times).
 */
const userById = (db: Db) =>
  prepared(db, 'auth_user_by_id', (name) =>
    db
      .select()
      .from(users)
      .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
      .prepare(name),
  );

export function createTokenService(
  db: Db,
  secret: string,
  ttlSeconds: number,
  cacheMs = USER_CACHE_MS,
): TokenService {
  // Imported once: given the raw bytes, jose imports a CryptoKey again on every sign and verify (a tenth of a
  // request's CPU time under load, measured with --cpu-prof).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A token's signature is checked once: the same string is the same signature. Its expiry is checked on every
  // use, and the user and token version below are never taken from here.
  const verified = new Map<string, Claims>();
  const verify = async (token: string): Promise<Claims> => {
    const known = verified.get(token);
    if (known) {
      if (known.exp > Date.now()) return known;
      verified.delete(token);
    }
    // A token without an expiry would be valid forever: refused.
    const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
    const claims = { sub: payload.sub, tv: payload.tv, exp: payload.exp! * 1000 };
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
    return claims;
  };
  // Every request authenticates: the user row is cached per id, so a burst of requests reads it once.
  // `forget` (called on every change of a user row, on every instance through Redis) drops it at once, and a
  // read that started before a `forget` is never cached (the generation moved on meanwhile).
  const cache = new Map<string, { user: AuthenticatedUser; until: number }>();
  const generations = new Map<string, number>();
  const load = async (id: string): Promise<AuthenticatedUser | undefined> => {
    const generation = generations.get(id) ?? 0;
    const [row] = await userById(db).execute({ id });
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
        .sign(await key);
    },
    async authenticate(token, opts) {
      let sub: string | undefined;
      let tv: unknown;
      try {
        ({ sub, tv } = await verify(token));
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

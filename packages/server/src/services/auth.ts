import { and, eq, isNull } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { type PublicUser, toPublicUser } from './users.ts';

export interface TokenService {
  sign(user: { id: string; tokenVersion: number }): Promise<string>;
  /** Verifies the token and that its user still exists with the same token version. */
  authenticate(token: string): Promise<PublicUser & { tokenVersion: number }>;
}

export function createTokenService(db: Db, secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(user) {
      return new SignJWT({ tv: user.tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async authenticate(token) {
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
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, sub), isNull(users.deletedAt)));
      if (!row || row.tokenVersion !== tv) throw new AppError('INVALID_TOKEN');
      return { ...toPublicUser(row), tokenVersion: row.tokenVersion };
    },
  };
}

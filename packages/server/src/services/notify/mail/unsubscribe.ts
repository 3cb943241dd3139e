import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFY_GROUPS, type NotifyGroup } from '../preferences.ts';

/**
 * «Dejar de recibir estos correos»: a link signed with the server's mail secret (HMAC-SHA256), carrying the user
 * and the groups the email was about. It does not expire (an old email's link still works) and it can only turn
 * email off, so nothing else needs guarding.
 */
export interface UnsubscribeClaims {
  userId: string;
  groups: NotifyGroup[];
}

export interface UnsubscribeTokens {
  sign(claims: UnsubscribeClaims): string;
  /** The claims of a genuine token, or undefined. */
  verify(token: string): UnsubscribeClaims | undefined;
}

export function createUnsubscribeTokens(secret: string): UnsubscribeTokens {
  const mac = (payload: string) => createHmac('sha256', secret).update(`unsubscribe.${payload}`).digest();
  return {
    sign({ userId, groups }) {
      const payload = Buffer.from(JSON.stringify({ u: userId, g: groups })).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token) {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0) return undefined;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        const { u, g } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
          u: unknown;
          g: unknown;
        };
        if (typeof u !== 'string' || !Array.isArray(g)) return undefined;
        const groups = g.filter((x): x is NotifyGroup => NOTIFY_GROUPS.includes(x as NotifyGroup));
        return groups.length > 0 ? { userId: u, groups } : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

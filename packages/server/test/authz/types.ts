import type { App } from '../../src/app.ts';
import type { TestUser } from '../helpers.ts';

/** The six callers every route is tried with. */
export const actors = [
  'anonymous',
  'clientNoGrant',
  'employeeNoGrant',
  'clientGrant',
  'employeeGrant',
  'admin',
] as const;
export type ActorName = (typeof actors)[number];

/** Users and one portfolio P on which `employeeGrant` and `clientGrant` hold their role's default grant. */
export interface World {
  app: App;
  users: Record<Exclude<ActorName, 'anonymous'>, TestUser>;
  portfolioId: string;
}

export interface AuthzCase {
  /** The route exactly as registered: `METHOD /api/path/:param`. */
  route: string;
  /** Fresh fixtures for one attempt (run once per actor, so destructive calls never see a used fixture). */
  request: (w: World) => Promise<{ url: string; payload?: unknown }> | { url: string; payload?: unknown };
  /** Expected status per actor (200/201/204 may be given as 'ok' to accept any 2xx). */
  expect: Record<ActorName, number | 'ok'>;
  note?: string;
}

/** Shorthand for the common shapes. */
export const only = {
  /** Admin-only routes: 401 anonymous, 403 for everyone else signed in. */
  admin: {
    anonymous: 401,
    clientNoGrant: 403,
    employeeNoGrant: 403,
    clientGrant: 403,
    employeeGrant: 403,
    admin: 'ok',
  },
  /** Any signed-in user. */
  signedIn: {
    anonymous: 401,
    clientNoGrant: 'ok',
    employeeNoGrant: 'ok',
    clientGrant: 'ok',
    employeeGrant: 'ok',
    admin: 'ok',
  },
} satisfies Record<string, Record<ActorName, number | 'ok'>>;

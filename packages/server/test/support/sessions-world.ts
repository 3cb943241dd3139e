/**
 * What the sessions test files share: the JWT secret, real socket.io clients on loopback, and the world of
 * «sessions and role changes» (an app listening on loopback with an admin, and helpers that sign in, open sockets
 * and read grants). Call `sessionsWorld()` inside a describe; `current()` gives what beforeAll made.
 */
import type { AddressInfo } from 'node:net';
import type { ServerToClientEvents } from '@crw/contracts/events';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect } from 'vitest';
import { portfolioAccess } from '../../src/db/schema/grants.ts';
import { cycles, type ItemStatus, items, users } from '../../src/db/schema.ts';
import { createTestApp, makeUser, type TestContext, type TestUser } from '../helpers.ts';

export const secret = 'secreto-de-pruebas-de-sesiones-32-caracteres';
export const key = new TextEncoder().encode(secret);

export type Client = Socket<ServerToClientEvents>;
export type Headers = { headers: Record<string, string> };

/** The sockets a describe opened, closed in its afterAll. */
export type OpenSockets = Array<{ disconnect(): unknown }>;

/** Opens a real socket.io client on loopback; resolves once connected, rejects on connect_error. */
export function openSocket(
  base: string,
  sockets: OpenSockets,
  auth: Record<string, unknown>,
  options: { headers?: Record<string, string>; transports?: ('websocket' | 'polling')[] } = {},
) {
  const socket: Client = connect(base, {
    path: '/socket.io',
    auth,
    transports: options.transports ?? ['websocket'],
    reconnection: false,
    extraHeaders: options.headers ?? {},
  });
  sockets.push(socket);
  return new Promise<Client>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

export const reconnected = (socket: Client) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

/** Settles as `promise` does, or rejects after `ms` naming what did not happen. */
export const within = <T>(promise: Promise<T>, what: string, ms = 1000) =>
  Promise.race([
    promise,
    new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error(`${what}: no en ${ms} ms`)), ms),
    ),
  ]);
export function sessionsWorld() {
  let ctx: TestContext;
  let base = '';
  let admin: TestUser;
  const sockets: OpenSockets = [];

  beforeAll(async () => {
    ctx = await createTestApp({ JWT_SECRET: secret, LOGIN_RATE_LIMIT: '1000' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    admin = await makeUser(ctx.app, 'admin');
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await ctx.close();
  });

  const as = (
    u: TestUser | Headers,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const signIn = async (u: TestUser, password = u.password): Promise<Headers> => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '127.0.0.9',
      payload: { email: u.email, password },
    });
    expect(res.statusCode).toBe(200);
    return { headers: { authorization: `Bearer ${res.json().token}` } };
  };
  const open = (token: string, headers: Record<string, string> = {}): Promise<Client> =>
    openSocket(base, sockets, { token }, { headers });
  const grantsOf = async (userId: string) =>
    (
      await ctx.app.db
        .select({ permissions: portfolioAccess.permissions })
        .from(portfolioAccess)
        .where(eq(portfolioAccess.userId, userId))
    ).map((g) => g.permissions);
  const userRow = async (id: string) => (await ctx.app.db.select().from(users).where(eq(users.id, id)))[0]!;

  async function cycleWith(portfolioId: string, statuses: ItemStatus[]) {
    const [cycle] = await ctx.app.db
      .insert(cycles)
      .values({ portfolioId, startDate: '2050-01-01', endDate: '2050-01-10' })
      .returning();
    const rows = await ctx.app.db
      .insert(items)
      .values(
        statuses.map((status) => ({ portfolioId, cycleId: cycle!.id, title: `Pieza ${status}`, status })),
      )
      .returning();
    return { cycleId: cycle!.id, items: Object.fromEntries(rows.map((r) => [r.status, r.id])) };
  }
  return {
    sockets,
    as,
    signIn,
    open,
    grantsOf,
    userRow,
    cycleWith,
    current: () => ({ ctx, base, admin }),
  };
}

/**
 * A role change ends the user's sessions and resets its powers at once (demotion, promotion, the same role again,
 * one's own role). Tokens are in sessions-tokens.test.ts, sockets in sessions-sockets.test.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { portfolioAccess } from '../src/db/schema/grants.ts';
import {
  defaultGlobalPermissions,
  defaultPortfolioPermissions,
  portfolioPermissionKeys,
} from '../src/policy.ts';
import { makePortfolio, makeUser, type TestContext, type TestUser, testDb } from './helpers.ts';
import { sessionsWorld } from './support/sessions-world.ts';

/** Sessions end when the account changes: tokens, sockets, powers. */
describe('sessions and role changes', () => {
  const { as, signIn, open, grantsOf, userRow, cycleWith, current } = sessionsWorld();
  let ctx: TestContext, admin: TestUser;
  beforeAll(() => {
    ({ ctx, admin } = current());
  });

  describe('a role change', () => {
    it('demoting an employee to client takes its old powers away at once', async () => {
      const employee = await makeUser(ctx.app, 'employee');
      const portfolio = await makePortfolio(ctx.app, [employee]);
      const other = await makePortfolio(ctx.app, [employee]);
      const { cycleId, items: byStatus } = await cycleWith(portfolio._id, [
        'draft',
        'internal_review',
        'client_review',
      ]);
      for (const id of Object.values(byStatus)) {
        expect((await as(employee, 'GET', `/api/production/items/${id}`)).statusCode).toBe(200);
      }

      const demoted = await as(admin, 'PUT', `/api/users/${employee.id}`, { role: 'client' });
      expect(demoted.statusCode).toBe(200);
      expect(demoted.json()).toMatchObject({ role: 'client', permissions: defaultGlobalPermissions.client });
      expect((await userRow(employee.id)).permissions).toEqual(defaultGlobalPermissions.client);
      // Every grant, not only one: both portfolios.
      expect(await grantsOf(employee.id)).toEqual([
        defaultPortfolioPermissions.client,
        defaultPortfolioPermissions.client,
      ]);

      // The old token is gone; a new session has a client's powers only.
      expect((await as(employee, 'GET', '/api/auth/me')).statusCode).toBe(401);
      expect((await as(employee, 'GET', `/api/production/items/${byStatus.draft}`)).statusCode).toBe(401);
      const client = await signIn(employee);
      expect((await as(client, 'GET', '/api/auth/me')).json()).toMatchObject({ role: 'client' });
      expect(
        (
          await as(client, 'POST', '/api/portfolios', {
            identifier: 'no-puede',
            accountData: { businessName: 'X' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await as(client, 'POST', `/api/production/cycles/${cycleId}/items`, { title: 'No' })).statusCode,
      ).toBe(403);
      expect((await as(client, 'GET', `/api/production/items/${byStatus.draft}`)).statusCode).toBe(404);
      expect((await as(client, 'GET', `/api/production/items/${byStatus.internal_review}`)).statusCode).toBe(
        404,
      );
      // What a client may see, it still sees.
      expect((await as(client, 'GET', `/api/production/items/${byStatus.client_review}`)).statusCode).toBe(
        200,
      );
      const list = (await as(client, 'GET', `/api/production/cycles/${cycleId}/items`)).json();
      expect(list.total).toBe(1);
      expect(list.items.map((i: { _id: string }) => i._id)).toEqual([byStatus.client_review]);
      expect((await as(client, 'GET', '/api/users/permissions')).json()).toEqual({
        permissions: [],
        portfolios: expect.arrayContaining([
          { portfolioId: portfolio._id, permissions: defaultPortfolioPermissions.client },
          { portfolioId: other._id, permissions: defaultPortfolioPermissions.client },
        ]),
      });
    });

    it('a promotion also resets: the grants get the new role’s defaults, not the hand-made ones', async () => {
      const client = await makeUser(ctx.app, 'client');
      const portfolio = await makePortfolio(ctx.app, [client]);
      await as(admin, 'POST', `/api/users/${client.id}/portfolio-access`, {
        portfolioId: portfolio._id,
        permissions: ['portfolio.view'],
      });
      const promoted = await as(admin, 'PUT', `/api/users/${client.id}`, { role: 'employee' });
      expect(promoted.json()).toMatchObject({
        role: 'employee',
        permissions: defaultGlobalPermissions.employee,
      });
      expect(await grantsOf(client.id)).toEqual([defaultPortfolioPermissions.employee]);

      // An admin needs no grant; the ones it has stay and hold everything. Back to employee: defaults again.
      await as(admin, 'PUT', `/api/users/${client.id}`, { role: 'admin' });
      expect(await grantsOf(client.id)).toEqual([portfolioPermissionKeys]);
      expect((await userRow(client.id)).permissions).toEqual(defaultGlobalPermissions.admin);
      await as(admin, 'PUT', `/api/users/${client.id}`, { role: 'employee' });
      expect(await grantsOf(client.id)).toEqual([defaultPortfolioPermissions.employee]);
      expect((await userRow(client.id)).tokenVersion).toBe(3);
    });

    it('re-sending the same role changes nothing and ends no session', async () => {
      const employee = await makeUser(ctx.app, 'employee');
      const portfolio = await makePortfolio(ctx.app, [employee]);
      await as(admin, 'PATCH', `/api/users/${employee.id}/permissions`, { permissions: ['users.search'] });
      await as(admin, 'POST', `/api/users/${employee.id}/portfolio-access`, {
        portfolioId: portfolio._id,
        permissions: ['portfolio.view', 'production.view'],
      });
      const socket = await open(employee.token);
      const res = await as(admin, 'PUT', `/api/users/${employee.id}`, {
        role: 'employee',
        name: 'Renombrada',
      });
      expect(res.json()).toMatchObject({ name: 'Renombrada', permissions: ['users.search'] });
      expect(await grantsOf(employee.id)).toEqual([['portfolio.view', 'production.view']]);
      expect((await as(employee, 'GET', '/api/auth/me')).statusCode).toBe(200);
      expect(socket.connected).toBe(true);
    });

    it('a user cannot change its own role', async () => {
      const res = await as(admin, 'PUT', `/api/users/${admin.id}`, { role: 'employee' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/propio rol/);
      expect((await userRow(admin.id)).role).toBe('admin');
    });

    // PGlite runs one statement at a time, so only PostgreSQL can interleave the two requests: the case is
    // defined only in the PostgreSQL project (never counted as skipped in the PGlite one).
    (testDb === 'postgres' ? it : ((() => undefined) as unknown as typeof it))(
      'a grant written while the role changes cannot leave the old role’s powers behind',
      async () => {
        const employee = await makeUser(ctx.app, 'employee');
        const portfolio = await makePortfolio(ctx.app, [employee]);
        const lockWaiters = async () => {
          const res = await ctx.app.db.execute<{ n: number }>(
            sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
          );
          return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
        };
        // Hold the grant's row, so both requests queue behind it in a known order: the role change first
        // (it has locked the user and waits to reset this grant), then a grant of the role's defaults that
        // was read while the user was still an employee.
        let release!: () => void;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let locked!: () => void;
        const isLocked = new Promise<void>((resolve) => {
          locked = resolve;
        });
        const holder = ctx.app.db.transaction(async (tx) => {
          await tx
            .select()
            .from(portfolioAccess)
            .where(
              and(eq(portfolioAccess.userId, employee.id), eq(portfolioAccess.portfolioId, portfolio._id)),
            )
            .for('update');
          locked();
          await held;
        });
        await isLocked;
        const demote = as(admin, 'PUT', `/api/users/${employee.id}`, { role: 'client' });
        await expect.poll(lockWaiters).toBe(1);
        const regrant = as(admin, 'POST', `/api/users/${employee.id}/portfolio-access`, {
          portfolioId: portfolio._id,
        });
        await expect.poll(lockWaiters).toBe(2);
        release();
        await holder;
        expect((await demote).statusCode).toBe(200);
        const granted = await regrant;
        expect(granted.statusCode).toBe(200);
        expect(granted.json().permissions).toEqual(defaultPortfolioPermissions.client);
        expect(await grantsOf(employee.id)).toEqual([defaultPortfolioPermissions.client]);
      },
    );
  });
});

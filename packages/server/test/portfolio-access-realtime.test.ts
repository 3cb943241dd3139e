import type { PortfoliosEvent, ServerToClientEvents } from '@crw/contracts/events';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makePortfolio, makeUser, type TestContext, type TestUser } from './helpers.ts';
import { listenOnLoopback, socketPool } from './support/sockets.ts';

/** Granting or revoking a portfolio reaches the user's open tabs at once, and nobody else's. */
describe('portfolios:changed over socket.io', () => {
  let ctx: TestContext;
  let base = '';
  const pool = socketPool(() => base);
  let admin: TestUser;
  let client: TestUser;
  let bystander: TestUser;

  beforeAll(async () => {
    ctx = await createTestApp();
    base = await listenOnLoopback(ctx.app);
    admin = await makeUser(ctx.app, 'admin');
    client = await makeUser(ctx.app, 'client');
    bystander = await makeUser(ctx.app, 'employee');
  });
  afterAll(async () => {
    pool.closeAll();
    await ctx.close();
  });

  const open = pool.open;

  const nextChange = (socket: Socket<ServerToClientEvents>) =>
    new Promise<PortfoliosEvent>((resolve) => socket.once('portfolios:changed', resolve));

  it('tells every tab of the user when an admin grants and when it revokes', async () => {
    const portfolio = await makePortfolio(ctx.app, []);
    const tabA = await open(client.token);
    const tabB = await open(client.token);
    const other = await open(bystander.token);
    const seenByOther: PortfoliosEvent[] = [];
    other.on('portfolios:changed', (e) => seenByOther.push(e));

    const granted = Promise.all([nextChange(tabA), nextChange(tabB)]);
    const notified = new Promise((resolve) => tabA.once('notification:new', resolve));
    const grant = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${client.id}/portfolio-access`,
      headers: admin.headers,
      payload: { portfolioId: portfolio._id },
    });
    expect(grant.statusCode).toBe(200);
    expect(await granted).toEqual([
      { portfolioId: portfolio._id, access: 'granted' },
      { portfolioId: portfolio._id, access: 'granted' },
    ]);
    expect(await notified).toMatchObject({
      title: 'Acceso',
      payload: { url: `/portfolios/${portfolio._id}/client-dashboard` },
    });

    const revoked = nextChange(tabA);
    const revoke = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${client.id}/portfolio-access/${portfolio._id}`,
      headers: admin.headers,
    });
    expect(revoke.statusCode).toBe(200);
    expect(await revoked).toEqual({ portfolioId: portfolio._id, access: 'revoked' });

    // The bystander's socket got nothing (a later event of its own proves its socket was listening).
    const own = nextChange(other);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${bystander.id}/portfolio-access`,
      headers: admin.headers,
      payload: { portfolioId: portfolio._id },
    });
    expect(await own).toEqual({ portfolioId: portfolio._id, access: 'granted' });
    expect(seenByOther).toEqual([{ portfolioId: portfolio._id, access: 'granted' }]);
  });

  it('a refused grant or revoke announces nothing', async () => {
    const tab = await open(client.token);
    const seen: PortfoliosEvent[] = [];
    tab.on('portfolios:changed', (e) => seen.push(e));
    const missing = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${client.id}/portfolio-access`,
      headers: admin.headers,
      payload: { portfolioId: 'no-existe' },
    });
    expect(missing.statusCode).toBe(404);
    const notHeld = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${client.id}/portfolio-access/no-existe`,
      headers: admin.headers,
    });
    expect(notHeld.statusCode).toBe(404);
    // A later event of the same socket arrives, so the earlier ones would have arrived before it.
    const portfolio = await makePortfolio(ctx.app, []);
    const later = nextChange(tab);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${client.id}/portfolio-access`,
      headers: admin.headers,
      payload: { portfolioId: portfolio._id },
    });
    await later;
    expect(seen).toEqual([{ portfolioId: portfolio._id, access: 'granted' }]);
  });
});

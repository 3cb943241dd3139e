/**
 * The authorisation matrix: every registered API route × the six callers → expected status.
 * Cases live in test/authz/*.cases.ts (one file per domain, each exporting `cases: AuthzCase[]`).
 * The test fails when a registered route has no case, so a new route cannot ship unauthorised.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ActorName, type AuthzCase, actors, type World } from './authz/types.ts';
import { createTestApp, makePortfolio, makeUser, type TestContext } from './helpers.ts';

const modules = import.meta.glob<{ cases: AuthzCase[] }>('./authz/*.cases.ts', { eager: true });
const allCases = Object.values(modules).flatMap((m) => m.cases);

describe('authorisation matrix', () => {
  let ctx: TestContext;
  let world: World;

  beforeAll(async () => {
    ctx = await createTestApp({ LOGIN_RATE_LIMIT: '100000' });
    const app = ctx.app;
    const users = {
      admin: await makeUser(app, 'admin'),
      employeeGrant: await makeUser(app, 'employee'),
      employeeNoGrant: await makeUser(app, 'employee'),
      clientGrant: await makeUser(app, 'client'),
      clientNoGrant: await makeUser(app, 'client'),
    };
    const p = await makePortfolio(app, [users.employeeGrant, users.clientGrant]);
    // The "no grant" users hold grants elsewhere, so a 404 on P is about P, not about having none.
    await makePortfolio(app, [users.employeeNoGrant, users.clientNoGrant]);
    world = { app, users, portfolioId: p._id };
  });
  afterAll(() => ctx.close());

  it('has a case for every registered route, and no case for a route that does not exist', () => {
    const registered = new Set(ctx.app.apiRoutes);
    const covered = new Set(allCases.map((c) => c.route));
    expect(
      [...registered].filter((r) => !covered.has(r)).sort(),
      'routes without an authorisation case',
    ).toEqual([]);
    expect([...covered].filter((r) => !registered.has(r)).sort(), 'cases for unknown routes').toEqual([]);
  });

  for (const c of allCases) {
    it(`${c.route}${c.note ? ` (${c.note})` : ''}`, async () => {
      const got: Partial<Record<ActorName, number>> = {};
      for (const actor of actors) {
        const { url, payload } = await c.request(world);
        const method = c.route.split(' ')[0] as 'GET';
        const headers = actor === 'anonymous' ? {} : world.users[actor].headers;
        const res = await ctx.app.inject({
          method,
          url,
          headers,
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        got[actor] = res.statusCode;
        const want = c.expect[actor];
        if (res.statusCode >= 500) throw new Error(`${actor} got ${res.statusCode}: ${res.body}`);
        if (want === 'ok' ? res.statusCode >= 300 : res.statusCode !== want) {
          expect
            .soft(res.statusCode, `${actor} → ${c.route}: ${res.body.slice(0, 200)}`)
            .toBe(want === 'ok' ? 200 : want);
        }
      }
      expect(Object.keys(got)).toHaveLength(actors.length);
    });
  }
});

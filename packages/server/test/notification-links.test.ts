import { readFileSync } from 'node:fs';
import type { ServerToClientEvents } from '@crw/contracts/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../src/db/schema.ts';
import {
  callsAs,
  createTestApp,
  makePortfolio,
  makeUser,
  type TestContext,
  type TestUser,
} from './helpers.ts';

type Notification = Parameters<ServerToClientEvents['notification:new']>[0];

/**
 * The app's screens, written from `packages/app/src/router.tsx` (its guards: ROLES.admin, ROLES.staff,
 * ROLES.everyone). Kept independent of the server's own table on purpose: the first test checks it against
 * the router's source, so a new or renamed route fails here until both sides agree.
 */
const everyone: Role[] = ['admin', 'employee', 'client'];
const staff: Role[] = ['admin', 'employee'];
const appScreens: { path: string; roles: Role[] }[] = [
  { path: '/', roles: everyone },
  { path: '/settings', roles: everyone },
  { path: '/admin/users', roles: ['admin'] },
  { path: '/admin/tools', roles: ['admin'] },
  { path: '/admin/notify', roles: ['admin'] },
  { path: '/test/editor', roles: staff },
  { path: '/design', roles: staff },
  { path: '/portfolios/create', roles: staff },
  { path: '/portfolios/:portfolioId', roles: staff }, // redirects to its dashboard
  { path: '/portfolios/:portfolioId/dashboard', roles: staff },
  { path: '/portfolios/:portfolioId/settings', roles: staff },
  { path: '/portfolios/:portfolioId/settings/general', roles: staff },
  { path: '/portfolios/:portfolioId/settings/integrations', roles: staff },
  { path: '/portfolios/:portfolioId/production', roles: staff },
  { path: '/portfolios/:portfolioId/agents', roles: staff },
  { path: '/portfolios/:portfolioId/agents/:agentId', roles: staff },
  { path: '/portfolios/:portfolioId/client-dashboard', roles: everyone },
  { path: '/portfolios/:portfolioId/review', roles: everyone },
];

function matchScreen(url: string) {
  const { pathname, searchParams } = new URL(url, 'http://app.local');
  for (const screen of appScreens) {
    const pattern = new RegExp(`^${screen.path.replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`);
    const m = pattern.exec(pathname);
    if (m) return { screen, params: { ...m.groups }, query: searchParams };
  }
  return null;
}

describe('every notification links to a real screen its recipient may open', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let author: TestUser;
  let reviewer: TestUser;
  let client: TestUser;
  let outsider: TestUser;
  let portfolioId: string;
  let cycleId: string;

  const { as, ok } = callsAs(() => ctx.app);
  const mention = (u: TestUser) => `<span data-mention-id="${u.id}">@${u.role}</span>`;
  const inbox = async (u: TestUser): Promise<Notification[]> =>
    ok(u, 'GET', '/api/notifications?includeArchived=true');
  /** The newest notification of `u` matching `content`, read back through the API. */
  const latest = async (u: TestUser, content: RegExp) => {
    const found = (await inbox(u)).find((n) => content.test(n.content));
    expect(found, `${u.role}: no notification matching ${content}`).toBeDefined();
    return found!;
  };

  /** The notifications one action gave the client and the reviewer (a mention of both). */
  const both = async (action: () => Promise<unknown>) => {
    const before = new Map<TestUser, Set<string>>();
    for (const u of [client, reviewer]) before.set(u, new Set((await inbox(u)).map((n) => n._id)));
    await action();
    const out: Notification[] = [];
    for (const u of [client, reviewer]) {
      const added = (await inbox(u)).filter((n) => !before.get(u)!.has(n._id));
      expect(added, `${u.role}: one new notification`).toHaveLength(1);
      out.push(added[0]!);
    }
    return out as [Notification, Notification];
  };

  /**
   * The url opens a screen of the app that the recipient's role is admitted to, and every id in it (the
   * portfolio, an agent, an item or cycle in the query) exists and is readable by the recipient.
   */
  async function expectOpens(u: TestUser, url: string | undefined) {
    expect(url, 'the notification has a url').toBeTypeOf('string');
    const match = matchScreen(url!);
    expect(match, `${url} is not a screen of the app`).not.toBeNull();
    const { screen, params, query } = match!;
    expect(screen.roles, `${u.role} may not open ${screen.path}`).toContain(u.role);
    if (params.portfolioId) {
      expect((await as(u, 'GET', `/api/portfolios/${params.portfolioId}`)).statusCode).toBe(200);
      // The app's list is the one the portfolio scope checks ('Portafolio no encontrado' otherwise).
      const mine = (await ok(u, 'GET', '/api/portfolios')) as { _id: string }[];
      expect(mine.map((p) => p._id)).toContain(params.portfolioId);
    }
    if (params.agentId) {
      expect((await as(u, 'GET', `/api/agents/${params.portfolioId}/${params.agentId}`)).statusCode).toBe(
        200,
      );
    }
    const item = query.get('item');
    if (item) {
      expect((await as(u, 'GET', `/api/production/items/${item}/material-version-history`)).statusCode).toBe(
        200,
      );
    }
    const cycle = query.get('cycle');
    if (cycle) expect((await as(u, 'GET', `/api/production/cycles/${cycle}/items`)).statusCode).toBe(200);
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await makeUser(ctx.app, 'admin');
    author = await makeUser(ctx.app, 'employee');
    reviewer = await makeUser(ctx.app, 'employee');
    client = await makeUser(ctx.app, 'client');
    outsider = await makeUser(ctx.app, 'employee');
    portfolioId = (await makePortfolio(ctx.app, [author, reviewer, client]))._id;
    cycleId = (
      await ok(author, 'POST', `/api/production/portfolios/${portfolioId}/start`, { cycleDuration: 14 })
    )._id;
  });
  afterAll(() => ctx.close());

  it("the test's screen table is the router's", () => {
    const router = readFileSync(new URL('../../app/src/router.tsx', import.meta.url), 'utf8');
    const literals = [...router.matchAll(/path: '([^']+)'/g)].map((m) => m[1]!);
    // The sign-in screens are no notification's target: /auth sends a signed-in user away, /auth/link is an email's.
    const routed = literals.filter((p) => !p.startsWith('/auth') && p !== '*');
    expect(routed.length).toBeGreaterThan(10);
    for (const p of routed) {
      expect(
        appScreens.some((s) => s.path.endsWith(`/${p}`)),
        `router path '${p}' missing here`,
      ).toBe(true);
    }
    for (const s of appScreens.filter((s) => s.path !== '/')) {
      const last = s.path.split('/').at(-1)!;
      expect(
        routed.some((p) => p === last || p.endsWith(`/${last}`)),
        `${s.path} is not routed`,
      ).toBe(true);
    }
  });

  it('review flow: reviewers and clients get the review panel on the item, authors the plan on it', async () => {
    const item = await ok(author, 'POST', `/api/production/cycles/${cycleId}/items`, {
      title: 'Reel enlaces',
      pilar: 'A',
    });
    const flow = (u: TestUser, action: string, body: object = {}) =>
      ok(u, 'POST', `/api/production/items/${item._id}/${action}`, body);
    await flow(author, 'mark-for-internal-review', { materialData: { copy: '<p>Uno</p>' } });
    const toReviewer = await latest(reviewer, /Reel enlaces/);
    expect(toReviewer.payload.url).toBe(`/portfolios/${portfolioId}/review?item=${item._id}`);
    await expectOpens(reviewer, toReviewer.payload.url);

    await flow(reviewer, 'request-internal-changes', { reviewComments: 'Otra vez' });
    const toAuthor = await latest(author, /Reel enlaces/);
    expect(toAuthor.payload.url).toBe(`/portfolios/${portfolioId}/production?item=${item._id}`);
    await expectOpens(author, toAuthor.payload.url);

    await flow(author, 'mark-for-internal-review', { materialData: { copy: '<p>Dos</p>' } });
    await flow(reviewer, 'approve-for-client', { reviewComments: 'Bien' });
    const toClient = await latest(client, /Reel enlaces/);
    expect(toClient.payload.url).toBe(`/portfolios/${portfolioId}/review?item=${item._id}`);
    await expectOpens(client, toClient.payload.url);

    await flow(client, 'request-client-changes', { reviewComments: 'Cambiad el color' });
    for (const employee of [author, reviewer]) {
      const n = (await inbox(employee)).find(
        (x) => /Reel enlaces/.test(x.content) && x._id !== toReviewer._id,
      );
      await expectOpens(employee, n!.payload.url);
    }
  });

  it('a mention in an item comment: staff get the plan on the item, a client the review panel on it', async () => {
    const item = await ok(author, 'POST', `/api/production/cycles/${cycleId}/items`, {
      title: 'Post menciones',
    });
    await ok(author, 'POST', `/api/production/items/${item._id}/mark-for-internal-review`, {
      materialData: { copy: '<p>Hola</p>' },
    });
    await ok(reviewer, 'POST', `/api/production/items/${item._id}/approve-for-client`, {});
    const [toClient, toReviewer] = await both(() =>
      ok(author, 'POST', '/api/comments', {
        entityType: 'item',
        entityId: item._id,
        visibility: 'client',
        body: `<p>Mirad ${mention(client)} ${mention(reviewer)}</p>`,
      }),
    );
    expect(toClient.content).toMatch(/te mencionó en un comentario/);
    expect(toClient.payload.url).toBe(`/portfolios/${portfolioId}/review?item=${item._id}`);
    await expectOpens(client, toClient.payload.url);
    expect(toReviewer.payload.url).toBe(`/portfolios/${portfolioId}/production?item=${item._id}`);
    await expectOpens(reviewer, toReviewer.payload.url);
  });

  it('a mention in a cycle or portfolio comment: staff get the plan or dashboard, a client its dashboard', async () => {
    const comment = (entityType: string, entityId: string) => () =>
      ok(author, 'POST', '/api/comments', {
        entityType,
        entityId,
        visibility: 'client',
        body: `<p>Mirad ${mention(client)} ${mention(reviewer)}</p>`,
      });
    const [cycleToClient, cycleToReviewer] = await both(comment('cycle', cycleId));
    expect(cycleToClient.payload.url).toBe(`/portfolios/${portfolioId}/client-dashboard`);
    await expectOpens(client, cycleToClient.payload.url);
    expect(cycleToReviewer.payload.url).toBe(`/portfolios/${portfolioId}/production?cycle=${cycleId}`);
    await expectOpens(reviewer, cycleToReviewer.payload.url);

    const [toClient, toReviewer] = await both(comment('portfolio', portfolioId));
    expect(toClient.payload.url).toBe(`/portfolios/${portfolioId}/client-dashboard`);
    await expectOpens(client, toClient.payload.url);
    expect(toReviewer.payload.url).toBe(`/portfolios/${portfolioId}/dashboard`);
    await expectOpens(reviewer, toReviewer.payload.url);
  });

  it('a mention in the material copy and a task on an assigned item open the plan and the agent', async () => {
    const item = await ok(author, 'POST', `/api/production/cycles/${cycleId}/items`, {
      title: 'Carrusel tareas',
      assigneeId: reviewer.id,
    });
    await ok(author, 'POST', `/api/production/items/${item._id}/update-material`, {
      materialData: { copy: `<p>Copy ${mention(reviewer)}</p>` },
    });
    const copyMention = await latest(reviewer, /te mencionó en el material/);
    await expectOpens(reviewer, copyMention.payload.url);

    const agent = await ok(admin, 'POST', `/api/agents/${portfolioId}`, { name: 'Redactor' });
    await ok(admin, 'POST', `/api/agents/${portfolioId}/${agent._id}/tasks`, {
      title: 'Escribir copy',
      itemId: item._id,
    });
    const task = await latest(reviewer, /Nueva tarea «Escribir copy»/);
    expect(task.payload.url).toBe(`/portfolios/${portfolioId}/agents/${agent._id}`);
    await expectOpens(reviewer, task.payload.url);

    // A client assigned to an item is never sent to an agent's screen: tasks are internal work.
    const clientItem = await ok(author, 'POST', `/api/production/cycles/${cycleId}/items`, {
      title: 'Pieza del cliente',
      assigneeId: client.id,
    });
    await ok(admin, 'POST', `/api/agents/${portfolioId}/${agent._id}/tasks`, {
      title: 'Tarea interna',
      itemId: clientItem._id,
    });
    expect((await inbox(client)).some((n) => /Tarea interna/.test(n.content))).toBe(false);
  });

  it('a broadcast link must be a screen, and reaches only those who may open it', async () => {
    const bad = await as(admin, 'POST', '/api/notifications/broadcast', {
      title: 'Roto',
      content: 'Enlace roto',
      url: '/no-existe',
      criteria: { userIds: [author.id] },
    });
    expect(bad.statusCode).toBe(400);
    const malformed = await as(admin, 'POST', '/api/notifications/broadcast', {
      title: 'Roto',
      content: 'Escape roto',
      url: '/portfolios/%E0%A4%A/dashboard',
      criteria: { userIds: [author.id] },
    });
    expect(malformed.statusCode).toBe(400);

    const res = await ok(admin, 'POST', '/api/notifications/broadcast', {
      title: 'Plan',
      content: 'Revisad el plan',
      url: `/portfolios/${portfolioId}/production`,
      criteria: { userIds: [author.id, client.id, outsider.id] },
    });
    expect(res).toEqual({ success: true, count: 3 });
    const toAuthor = await latest(author, /Revisad el plan/);
    await expectOpens(author, toAuthor.payload.url);
    // Everyone is told; a client (staff screen) and an outsider (no access) get no link they cannot open.
    expect((await latest(client, /Revisad el plan/)).payload.url).toBeUndefined();
    expect((await latest(outsider, /Revisad el plan/)).payload.url).toBeUndefined();

    await ok(admin, 'POST', '/api/notifications/broadcast', {
      title: 'Ajustes',
      content: 'Revisa tus dispositivos',
      url: '/settings',
      criteria: { roles: ['client'] },
    });
    await expectOpens(client, (await latest(client, /Revisa tus dispositivos/)).payload.url);
  });

  it("a new grant tells the user ('Acceso') with the dashboard their role may open; a change does not", async () => {
    const other = await makePortfolio(ctx.app, []);
    const name = other.accountData.businessName;
    await ok(admin, 'POST', `/api/users/${client.id}/portfolio-access`, { portfolioId: other._id });
    const toClient = await latest(client, new RegExp(`Ahora tienes acceso a «${name}»`));
    expect(toClient.title).toBe('Acceso');
    expect(toClient.payload.url).toBe(`/portfolios/${other._id}/client-dashboard`);
    await expectOpens(client, toClient.payload.url);

    await ok(admin, 'POST', `/api/users/${outsider.id}/portfolio-access`, { portfolioId: other._id });
    const toEmployee = await latest(outsider, /Ahora tienes acceso/);
    expect(toEmployee.payload.url).toBe(`/portfolios/${other._id}/dashboard`);
    await expectOpens(outsider, toEmployee.payload.url);

    await ok(admin, 'POST', `/api/users/${client.id}/portfolio-access`, {
      portfolioId: other._id,
      permissions: ['portfolio.view'],
    });
    expect((await inbox(client)).filter((n) => n.content.includes(`«${name}»`))).toHaveLength(1);
  });

  it('every notification anyone received opens a screen they may open', async () => {
    let checked = 0;
    for (const u of [admin, author, reviewer, client, outsider]) {
      for (const n of await inbox(u)) {
        if (n.payload.url === undefined) continue;
        await expectOpens(u, n.payload.url);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});

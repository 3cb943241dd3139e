import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../src/db/schema.ts';
import { sendReviewReminders } from '../../src/services/jobs/reminders.ts';
import { userRoom } from '../../src/services/notify/notifier.ts';
import type { AuthzCase } from '../authz/types.ts';
import { sentTo, type TestContext, type TestUser } from '../helpers.ts';
import { clientViewWorld, type Method } from '../support/client-view-world.ts';

interface Req {
  url: string;
  payload?: object;
  /** Further checks on the answer (e.g. a search must not find hidden text); failures are findings. */
  check?: (res: LightMyRequestResponse) => string | undefined;
}

/** Every route of the authorisation matrix that a client with a grant may call (its expectation is 2xx). */
const matrix = Object.values(
  import.meta.glob<{ cases: AuthzCase[] }>('../authz/*.cases.ts', { eager: true }),
).flatMap((m) => m.cases);
const clientCallable = matrix
  .filter(({ expect: e }) => e.clientGrant === 'ok' || (e.clientGrant >= 200 && e.clientGrant < 300))
  .map((c) => c.route);

/**
 * Issue 28, item 5: a client only ever receives the client view. Staff write internal notes (change
 * descriptions and reasons, the internal reviewer's note, the reason a piece was withdrawn), internal comments,
 * unsent working copies and versions, drafts and agents' tasks, each carrying a unique marker; then every route
 * a client may call is walked as the client, with items in every status, and no answer, socket event or
 * notification the client gets may carry a marker (or name something the client never saw).
 */
describe('the client view walk', () => {
  const walkWorld = clientViewWorld();
  const { heard, planted, secret, shown, hiddenIds, ids, commentIds, files, pushEndpoint } = walkWorld;
  const { as, flow, comment, internalNote, current } = walkWorld;
  let ctx: TestContext, author: TestUser, client: TestUser, portfolioId: string, cycleId: string;
  beforeAll(() => {
    ({ ctx, author, client, portfolioId, cycleId } = current());
  });

  const visibleItems = () => [
    ids.clientReview,
    ids.toApprove,
    ids.toChange,
    ids.clientChanges,
    ids.approved,
    ids.resent,
    ids.skipped,
  ];
  const allItems = () => [
    ...visibleItems(),
    ids.draft,
    ids.internalReview,
    ids.internalChanges,
    ids.withdrawn,
  ];
  /** Items the client's decisions are tried on besides their targets (none of them in client review). */
  const notInClientReview = () => [
    ids.clientChanges,
    ids.approved,
    ids.draft,
    ids.internalReview,
    ids.internalChanges,
    ids.withdrawn,
  ];
  const each = (list: string[], url: (id: string) => string, payload?: object): Req[] =>
    list.map((id) => ({ url: url(id), ...(payload ? { payload } : {}) }));
  const firstNotification = async () =>
    ((await as(client, 'GET', '/api/notifications')).json() as Array<{ _id: string }>)[0]?._id ??
    randomUUID();

  /**
   * The walk: each route a client may call → the requests made as the client, with this world's ids (visible
   * items and hidden ones alike: a refusal must not leak either). Reads first, then the calls that change
   * something (in this order), then the reads again.
   */
  const walk: Record<string, () => Req[] | Promise<Req[]>> = {
    'GET /api/health': () => [{ url: '/api/health' }],
    'GET /api/auth/me': () => [{ url: '/api/auth/me' }],
    // The upload limits: the same for everyone, nothing of a portfolio in them.
    'GET /api/settings/uploads': () => [{ url: '/api/settings/uploads' }],
    'GET /api/users/permissions/available': () => [{ url: '/api/users/permissions/available' }],
    'GET /api/users/permissions': () => [{ url: '/api/users/permissions' }],
    'GET /api/portfolios': () => [{ url: '/api/portfolios' }],
    'GET /api/portfolios/:id': () => [{ url: `/api/portfolios/${portfolioId}` }],
    'GET /api/portfolios/:id/integraciones': () => [{ url: `/api/portfolios/${portfolioId}/integraciones` }],
    // The search across cycles (issue 49): the team's words find nothing for the client, in any scope.
    'GET /api/search': () => [
      {
        url: '/api/search?q=SECRETO&limit=50',
        check: (res) =>
          res.json().items.length === 0
            ? undefined
            : `a search for internal text found ${res.json().items.length}`,
      },
      { url: `/api/search?q=SECRETO&portfolioId=${portfolioId}&limit=50` },
      { url: '/api/search?q=pieza&limit=50' },
    ],
    'GET /api/tasks': () => [
      { url: '/api/tasks' },
      { url: `/api/tasks?portfolioId=${portfolioId}` },
      { url: `/api/tasks?itemId=${ids.clientChanges}` },
    ],
    'GET /api/notifications': () => [
      { url: '/api/notifications' },
      { url: '/api/notifications?includeArchived=true' },
    ],
    'GET /api/notifications/unread-count': () => [{ url: '/api/notifications/unread-count' }],
    'GET /api/notifications/preferences': () => [{ url: '/api/notifications/preferences' }],
    'GET /api/production/items/:id/following': () =>
      each(allItems(), (id) => `/api/production/items/${id}/following`),
    'GET /api/notifications/vapid-public-key': () => [{ url: '/api/notifications/vapid-public-key' }],
    'GET /api/notifications/push-subscriptions': () => [{ url: '/api/notifications/push-subscriptions' }],
    'GET /api/production/portfolios/:id/client-dashboard': () => [
      { url: `/api/production/portfolios/${portfolioId}/client-dashboard` },
    ],
    'GET /api/production/portfolios/:id/review-queues': () => [
      { url: `/api/production/portfolios/${portfolioId}/review-queues` },
    ],
    'GET /api/production/portfolios/:id/cycles': () => [
      { url: `/api/production/portfolios/${portfolioId}/cycles` },
    ],
    'GET /api/production/portfolios/:id/current-cycle': () => [
      { url: `/api/production/portfolios/${portfolioId}/current-cycle` },
    ],
    'GET /api/production/portfolios/:id/members': () => [
      { url: `/api/production/portfolios/${portfolioId}/members` },
    ],
    'GET /api/production/cycles/:id/items': () => [
      { url: `/api/production/cycles/${cycleId}/items?limit=100` },
      { url: `/api/production/cycles/${cycleId}/items?limit=100&sort=title&order=desc` },
      {
        url: `/api/production/cycles/${cycleId}/items?status=draft&status=internal_review&status=internal_changes`,
      },
      { url: `/api/production/cycles/${cycleId}/items?assigneeId=${client.id}` },
      {
        // Searching for internal text finds nothing (no oracle for what the team wrote).
        url: `/api/production/cycles/${cycleId}/items?q=SECRETO`,
        check: (res) =>
          res.json().total === 0 ? undefined : `a search for internal text found ${res.json().total}`,
      },
    ],
    'GET /api/production/cycles/:id/board': () => [
      {
        url: `/api/production/cycles/${cycleId}/board?status=draft&status=internal_review&status=internal_changes&status=client_review&status=client_changes&status=approved&limit=100`,
      },
      {
        // The team's columns are empty for a client, whatever it asks.
        url: `/api/production/cycles/${cycleId}/board?status=draft&status=internal_review&status=internal_changes`,
        check: (res) => {
          const listed = (res.json().columns as Array<{ total: number }>).reduce((n, c) => n + c.total, 0);
          return listed === 0 ? undefined : `the board's internal columns listed ${listed}`;
        },
      },
      {
        // As the list: a search for internal text finds nothing.
        url: `/api/production/cycles/${cycleId}/board?status=client_review&status=approved&q=SECRETO`,
        check: (res) => {
          const listed = (res.json().columns as Array<{ total: number }>).reduce((n, c) => n + c.total, 0);
          return listed === 0 ? undefined : `a search for internal text found ${listed}`;
        },
      },
    ],
    'GET /api/production/cycles/:id/calendar': () => [
      { url: `/api/production/cycles/${cycleId}/calendar` },
      {
        url: `/api/production/cycles/${cycleId}/calendar?status=draft&status=internal_review&status=internal_changes`,
        check: (res) =>
          res.json().entries.length === 0
            ? undefined
            : `the calendar of internal statuses listed ${res.json().entries.length}`,
      },
      {
        // As the list: a search for internal text finds nothing.
        url: `/api/production/cycles/${cycleId}/calendar?q=SECRETO`,
        check: (res) =>
          res.json().entries.length === 0
            ? undefined
            : `a search for internal text found ${res.json().entries.length}`,
      },
    ],
    'GET /api/production/cycles/:id/items/strategy': () => [
      { url: `/api/production/cycles/${cycleId}/items/strategy` },
    ],
    'GET /api/production/items/:id': () => each(allItems(), (id) => `/api/production/items/${id}`),
    'GET /api/production/items/:id/material-version-history': () =>
      each(allItems(), (id) => `/api/production/items/${id}/material-version-history`),
    'GET /api/production/items/:id/download-url': () => [
      {
        url: `/api/production/items/${ids.clientReview}/download-url?s3Key=${encodeURIComponent(files.sent)}`,
      },
      {
        url: `/api/production/items/${ids.clientChanges}/download-url?s3Key=${encodeURIComponent(files.unsent)}`,
        check: (res) => (res.statusCode === 404 ? undefined : `an unsent file answered ${res.statusCode}`),
      },
    ],
    'GET /api/comments': () => [
      ...each(allItems(), (id) => `/api/comments?entityType=item&entityId=${id}&limit=100`),
      { url: `/api/comments?entityType=cycle&entityId=${cycleId}` },
      { url: `/api/comments?entityType=portfolio&entityId=${portfolioId}` },
      { url: `/api/comments?entityType=task&entityId=${ids.task}` },
      { url: `/api/comments?entityType=agent&entityId=${ids.agent}` },
    ],
    'GET /api/comments/:id': () => each(commentIds, (id) => `/api/comments/${id}`),
    'POST /api/comments/:id/resolve': () => each(commentIds, (id) => `/api/comments/${id}/resolve`),
    'POST /api/comments/:id/reopen': () => each(commentIds, (id) => `/api/comments/${id}/reopen`),

    // ——— Calls that change something ———
    'POST /api/comments': () => [
      { url: '/api/comments', payload: { entityType: 'item', entityId: ids.clientChanges, body: shown() } },
      { url: '/api/comments', payload: { entityType: 'cycle', entityId: cycleId, body: shown() } },
      { url: '/api/comments', payload: { entityType: 'item', entityId: ids.draft, body: shown() } },
      { url: '/api/comments', payload: { entityType: 'task', entityId: ids.task, body: shown() } },
    ],
    'PUT /api/comments/:id': () => [
      { url: `/api/comments/${ids.ownComment}`, payload: { body: shown() } },
      ...each(
        commentIds.filter((id) => id !== ids.ownComment),
        (id) => `/api/comments/${id}`,
        { body: shown() },
      ),
    ],
    'POST /api/production/items/:id/request-client-changes': () => [
      {
        url: `/api/production/items/${ids.toChange}/request-client-changes`,
        payload: { reviewComments: shown() },
      },
      ...each(notInClientReview(), (id) => `/api/production/items/${id}/request-client-changes`, {
        reviewComments: shown(),
      }),
    ],
    'POST /api/production/items/:id/approve-client-review': () => [
      // A version the client never received is not the one in its review (409), and says nothing of it.
      { url: `/api/production/items/${ids.skipped}/approve-client-review`, payload: { versionNumber: 2 } },
      { url: `/api/production/items/${ids.toApprove}/approve-client-review`, payload: {} },
      ...each(notInClientReview(), (id) => `/api/production/items/${id}/approve-client-review`, {
        versionNumber: 1,
      }),
    ],
    'PUT /api/notifications/preferences': () => [
      { url: '/api/notifications/preferences', payload: { preferences: { team: { push: false } } } },
    ],
    'PUT /api/production/items/:id/following': () =>
      each(allItems(), (id) => `/api/production/items/${id}/following`, { following: true }),
    'POST /api/notifications/push-subscription': () => [
      {
        url: '/api/notifications/push-subscription',
        payload: { endpoint: pushEndpoint, keys: { auth: 'a', p256dh: 'b' } },
      },
    ],
    'POST /api/notifications/push-subscription/check': () => [
      { url: '/api/notifications/push-subscription/check', payload: { endpoint: pushEndpoint } },
    ],
    'DELETE /api/notifications/push-subscription': () => [
      { url: '/api/notifications/push-subscription', payload: { endpoint: pushEndpoint } },
    ],
    'PUT /api/notifications/:id/read': async () => [
      { url: `/api/notifications/${await firstNotification()}/read` },
    ],
    'PUT /api/notifications/:id/archive': async () => [
      { url: `/api/notifications/${await firstNotification()}/archive` },
    ],
    'POST /api/notifications/mark-all-read': () => [{ url: '/api/notifications/mark-all-read' }],
    'POST /api/notifications/archive-all': () => [{ url: '/api/notifications/archive-all' }],
    'DELETE /api/comments/:id': () => [{ url: `/api/comments/${ids.ownComment}` }],
  };
  const method = (route: string) => route.split(' ')[0] as Method;
  const reads = () => Object.keys(walk).filter((r) => method(r) === 'GET');
  const writes = () => Object.keys(walk).filter((r) => method(r) !== 'GET');

  /** Markers and hidden ids in a text (each marker reported with where it was written). */
  const leaksIn = (text: string, ignoreIds: ReadonlySet<string> = new Set()) => [
    ...[...new Set(text.match(/SECRETO-\d+/g) ?? [])].map((m) => `${m} (${planted.get(m) ?? '?'})`),
    ...[...hiddenIds].filter((id) => !ignoreIds.has(id) && text.includes(id)).map((id) => `id ${id}`),
  ];

  /** Walks `routes` as `u`: answers each route's requests and collects what leaked (and which routes answered). */
  async function run(u: TestUser, routes: string[]) {
    const findings: string[] = [];
    const answered = new Set<string>();
    let requests = 0;
    for (const route of routes) {
      for (const req of await walk[route]!()) {
        requests += 1;
        const res = await as(u, method(route), req.url, req.payload);
        const where = `${route} → ${method(route)} ${req.url} (${res.statusCode})`;
        if (res.statusCode >= 500) findings.push(`${where}: ${res.body.slice(0, 200)}`);
        if (res.statusCode < 300) answered.add(route);
        for (const leak of leaksIn(res.body)) findings.push(`${where}: ${leak}`);
        const failed = req.check?.(res);
        if (failed) findings.push(`${where}: ${failed}`);
      }
    }
    return { findings, answered, requests };
  }

  it('has a walk entry for every route the authorisation matrix lets a client call, and only real routes', () => {
    expect(clientCallable.length).toBeGreaterThan(20);
    expect(
      clientCallable.filter((r) => !(r in walk)),
      'client-callable routes the walk does not try',
    ).toEqual([]);
    const registered = new Set(ctx.app.apiRoutes);
    expect(Object.keys(walk).filter((r) => !registered.has(r))).toEqual([]);
  });

  it('planted every marker where staff can read it (the walk is not looking at nothing)', async () => {
    // The same reads as the author, plus the agents' screen.
    const seen = new Set<string>();
    for (const route of reads()) {
      for (const req of await walk[route]!()) {
        for (const m of (await as(author, 'GET', req.url)).body.match(/SECRETO-\d+/g) ?? []) seen.add(m);
      }
    }
    for (const m of (await as(author, 'GET', `/api/agents/${portfolioId}/${ids.agent}`)).body.match(
      /SECRETO-\d+/g,
    ) ?? [])
      seen.add(m);
    expect([...planted.keys()].filter((m) => !seen.has(m)).map((m) => `${m} (${planted.get(m)})`)).toEqual(
      [],
    );
    expect(planted.size).toBeGreaterThan(40);
  });

  it('answers the client only the client view on every route, its own decisions included', async () => {
    const first = await run(client, reads());
    // The client does see what was sent to it.
    const item = (await as(client, 'GET', `/api/production/items/${ids.clientChanges}`)).json();
    expect(item).toMatchObject({ status: 'client_changes', currentVersion: 1, changeDescription: null });
    expect(item.materialData.copy).toMatch(/PUBLICO-\d+/);
    const changed = await run(client, writes());
    const approved = (await as(client, 'GET', `/api/production/items/${ids.toApprove}`)).json();
    expect(approved.status).toBe('approved');
    expect((await as(client, 'GET', `/api/production/items/${ids.toChange}`)).json().status).toBe(
      'client_changes',
    );

    // Staff go on writing on the pieces the client just decided; the client reads everything again.
    await flow(author, ids.toChange, 'update-material', {
      materialData: { copy: `<p>${secret('working copy after the client asked for changes')}</p>` },
    });
    await flow(author, ids.toChange, 'create-material-version', {
      materialData: { copy: `<p>${secret('version after the client asked for changes')}</p>` },
      changeReason: secret('changeReason after the client asked for changes'),
    });
    await internalNote('item', ids.toApprove, 'internal comment after the client approved');
    const second = await run(client, reads());

    const findings = [...first.findings, ...changed.findings, ...second.findings];
    expect(findings, 'what reached the client').toEqual([]);
    // Every route walked answered the client at least once (a walk of refusals alone proves nothing).
    const answered = new Set([...first.answered, ...changed.answered, ...second.answered]);
    expect(Object.keys(walk).filter((r) => !answered.has(r))).toEqual([]);
    console.info(
      `client view walk: ${Object.keys(walk).length} routes (${clientCallable.length} client-callable in the matrix), ${first.requests + changed.requests + second.requests} requests, ${planted.size} markers`,
    );
  });

  it("keeps markers out of the client's socket events and notifications", async () => {
    // The daily review reminders are notifications a client receives too.
    await sendReviewReminders(ctx.app.db, ctx.app.notifier, {
      now: new Date(Date.now() + 3 * 86_400_000),
      waitHours: 1,
    });
    // Settle: a last comment shared with the client arrives on its socket after everything before it; then
    // a positive control through the client's room, which a socket delivers after whatever was sent before.
    const last = await comment(author, 'item', ids.clientReview, `<p>${shown()}</p>`, 'client');
    const wait = { timeout: 5000, interval: 20 };
    await vi.waitFor(() => expect(heard.some((h) => JSON.stringify(h.args).includes(last))).toBe(true), wait);
    const control = {
      kind: 'comment.created',
      portfolioId: 'control',
      entityType: 'item',
      entityId: 'control',
      commentId: 'control',
      actorId: 'control',
    } as const;
    ctx.app.io.to(userRoom(client.id)).emit('comments:changed', control);
    await vi.waitFor(() => expect(heard.map((h) => h.args[0])).toContainEqual(control), wait);

    expect(heard.some((h) => h.event === 'notification:new')).toBe(true);
    expect(heard.some((h) => h.event === 'production:changed')).toBe(true);
    const socketLeaks = heard.flatMap((h) => leaksIn(JSON.stringify(h.args)).map((l) => `${h.event}: ${l}`));
    expect(socketLeaks, "what reached the client's socket").toEqual([]);

    const rows = await ctx.app.db.select().from(notifications).where(sentTo(client.id));
    expect(rows.length).toBeGreaterThan(5);
    expect(
      rows.flatMap((n) => leaksIn(JSON.stringify(n)).map((l) => `${n.title}: ${n.content}: ${l}`)),
    ).toEqual([]);
    const listed = await as(client, 'GET', '/api/notifications?includeArchived=true');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().length).toBeGreaterThan(5);
    expect(leaksIn(listed.body)).toEqual([]);
  });
});

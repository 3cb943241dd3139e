import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications, tasks } from '../../src/db/schema.ts';
import { userRoom } from '../../src/services/notify/notifier.ts';
import { sendReviewReminders } from '../../src/services/jobs/reminders.ts';
import type { AuthzCase } from '../authz/types.ts';
import {
  createTestApp,
  makePortfolio,
  makeUser,
  sentTo,
  type TestContext,
  type TestUser,
} from '../helpers.ts';
import { listenOnLoopback, socketPool } from '../support/sockets.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
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
  let ctx: TestContext;
  let base = '';
  const pool = socketPool(() => base);
  let author: TestUser;
  let reviewer: TestUser;
  let client: TestUser;
  let portfolioId: string;
  let cycleId: string;
  /** What the client's socket received, in order. */
  const heard: Array<{ event: string; args: unknown[] }> = [];

  /** Markers of internal text: each names where it was written. */
  const planted = new Map<string, string>();
  const secret = (where: string) => {
    const marker = `SECRETO-${planted.size + 1}`;
    planted.set(marker, where);
    return marker;
  };
  let publicCount = 0;
  /** Text meant for the client (positive controls: the walk does see content). */
  const shown = () => `PUBLICO-${++publicCount}`;
  /** Ids of things the client never saw (drafts, internal reviews, internal comments, agents, tasks). */
  const hiddenIds = new Set<string>();

  const ids = {} as Record<
    | 'draft'
    | 'internalReview'
    | 'internalChanges'
    | 'clientReview'
    | 'toApprove'
    | 'toChange'
    | 'clientChanges'
    | 'approved'
    | 'withdrawn'
    | 'resent'
    | 'skipped'
    | 'agent'
    | 'task'
    | 'proposalTask'
    | 'clientComment'
    | 'ownComment',
    string
  >;
  const commentIds: string[] = [];
  const files = { sent: '', unsent: '' };
  const pushEndpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;

  const as = (u: TestUser, method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const ok = async (label: string, res: Promise<LightMyRequestResponse>) => {
    const r = await res;
    expect(r.statusCode, `${label}: ${r.body.slice(0, 300)}`).toBeLessThan(300);
    return r.json();
  };
  const flow = (u: TestUser, id: string, action: string, body: object = {}) =>
    ok(`${action} ${id}`, as(u, 'POST', `/api/production/items/${id}/${action}`, body));
  const newItem = async (title: string, description = '') =>
    (
      await ok(
        'create item',
        as(author, 'POST', `/api/production/cycles/${cycleId}/items`, { title, description }),
      )
    )._id as string;
  const comment = async (
    u: TestUser,
    entityType: string,
    entityId: string,
    body: string,
    visibility?: string,
  ) => {
    const c = await ok(
      `comment on ${entityType}`,
      as(u, 'POST', '/api/comments', { entityType, entityId, body, ...(visibility ? { visibility } : {}) }),
    );
    commentIds.push(c._id);
    return c._id as string;
  };
  const mention = (u: TestUser) => `<span data-mention-id="${u.id}">@persona</span>`;
  /** An internal comment (visibility internal) with a marker, mentioning the client. */
  const internalNote = async (entityType: string, entityId: string, where: string) => {
    const id = await comment(
      author,
      entityType,
      entityId,
      `<p>${secret(where)} ${mention(client)}</p>`,
      'internal',
    );
    hiddenIds.add(id);
    return id;
  };
  const upload = async (itemId: string, name: string) => {
    const bytes = Buffer.from([1, 2, 3]);
    const signed = await ok(
      'signed-url',
      as(author, 'POST', `/api/production/items/${itemId}/signed-url`, {
        fileName: name,
        fileType: 'image/png',
        size: bytes.length,
      }),
    );
    const put = await ctx.app.inject({
      method: 'PUT',
      url: signed.url,
      headers: { 'content-type': 'image/png' },
      payload: bytes,
    });
    expect(put.statusCode).toBe(200);
    return { s3Key: signed.s3Key as string, fileName: name, fileType: 'image/png', size: bytes.length };
  };
  /**
   * Written by the author with an internal change description, approved for the client by the reviewer with
   * an internal note: the client reviews version 1.
   */
  const sentItem = async (name: string) => {
    const id = await newItem(`${name} ${shown()}`, shown());
    await flow(author, id, 'mark-for-internal-review', {
      materialData: { copy: `<p>${shown()}</p>` },
      changeDescription: secret(`${name}: changeDescription v1`),
    });
    await flow(reviewer, id, 'approve-for-client', {
      reviewComments: secret(`${name}: internal reviewer's note`),
    });
    return id;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    base = await listenOnLoopback(ctx.app);
    author = await makeUser(ctx.app, 'employee');
    reviewer = await makeUser(ctx.app, 'employee');
    client = await makeUser(ctx.app, 'client');
    portfolioId = (await makePortfolio(ctx.app, [author, reviewer, client]))._id;
    cycleId = (
      await ok(
        'start',
        as(author, 'POST', `/api/production/portfolios/${portfolioId}/start`, { cycleDuration: 30 }),
      )
    )._id;
    // The client's tab is open while the staff write.
    (await pool.open(client.token)).onAny((event: string, ...args: unknown[]) => heard.push({ event, args }));

    // A draft: its title, description, working copy and comment are the team's.
    ids.draft = await newItem(`Borrador ${secret('draft title')}`, secret('draft description'));
    await flow(author, ids.draft, 'update-material', {
      materialData: { copy: `<p>${secret('draft working copy')} ${mention(client)}</p>` },
    });
    await comment(author, 'item', ids.draft, `<p>${secret('comment on a draft')}</p>`);

    // In internal review.
    ids.internalReview = await newItem(`Revisión ${secret('internal review title')}`);
    await flow(author, ids.internalReview, 'mark-for-internal-review', {
      materialData: { copy: `<p>${secret('internal review copy')}</p>` },
      changeDescription: secret('internal review changeDescription'),
    });

    // Internal changes asked by the reviewer.
    ids.internalChanges = await newItem(`Cambios ${secret('internal changes title')}`);
    await flow(author, ids.internalChanges, 'mark-for-internal-review', {
      materialData: { copy: `<p>${secret('internal changes copy')}</p>` },
    });
    await flow(reviewer, ids.internalChanges, 'request-internal-changes', {
      reviewComments: secret('request-internal-changes reviewComments'),
      changeDescription: secret('request-internal-changes changeDescription'),
    });
    for (const id of [ids.draft, ids.internalReview, ids.internalChanges]) hiddenIds.add(id);

    // In client review, with a file sent to the client, comments of every kind.
    ids.clientReview = await newItem(`En revisión ${shown()}`, shown());
    const sentFile = await upload(ids.clientReview, `${shown()}.png`);
    files.sent = sentFile.s3Key;
    await flow(author, ids.clientReview, 'mark-for-internal-review', {
      materialData: { copy: `<p>${shown()}</p>`, files: [sentFile] },
      changeDescription: secret('client review: changeDescription v1'),
    });
    await flow(reviewer, ids.clientReview, 'approve-for-client', {
      reviewComments: secret("client review: internal reviewer's note"),
    });
    await internalNote('item', ids.clientReview, 'internal comment on an item in client review');
    ids.clientComment = await comment(
      author,
      'item',
      ids.clientReview,
      `<p>${shown()} ${mention(client)}</p>`,
    );
    // Shared with the client, then made internal with internal text.
    const turned = await comment(author, 'item', ids.clientReview, `<p>${shown()}</p>`, 'client');
    await ok(
      'comment turned internal',
      as(author, 'PUT', `/api/comments/${turned}`, {
        body: `<p>${secret('comment turned internal')}</p>`,
        visibility: 'internal',
      }),
    );

    // Two more in client review, for the client's own decisions during the walk.
    ids.toApprove = await sentItem('Para aprobar');
    await internalNote('item', ids.toApprove, 'internal comment on the item the client approves');
    ids.toChange = await sentItem('Para cambiar');
    await internalNote('item', ids.toChange, 'internal comment on the item the client sends back');

    // Client changes: the client asked; the team wrote an unsent version (with a file) and an unsent working
    // copy; the piece is assigned to the client and an agent's task works on it.
    ids.clientChanges = await sentItem('Cambios del cliente');
    await flow(client, ids.clientChanges, 'request-client-changes', { reviewComments: shown() });
    await ok(
      'assign',
      as(author, 'PUT', `/api/production/items/${ids.clientChanges}`, { assigneeId: client.id }),
    );
    const unsentFile = await upload(ids.clientChanges, `${secret('unsent file name')}.png`);
    files.unsent = unsentFile.s3Key;
    await flow(author, ids.clientChanges, 'create-material-version', {
      materialData: { copy: `<p>${secret('unsent version copy')}</p>`, files: [unsentFile] },
      changeReason: secret('unsent version changeReason'),
      changeDescription: secret('unsent version changeDescription'),
    });
    await flow(author, ids.clientChanges, 'update-material', {
      materialData: {
        copy: `<p>${secret('unsent working copy')} ${mention(client)}</p>`,
        files: [unsentFile],
      },
    });
    await internalNote('item', ids.clientChanges, 'internal comment on an item in client changes');

    // Approved, and an internal comment after the approval.
    ids.approved = await sentItem('Aprobada');
    await flow(client, ids.approved, 'approve-client-review', {});
    await internalNote('item', ids.approved, 'internal comment on an approved item');

    // Withdrawn from the client's review with a reason, then changed: no longer the client's to see.
    ids.withdrawn = await sentItem('Retirada');
    await flow(author, ids.withdrawn, 'withdraw-from-client-review', {
      reviewComments: secret('withdraw reason (left withdrawn)'),
    });
    await flow(author, ids.withdrawn, 'update-material', {
      materialData: { copy: `<p>${secret('working copy of a withdrawn piece')}</p>` },
    });

    // Withdrawn and sent again with a new version.
    ids.resent = await sentItem('Reenviada');
    await flow(author, ids.resent, 'withdraw-from-client-review', {
      reviewComments: secret('withdraw reason (sent again)'),
    });
    await flow(author, ids.resent, 'mark-for-internal-review', {
      materialData: { copy: `<p>${shown()}</p>` },
      changeDescription: secret('sent again: changeDescription v2'),
    });
    await flow(reviewer, ids.resent, 'approve-for-client', {
      reviewComments: secret("sent again: internal reviewer's note v2"),
    });

    // Sent again after the client's changes, skipping an unsent version 2.
    ids.skipped = await sentItem('Con versión interna');
    await flow(client, ids.skipped, 'request-client-changes', { reviewComments: shown() });
    await flow(author, ids.skipped, 'create-material-version', {
      materialData: { copy: `<p>${secret('skipped version 2 copy')}</p>` },
      changeReason: secret('skipped version 2 changeReason'),
    });
    await flow(author, ids.skipped, 'mark-for-internal-review', {
      materialData: { copy: `<p>${shown()}</p>` },
      changeDescription: secret('version 3 changeDescription'),
    });
    await flow(reviewer, ids.skipped, 'approve-for-client', {
      reviewComments: secret("version 3 reviewer's note"),
    });

    // Internal comments on the cycle and the portfolio.
    await internalNote('cycle', cycleId, 'internal comment on the cycle');
    await internalNote('portfolio', portfolioId, 'internal comment on the portfolio');

    // An agent and its tasks (internal work), one with a proposal kept for a piece in review.
    ids.agent = (
      await ok(
        'agent',
        as(author, 'POST', `/api/agents/${portfolioId}`, {
          name: `Agente ${secret('agent name')}`,
          description: secret('agent description'),
          instructions: secret('agent instructions'),
        }),
      )
    )._id;
    ids.task = (
      await ok(
        'task',
        as(author, 'POST', `/api/agents/${portfolioId}/${ids.agent}/tasks`, {
          title: `Tarea ${secret('task title')}`,
          instructions: secret('task instructions'),
          itemId: ids.clientChanges,
        }),
      )
    )._id;
    ids.proposalTask = (
      await ok(
        'task with a proposal',
        as(author, 'POST', `/api/agents/${portfolioId}/${ids.agent}/tasks`, {
          title: `Propuesta ${secret('proposal task title')}`,
          itemId: ids.clientReview,
        }),
      )
    )._id;
    // An agent's answer for a piece under review is kept on its task as a proposal (where the schema has it).
    if ('proposedMaterial' in tasks)
      await ctx.app.db
        .update(tasks)
        .set({ proposedMaterial: { copy: `<p>${secret("agent's proposed copy")}</p>` } } as never)
        .where(eq(tasks.id, ids.proposalTask));
    await internalNote('task', ids.task, 'comment on a task');
    await internalNote('agent', ids.agent, 'comment on an agent');
    for (const id of [ids.agent, ids.task, ids.proposalTask]) hiddenIds.add(id);

    // The client's own comment, which it may edit and delete.
    ids.ownComment = await comment(client, 'item', ids.clientReview, `<p>${shown()}</p>`);
  });
  afterAll(async () => {
    pool.closeAll();
    await ctx.close();
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

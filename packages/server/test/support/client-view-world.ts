/**
 * The world the client view walk (routes/client-view-walk.test.ts) runs in (issue 28, item 5): an app on
 * loopback with an author, a reviewer and a client on a portfolio; items in every status, each carrying internal
 * notes, internal comments, unsent working copies and versions, drafts and agents' tasks with a unique marker;
 * and the client's socket recording what it hears. Call `clientViewWorld()` inside a describe; `current()` gives
 * what beforeAll made.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { tasks } from '../../src/db/schema.ts';
import { createTestApp, makePortfolio, makeUser, type TestContext, type TestUser } from '../helpers.ts';
import { listenOnLoopback, socketPool } from './sockets.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function clientViewWorld() {
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
    extra: object = {},
  ) => {
    const c = await ok(
      `comment on ${entityType}`,
      as(u, 'POST', '/api/comments', {
        entityType,
        entityId,
        body,
        ...(visibility ? { visibility } : {}),
        ...extra,
      }),
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
    const unsentCopy = secret('unsent version copy');
    await flow(author, ids.clientChanges, 'create-material-version', {
      materialData: { copy: `<p>${unsentCopy}</p>`, files: [unsentFile] },
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
    // Shared with the client, quoting the version it was never sent and suggesting a change (issue 47): the
    // client reads the comment, never the quote nor the suggestion.
    await comment(author, 'item', ids.clientChanges, `<p>${shown()}</p>`, 'client', {
      anchor: { versionNumber: 2, quote: unsentCopy },
      suggestion: { replacement: secret('suggestion on an unsent version') },
    });

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
  const markers = { heard, planted, secret, shown, hiddenIds, ids, commentIds, files, pushEndpoint };
  return {
    ...markers,
    as,
    flow,
    comment,
    internalNote,
    current: () => ({ ctx, author, client, portfolioId, cycleId }),
  };
}

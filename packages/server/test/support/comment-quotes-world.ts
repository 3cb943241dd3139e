/**
 * The world of the copy-quote tests (comment-quotes*.test.ts, issue 47 point 6): an author and a reviewer
 * (employees) and a client on a portfolio with a cycle, a stranger on another portfolio, and helpers to make a
 * piece, walk it through the review flow and comment on it. Call `quotesWorld()` inside a describe.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import {
  callsAs,
  createTestApp,
  makePortfolio,
  makeUser,
  type TestContext,
  type TestUser,
} from '../helpers.ts';

export interface QuoteInput {
  versionNumber: number;
  quote: string;
  prefix?: string;
  suffix?: string;
}

export function quotesWorld() {
  let ctx: TestContext;
  const { as, ok } = callsAs(() => ctx.app);
  const w = {
    as,
    ok,
    author: undefined as unknown as TestUser,
    reviewer: undefined as unknown as TestUser,
    client: undefined as unknown as TestUser,
    stranger: undefined as unknown as TestUser,
    cycleId: '',
    otherCycleId: '',
    /** Takes a review step on a piece as `u`. */
    flow: (u: TestUser, id: string, action: string, body: object = {}) =>
      ok(u, 'POST', `/api/production/items/${id}/${action}`, body),
    /** A new piece whose version 1 has this copy, in internal review (`sent`: in client review). */
    async piece(copy: string, opts: { sent?: boolean; cycleId?: string; by?: TestUser } = {}) {
      const by = opts.by ?? w.author;
      const item = await ok(by, 'POST', `/api/production/cycles/${opts.cycleId ?? w.cycleId}/items`, {
        title: 'Pieza con texto',
      });
      await w.flow(by, item._id, 'mark-for-internal-review', { materialData: { copy } });
      if (opts.sent) await w.flow(w.reviewer, item._id, 'approve-for-client', {});
      return item._id as string;
    },
    /** Sends a piece in client review back to the team with changes requested. */
    async clientChanges(id: string) {
      await w.flow(w.client, id, 'request-client-changes', { reviewComments: 'Cambios, por favor' });
    },
    /** Writes a new version with this copy (the piece must be with the team). */
    newVersion: (id: string, copy: string) =>
      w.flow(w.author, id, 'create-material-version', { materialData: { copy } }),
    /** Posts a comment quoting the copy (and suggesting a replacement): answers the response. */
    quote(u: TestUser, itemId: string, anchor: QuoteInput, extra: object = {}) {
      return as(u, 'POST', '/api/comments', {
        entityType: 'item',
        entityId: itemId,
        body: '<p>Sobre esto</p>',
        anchor,
        ...extra,
      });
    },
    async quoted(u: TestUser, itemId: string, anchor: QuoteInput, extra: object = {}) {
      const res = await w.quote(u, itemId, anchor, extra);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Record<string, unknown> & { _id: string };
    },
    /** The piece's thread as `u` reads it. */
    async thread(u: TestUser, itemId: string) {
      const page = await ok(u, 'GET', `/api/comments?entityType=item&entityId=${itemId}&limit=100`);
      return page.items as Array<Record<string, unknown> & { _id: string }>;
    },
    async one(u: TestUser, itemId: string, commentId: string) {
      return (await w.thread(u, itemId)).find((c) => c._id === commentId)!;
    },
    item: (u: TestUser, id: string) => ok(u, 'GET', `/api/production/items/${id}`),
    versions: (u: TestUser, id: string) =>
      ok(u, 'GET', `/api/production/items/${id}/material-version-history`),
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    w.author = await makeUser(ctx.app, 'employee');
    w.reviewer = await makeUser(ctx.app, 'employee');
    w.client = await makeUser(ctx.app, 'client');
    w.stranger = await makeUser(ctx.app, 'employee');
    const p = await makePortfolio(ctx.app, [w.author, w.reviewer, w.client]);
    const other = await makePortfolio(ctx.app, [w.stranger]);
    const start = (u: TestUser, id: string) =>
      ok(u, 'POST', `/api/production/portfolios/${id}/start`, { cycleDuration: 30 });
    w.cycleId = (await start(w.author, p._id))._id;
    w.otherCycleId = (await start(w.stranger, other._id))._id;
  });
  afterAll(() => ctx?.close());

  return w;
}

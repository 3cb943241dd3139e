import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { cycles, files, type ItemStatus, items, itemVersions } from '../../src/db/schema.ts';
import type { ActorName, AuthzCase, World } from './types.ts';

let year = 2100;
/** A fresh cycle in portfolio P (distinct dates, so cycles never overlap). */
async function cycle(w: World) {
  year += 1;
  const [row] = await w.app.db
    .insert(cycles)
    .values({ portfolioId: w.portfolioId, startDate: `${year}-01-01`, endDate: `${year}-01-14` })
    .returning();
  return row!.id;
}

/** A fresh cycle after every other of P (so it is P's last), starting the day after P's latest ends. */
async function lastCycle(w: World) {
  const [latest] = await w.app.db
    .select({ end: sql<string>`max(${cycles.endDate})::text` })
    .from(cycles)
    .where(eq(cycles.portfolioId, w.portfolioId));
  const start = new Date(`${latest?.end ?? '2100-01-01'}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() + 1);
  const startDate = start.toISOString().slice(0, 10);
  const [row] = await w.app.db
    .insert(cycles)
    .values({ portfolioId: w.portfolioId, startDate, endDate: startDate })
    .returning();
  return row!;
}

async function item(w: World, status: ItemStatus = 'draft') {
  const cycleId = await cycle(w);
  const [row] = await w.app.db
    .insert(items)
    .values({
      portfolioId: w.portfolioId,
      cycleId,
      title: 'Pieza',
      status,
      authorId: w.users.employeeGrant.id,
    })
    .returning();
  return row!.id;
}

type Expect = Record<ActorName, number | 'ok'>;
const outsiders = { anonymous: 401, clientNoGrant: 404, employeeNoGrant: 404 } as const;
/** Staff edits: clients see the object (403) or not (404, for drafts). */
const staffEdit = (clientGrant: 403 | 404, ok: number | 'ok' = 'ok'): Expect => ({
  ...outsiders,
  clientGrant,
  employeeGrant: ok,
  admin: ok,
});
const viewers: Expect = { ...outsiders, clientGrant: 'ok', employeeGrant: 'ok', admin: 'ok' };

export const cases: AuthzCase[] = [
  {
    route: 'POST /api/production/portfolios/:id/start',
    request: async (w) => {
      // A portfolio without cycles each time, where the "Grant" users hold their defaults.
      const { makePortfolio } = await import('../helpers.ts');
      const p = await makePortfolio(w.app, [w.users.employeeGrant, w.users.clientGrant]);
      return { url: `/api/production/portfolios/${p._id}/start`, payload: { cycleDuration: 7 } };
    },
    expect: staffEdit(403, 201),
  },
  {
    route: 'GET /api/production/portfolios/:id/current-cycle',
    request: (w) => ({ url: `/api/production/portfolios/${w.portfolioId}/current-cycle` }),
    expect: viewers,
    note: 'P has no cycle today: 200 with null for everyone who may see P (an expected empty answer)',
  },
  {
    route: 'GET /api/production/portfolios/:id/cycles',
    request: (w) => ({ url: `/api/production/portfolios/${w.portfolioId}/cycles` }),
    expect: viewers,
  },
  {
    route: 'POST /api/production/portfolios/:id/next-cycle',
    request: async (w) => {
      await cycle(w); // P has cycles; the next one follows its latest
      return { url: `/api/production/portfolios/${w.portfolioId}/next-cycle`, payload: { cycleDuration: 7 } };
    },
    expect: staffEdit(403, 201),
  },
  {
    route: 'GET /api/production/portfolios/:id/members',
    request: (w) => ({ url: `/api/production/portfolios/${w.portfolioId}/members` }),
    expect: viewers,
  },
  {
    route: 'GET /api/production/items/:id',
    request: async (w) => ({ url: `/api/production/items/${await item(w, 'client_review')}` }),
    expect: viewers,
  },
  {
    route: 'POST /api/production/items/move',
    request: async (w) => ({
      url: '/api/production/items/move',
      // A piece the client sees that may move (one in client review may not: issue 47).
      payload: { itemIds: [await item(w, 'client_changes')], nextCycleId: await cycle(w) },
    }),
    expect: staffEdit(403),
  },
  {
    route: 'POST /api/production/cycles/:id/carry-over',
    request: async (w) => {
      const from = (
        await w.app.db
          .select()
          .from(items)
          .where(eq(items.id, await item(w, 'client_review')))
      )[0]!;
      return {
        url: `/api/production/cycles/${from.cycleId}/carry-over`,
        payload: { nextCycleId: await cycle(w) },
      };
    },
    expect: staffEdit(403),
  },
  {
    route: 'POST /api/production/cycles',
    request: async (w) => {
      // Cycles are contiguous: the new one starts the day after P's last one ends (a one-day cycle).
      const last = await lastCycle(w);
      const next = new Date(`${last.endDate}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      const day = next.toISOString().slice(0, 10);
      return {
        url: '/api/production/cycles',
        payload: { portfolioId: w.portfolioId, startDate: day, endDate: day },
      };
    },
    expect: staffEdit(403, 201),
  },
  {
    route: 'PATCH /api/production/cycles/:id',
    request: async (w) => {
      const last = await lastCycle(w);
      return { url: `/api/production/cycles/${last.id}`, payload: { endDate: last.endDate } };
    },
    expect: staffEdit(403),
    note: "a fresh cycle each time, P's last",
  },
  {
    route: 'DELETE /api/production/cycles/:id',
    request: async (w) => ({ url: `/api/production/cycles/${(await lastCycle(w)).id}` }),
    expect: staffEdit(403),
    note: "a fresh, empty cycle each time, P's last",
  },
  {
    route: 'GET /api/production/cycles/:id/items',
    request: async (w) => ({ url: `/api/production/cycles/${await cycle(w)}/items` }),
    expect: viewers,
  },
  {
    route: 'GET /api/production/cycles/:id/board',
    request: async (w) => ({ url: `/api/production/cycles/${await cycle(w)}/board?status=draft` }),
    expect: viewers,
  },
  {
    route: 'GET /api/production/cycles/:id/calendar',
    request: async (w) => ({ url: `/api/production/cycles/${await cycle(w)}/calendar` }),
    expect: viewers,
  },
  {
    route: 'POST /api/production/cycles/:id/items',
    request: async (w) => ({
      url: `/api/production/cycles/${await cycle(w)}/items`,
      payload: { title: 'Nueva' },
    }),
    expect: staffEdit(403, 201),
  },
  {
    route: 'PATCH /api/production/cycles/:id/items',
    request: async (w) => {
      const id = await item(w, 'client_changes');
      const [row] = await w.app.db.select().from(items).where(eq(items.id, id));
      return {
        url: `/api/production/cycles/${row!.cycleId}/items`,
        payload: { ids: [id], set: { format: 'Reel' } },
      };
    },
    expect: staffEdit(403),
    note: 'a piece the client can see',
  },
  {
    route: 'PUT /api/production/items/:id',
    request: async (w) => ({
      // The client sees it; its title may change (not while the client reviews it: issue 47).
      url: `/api/production/items/${await item(w, 'client_changes')}`,
      payload: { title: 'x' },
    }),
    expect: staffEdit(403),
    note: 'an item the client can see',
  },
  {
    route: 'DELETE /api/production/items/:id',
    request: async (w) => ({ url: `/api/production/items/${await item(w)}` }),
    expect: staffEdit(404),
    note: 'a draft the client cannot see',
  },
  {
    route: 'POST /api/production/items/:id/duplicate',
    request: async (w) => ({ url: `/api/production/items/${await item(w)}/duplicate` }),
    expect: staffEdit(404, 201),
  },
  {
    route: 'POST /api/production/items/:id/move',
    request: async (w) => ({
      url: `/api/production/items/${await item(w)}/move`,
      payload: { nextCycleId: await cycle(w) },
    }),
    expect: staffEdit(404),
  },
  {
    route: 'POST /api/production/items/:id/mark-for-internal-review',
    request: async (w) => ({
      url: `/api/production/items/${await item(w, 'client_changes')}/mark-for-internal-review`,
      payload: {},
    }),
    expect: staffEdit(403),
  },
  {
    route: 'POST /api/production/items/:id/approve-for-client',
    request: async (w) => ({
      url: `/api/production/items/${await item(w, 'internal_review')}/approve-for-client`,
      payload: {},
    }),
    expect: staffEdit(404),
  },
  {
    route: 'POST /api/production/items/:id/request-internal-changes',
    request: async (w) => ({
      url: `/api/production/items/${await item(w, 'internal_review')}/request-internal-changes`,
      payload: { reviewComments: 'Cambiar' },
    }),
    expect: staffEdit(404),
  },
  {
    route: 'POST /api/production/items/:id/create-material-version',
    request: async (w) => ({
      url: `/api/production/items/${await item(w, 'client_changes')}/create-material-version`,
      payload: { materialData: { copy: 'v' } },
    }),
    expect: staffEdit(403),
  },
  {
    route: 'POST /api/production/items/:id/withdraw-from-client-review',
    request: async (w) => ({
      url: `/api/production/items/${await item(w, 'client_review')}/withdraw-from-client-review`,
      payload: { reviewComments: 'Hay que cambiar el texto' },
    }),
    expect: staffEdit(403),
    note: 'production.edit: the team takes the piece back; the client sees it (403)',
  },
  {
    route: 'POST /api/production/items/:id/update-material',
    request: async (w) => ({
      url: `/api/production/items/${await item(w)}/update-material`,
      payload: { materialData: { copy: 'v' } },
    }),
    expect: staffEdit(404),
  },
  {
    route: 'POST /api/production/items/:id/approve-client-review',
    request: async (w) => ({
      url: `/api/production/items/${await item(w, 'client_review')}/approve-client-review`,
      payload: {},
    }),
    expect: { ...outsiders, clientGrant: 200, employeeGrant: 403, admin: 200 },
    note: 'review.client: the client, not the employee',
  },
  {
    route: 'POST /api/production/items/:id/request-client-changes',
    request: async (w) => ({
      url: `/api/production/items/${await item(w, 'client_review')}/request-client-changes`,
      payload: { reviewComments: 'No' },
    }),
    expect: { ...outsiders, clientGrant: 200, employeeGrant: 403, admin: 200 },
  },
  {
    route: 'GET /api/production/internal-review/pending',
    request: (w) => ({ url: `/api/production/internal-review/pending?portfolioId=${w.portfolioId}` }),
    expect: { ...outsiders, clientGrant: 403, employeeGrant: 200, admin: 200 },
  },
  {
    route: 'GET /api/production/portfolios/:id/review-queues',
    request: (w) => ({ url: `/api/production/portfolios/${w.portfolioId}/review-queues` }),
    expect: { ...outsiders, clientGrant: 200, employeeGrant: 200, admin: 200 },
    note: 'each sees only its own queues',
  },
  {
    route: 'GET /api/production/items/:id/material-version-history',
    request: async (w) => ({ url: `/api/production/items/${await item(w)}/material-version-history` }),
    expect: staffEdit(404),
    note: 'a draft: invisible to the client',
  },
  {
    route: 'GET /api/production/items/:id/following',
    request: async (w) => ({ url: `/api/production/items/${await item(w)}/following` }),
    expect: staffEdit(404),
    note: 'a draft: invisible to the client',
  },
  {
    route: 'PUT /api/production/items/:id/following',
    request: async (w) => ({
      url: `/api/production/items/${await item(w, 'client_review')}/following`,
      payload: { following: false },
    }),
    expect: viewers,
    note: 'an item in client review: its client may follow it too',
  },
  {
    route: 'POST /api/production/cycles/:id/items/strategy',
    request: async (w) => ({
      url: `/api/production/cycles/${await cycle(w)}/items/strategy`,
      payload: { itemsCount: 2 },
    }),
    expect: staffEdit(403, 201),
  },
  {
    route: 'GET /api/production/cycles/:id/items/strategy',
    request: async (w) => ({ url: `/api/production/cycles/${await cycle(w)}/items/strategy` }),
    expect: viewers,
  },
  {
    route: 'POST /api/production/items/:id/signed-url',
    request: async (w) => ({
      url: `/api/production/items/${await item(w, 'client_review')}/signed-url`,
      payload: { fileName: 'a.png', fileType: 'image/png', size: 10 },
    }),
    expect: staffEdit(403),
  },
  {
    route: 'GET /api/production/items/:id/download-url',
    request: async (w) => {
      // A file of version 1, which was sent to the client: every viewer may download it.
      const id = await item(w, 'approved');
      const s3Key = `items/${id}/${randomUUID()}-a.png`;
      const file = { s3Key, fileName: 'a.png', fileType: 'image/png', size: 1 };
      await w.app.db.insert(files).values({ itemId: id, s3Key, fileName: 'a.png', fileType: 'image/png' });
      await w.app.db.insert(itemVersions).values({
        itemId: id,
        number: 1,
        materialData: { copy: '', files: [file], links: [] },
        sentToClientAt: new Date(),
      });
      return { url: `/api/production/items/${id}/download-url?s3Key=${encodeURIComponent(s3Key)}` };
    },
    expect: viewers,
  },
  {
    route: 'PUT /api/storage/*',
    request: () => ({
      url: `/api/storage/items/${randomUUID()}/x.png?expires=9999999999&signature=falsa&type=image/png`,
      payload: 'x',
    }),
    expect: {
      anonymous: 403,
      clientNoGrant: 403,
      employeeNoGrant: 403,
      clientGrant: 403,
      employeeGrant: 403,
      admin: 403,
    },
    note: 'authorised by the signature alone: a forged one is 403 for everyone',
  },
  {
    route: 'GET /api/storage/*',
    request: () => ({ url: `/api/storage/items/${randomUUID()}/x.png?expires=9999999999&signature=falsa` }),
    expect: {
      anonymous: 403,
      clientNoGrant: 403,
      employeeNoGrant: 403,
      clientGrant: 403,
      employeeGrant: 403,
      admin: 403,
    },
  },
];

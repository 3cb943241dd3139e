import { randomUUID } from 'node:crypto';
import { comments, cycles, items, itemVersions } from '../../src/db/schema.ts';
import type { AuthzCase, World } from './types.ts';

const outsiders = { anonymous: 401, clientNoGrant: 404, employeeNoGrant: 404 } as const;

let year = 2600;
/**
 * A piece in client changes (the client sees it, the team may edit it) whose version 1, sent to the client,
 * says «Hola mundo»; and an open suggestion on «mundo» the employee with the grant wrote, shared with the client.
 */
export async function suggestion(w: World) {
  year += 1;
  const copy = '<p>Hola <strong>mundo</strong></p>';
  const material = { copy, files: [], links: [] };
  const [c] = await w.app.db
    .insert(cycles)
    .values({ portfolioId: w.portfolioId, startDate: `${year}-01-01`, endDate: `${year}-01-09` })
    .returning();
  const [item] = await w.app.db
    .insert(items)
    .values({
      portfolioId: w.portfolioId,
      cycleId: c!.id,
      title: `Pieza ${randomUUID().slice(0, 4)}`,
      status: 'client_changes',
      currentVersion: 1,
      materialData: material,
    })
    .returning();
  await w.app.db
    .insert(itemVersions)
    .values({ itemId: item!.id, number: 1, materialData: material, sentToClientAt: new Date() });
  const [row] = await w.app.db
    .insert(comments)
    .values({
      portfolioId: w.portfolioId,
      entityId: item!.id,
      entityType: 'item',
      body: 'Mejor planeta',
      visibility: 'client',
      anchor: { versionNumber: 1, quote: 'mundo', prefix: 'Hola ', suffix: '' },
      suggestion: { replacement: 'planeta' },
      suggestionState: 'open',
      authorId: w.users.employeeGrant.id,
    })
    .returning();
  return { itemId: item!.id, commentId: row!.id };
}

export const cases: AuthzCase[] = [
  {
    route: 'POST /api/comments/:id/resolve',
    request: async (w) => ({ url: `/api/comments/${(await suggestion(w)).commentId}/resolve` }),
    expect: { ...outsiders, clientGrant: 200, employeeGrant: 200, admin: 200 },
    note: 'a client resolves threads it can read',
  },
  {
    route: 'POST /api/comments/:id/reopen',
    request: async (w) => ({ url: `/api/comments/${(await suggestion(w)).commentId}/reopen` }),
    expect: { ...outsiders, clientGrant: 200, employeeGrant: 200, admin: 200 },
  },
  {
    route: 'POST /api/comments/:id/dismiss',
    request: async (w) => ({ url: `/api/comments/${(await suggestion(w)).commentId}/dismiss` }),
    expect: { ...outsiders, clientGrant: 403, employeeGrant: 200, admin: 200 },
    note: "someone else's suggestion: only the piece's editors and its author",
  },
  {
    route: 'POST /api/comments/:id/apply',
    request: async (w) => ({ url: `/api/comments/${(await suggestion(w)).commentId}/apply` }),
    expect: { ...outsiders, clientGrant: 403, employeeGrant: 200, admin: 200 },
  },
  {
    route: 'POST /api/production/items/:id/suggestions/apply',
    request: async (w) => {
      const { itemId, commentId } = await suggestion(w);
      return { url: `/api/production/items/${itemId}/suggestions/apply`, payload: { ids: [commentId] } };
    },
    expect: { ...outsiders, clientGrant: 403, employeeGrant: 200, admin: 200 },
  },
];

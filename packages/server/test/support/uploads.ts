import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app.ts';
import { files, itemVersions } from '../../src/db/schema.ts';
import { makePortfolio, makeUser, type TestUser } from '../helpers.ts';

/**
 * The specification's upload flow through the API (§7): ask `signed-url` for a file of an item, PUT the bytes
 * to the answered URL, then name the file in the item's material. Used by the tests of both storage drivers.
 */
export async function uploadFlow(app: App) {
  const employee: TestUser = await makeUser(app, 'employee');
  const portfolioId = (await makePortfolio(app, [employee]))._id;
  const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: employee.headers, ...(payload ? { payload } : {}) });
  const cycle = await as('POST', `/api/production/portfolios/${portfolioId}/start`, { cycleDuration: 14 });
  expect(cycle.statusCode).toBe(201);
  const cycleId = cycle.json()._id as string;

  return {
    employee,
    /** A new draft item; answers its id. */
    async newItem(title = 'Pieza con archivo') {
      const res = await as('POST', `/api/production/cycles/${cycleId}/items`, { title, pilar: 'A' });
      expect(res.statusCode).toBe(201);
      return res.json()._id as string;
    },
    /** `POST signed-url` with the body as given (the specification's call has no `size`). */
    sign: (itemId: string, body: { fileName: string; fileType: string; size?: number }) =>
      as('POST', `/api/production/items/${itemId}/signed-url`, body),
    /** A review-flow call that writes the material with these files (the `size` a client claims: 1). */
    join: (
      itemId: string,
      action: 'update-material' | 'create-material-version' | 'mark-for-internal-review',
      file: { s3Key: string; fileName: string; fileType: string },
    ) =>
      as('POST', `/api/production/items/${itemId}/${action}`, {
        materialData: { files: [{ ...file, size: 1 }] },
      }),
    /** The item as its editor sees it. */
    item: async (itemId: string) => (await as('GET', `/api/production/items/${itemId}`)).json(),
    /** The file's row: what the server recorded of the upload. */
    row: async (s3Key: string) => (await app.db.select().from(files).where(eq(files.s3Key, s3Key)))[0],
    /** The material of every version of the item. */
    versions: async (itemId: string) =>
      (await app.db.select().from(itemVersions).where(eq(itemVersions.itemId, itemId))).map(
        (v) => v.materialData,
      ),
  };
}

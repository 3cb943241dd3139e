import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cycles, type ItemStatus, items } from '../../src/db/schema.ts';
import { createTestApp, makePortfolio, makeUser, type TestContext, type TestUser } from '../helpers.ts';

/**
 * The table's orders (issue 30): each is read from an index, so each has exact rules for its ties and its empty
 * values. Every order, both ways, must give the rows these rules give, and its pages in turn the same rows once.
 */
describe('the plan in each of its orders', () => {
  let ctx: TestContext;
  let employee: TestUser;
  let cycleId: string;
  type Row = {
    id: string;
    title: string;
    status: ItemStatus;
    format: string | null;
    publishDate: string | null;
    createdAt: Date;
    updatedAt: Date;
  };
  const rows: Row[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    employee = await makeUser(ctx.app, 'employee');
    const portfolioId = (await makePortfolio(ctx.app, [employee]))._id;
    const [cycle] = await ctx.app.db
      .insert(cycles)
      .values({ portfolioId, startDate: '2041-03-01', endDate: '2041-03-14' })
      .returning();
    cycleId = cycle!.id;
    const statuses: ItemStatus[] = ['draft', 'internal_review', 'client_review', 'approved'];
    const formats = ['Post', 'Reel', null];
    const start = Date.parse('2041-02-01T00:00:00Z');
    for (let n = 1; n <= 30; n++) {
      // Ties everywhere: four statuses, three formats (one empty), five dates (one empty), titles in pairs, and
      // creation times in pairs too (the id breaks those).
      rows.push({
        id: `o${String(31 - n).padStart(2, '0')}`,
        title: `Pieza ${String(Math.ceil(n / 2)).padStart(2, '0')}`,
        status: statuses[(n * 7) % 4]!,
        format: formats[n % 3]!,
        publishDate: n % 5 === 0 ? null : `2041-03-0${1 + ((n * 3) % 4)}`,
        createdAt: new Date(start + Math.ceil(n / 2) * 60_000),
        updatedAt: new Date(start + ((n * 11) % 30) * 60_000),
      });
    }
    await ctx.app.db
      .insert(items)
      .values(rows.map((r) => ({ ...r, portfolioId, cycleId, assigneeId: null })));
  });
  afterAll(() => ctx?.close());

  // The rules, as the API documents them (services/review/production/item-pages.ts `orderOf`).
  const cmp = (
    a: string | number | null,
    b: string | number | null,
    down: boolean,
    nullsLastAlways = false,
  ) => {
    if (a === b) return 0;
    if (a === null) return nullsLastAlways || !down ? 1 : -1;
    if (b === null) return nullsLastAlways || !down ? -1 : 1;
    return (a < b ? -1 : 1) * (down ? -1 : 1);
  };
  const keys: Record<string, (r: Row) => Array<[string | number | null, boolean?]>> = {
    publishDate: (r) => [[r.publishDate, true], [r.createdAt.getTime()], [r.id]],
    status: (r) => [[r.status], [r.publishDate], [r.createdAt.getTime()], [r.id]],
    format: (r) => [[r.format], [r.publishDate], [r.createdAt.getTime()], [r.id]],
    title: (r) => [[r.title], [r.id]],
    createdAt: (r) => [[r.createdAt.getTime()], [r.id]],
    updatedAt: (r) => [[r.updatedAt.getTime()], [r.id]],
  };
  const expected = (sort: string, down: boolean) =>
    [...rows]
      .sort((a, b) => {
        const ka = keys[sort]!(a);
        const kb = keys[sort]!(b);
        for (let i = 0; i < ka.length; i++) {
          const c = cmp(ka[i]![0], kb[i]![0], down, ka[i]![1]);
          if (c !== 0) return c;
        }
        return 0;
      })
      .map((r) => r.id);

  const read = async (query: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/production/cycles/${cycleId}/items?${query}`,
      headers: employee.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Array<{ _id: string }>; total: number };
  };

  it.each(
    Object.keys(keys).flatMap((sort) => [
      [sort, 'asc'],
      [sort, 'desc'],
    ]),
  )('by %s %s: the rows in the documented order, and its pages the same rows once', async (sort, order) => {
    const want = expected(sort!, order === 'desc');
    const all = await read(`sort=${sort}&order=${order}&page=1&limit=100`);
    expect(all.items.map((i) => i._id)).toEqual(want);
    const paged: string[] = [];
    for (let page = 1; page <= 5; page++)
      paged.push(...(await read(`sort=${sort}&order=${order}&page=${page}&limit=7`)).items.map((i) => i._id));
    expect(paged).toEqual(want);
  });
});

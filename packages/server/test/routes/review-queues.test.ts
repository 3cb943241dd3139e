import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makePortfolio, makeUser, type TestContext, type TestUser } from '../helpers.ts';

type Entry = {
  item: { _id: string; title: string; status: string };
  sentBy: { _id: string; name: string } | null;
  waitingSince: string;
};
type Queues = { internal: Entry[]; clientChanges: Entry[]; client: Entry[] };

describe('review queues', () => {
  let ctx: TestContext;
  let employee: TestUser;
  let reviewer: TestUser;
  let client: TestUser;
  let outsider: TestUser;
  let portfolioId: string;
  let otherPortfolioId: string;
  let cycleId: string;

  const as = (u: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const flow = async (u: TestUser, id: string, action: string, body: object = {}) => {
    const res = await as(u, 'POST', `/api/production/items/${id}/${action}`, body);
    expect(res.statusCode, res.body).toBe(200);
  };
  const newItem = async (title: string) =>
    (await as(employee, 'POST', `/api/production/cycles/${cycleId}/items`, { title })).json() as {
      _id: string;
    };
  const queues = async (u: TestUser, id = portfolioId) => {
    const res = await as(u, 'GET', `/api/production/portfolios/${id}/review-queues`);
    return { status: res.statusCode, body: res.json() as Queues };
  };
  const titles = (list: Entry[]) => list.map((e) => e.item.title);

  beforeAll(async () => {
    ctx = await createTestApp();
    employee = await makeUser(ctx.app, 'employee');
    reviewer = await makeUser(ctx.app, 'employee');
    client = await makeUser(ctx.app, 'client');
    outsider = await makeUser(ctx.app, 'employee');
    portfolioId = (await makePortfolio(ctx.app, [employee, reviewer, client]))._id;
    otherPortfolioId = (await makePortfolio(ctx.app, [outsider]))._id;
    cycleId = (
      await as(employee, 'POST', `/api/production/portfolios/${portfolioId}/start`, { cycleDuration: 14 })
    ).json()._id;

    await newItem('Borrador');
    const first = await newItem('Primero en revisión');
    await flow(employee, first._id, 'mark-for-internal-review', { materialData: { copy: '<p>Uno</p>' } });
    const second = await newItem('Segundo en revisión');
    await flow(employee, second._id, 'mark-for-internal-review', {});
    const sent = await newItem('Enviado al cliente');
    await flow(employee, sent._id, 'mark-for-internal-review', {});
    await flow(reviewer, sent._id, 'approve-for-client', {});
    const changes = await newItem('Cambios del cliente');
    await flow(employee, changes._id, 'mark-for-internal-review', {});
    await flow(reviewer, changes._id, 'approve-for-client', {});
    await flow(client, changes._id, 'request-client-changes', { reviewComments: 'Más luz' });
  });
  afterAll(() => ctx.close());

  it('gives staff internal review and client changes, oldest first, with who sent each and since when', async () => {
    const { status, body } = await queues(reviewer);
    expect(status).toBe(200);
    expect(titles(body.internal)).toEqual(['Primero en revisión', 'Segundo en revisión']);
    expect(body.internal[0]!.sentBy?._id).toBe(employee.id);
    expect(Date.parse(body.internal[0]!.waitingSince)).toBeLessThanOrEqual(
      Date.parse(body.internal[1]!.waitingSince),
    );
    expect(titles(body.clientChanges)).toEqual(['Cambios del cliente']);
    expect(body.clientChanges[0]!.sentBy?._id).toBe(client.id);
    expect(body.client).toEqual([]);
  });

  it('gives a client only what awaits its review, as sent to it', async () => {
    const { status, body } = await queues(client);
    expect(status).toBe(200);
    expect(titles(body.client)).toEqual(['Enviado al cliente']);
    expect(body.internal).toEqual([]);
    expect(body.clientChanges).toEqual([]);
    expect(body.client[0]!.sentBy?._id).toBe(reviewer.id);
  });

  it('answers 404 for another portfolio, a missing one, and a malformed id; never 500', async () => {
    expect((await queues(outsider)).status).toBe(404);
    expect((await queues(client, otherPortfolioId)).status).toBe(404);
    expect((await queues(reviewer, '00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect([400, 404]).toContain((await queues(reviewer, 'no-es-un-id')).status);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/production/portfolios/${portfolioId}/review-queues`,
        })
      ).statusCode,
    ).toBe(401);
  });
});

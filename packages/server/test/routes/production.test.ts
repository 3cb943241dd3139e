import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/db/schema.ts';
import {
  createTestApp,
  makePortfolio,
  makeUser,
  sentTo,
  type TestContext,
  type TestUser,
} from '../helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('production API', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let employee: TestUser;
  let reviewer: TestUser;
  let client: TestUser;
  let outsider: TestUser;
  let portfolioId: string;
  let cycleId: string;

  const as = (u: TestUser, method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await makeUser(ctx.app, 'admin');
    employee = await makeUser(ctx.app, 'employee');
    reviewer = await makeUser(ctx.app, 'employee');
    client = await makeUser(ctx.app, 'client');
    outsider = await makeUser(ctx.app, 'employee');
    portfolioId = (await makePortfolio(ctx.app, [employee, reviewer, client]))._id;
    await makePortfolio(ctx.app, [outsider]);
  });
  afterAll(() => ctx.close());

  const newItem = async (title = 'Reel de lanzamiento') => {
    const res = await as(employee, 'POST', `/api/production/cycles/${cycleId}/items`, {
      title,
      format: 'Reel',
      funnelPhase: 'awareness',
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  /** The cycle after the portfolio's last one (cycles are contiguous). */
  const nextCycle = async (cycleDuration = 14) =>
    (
      await as(employee, 'POST', `/api/production/portfolios/${portfolioId}/next-cycle`, { cycleDuration })
    ).json();
  const flow = (u: TestUser, id: string, action: string, body: object = {}) =>
    as(u, 'POST', `/api/production/items/${id}/${action}`, body);

  it('starts production once: the first cycle runs from today for cycleDuration days', async () => {
    const started = await as(employee, 'POST', `/api/production/portfolios/${portfolioId}/start`, {
      cycleDuration: 14,
    });
    expect(started.statusCode).toBe(201);
    const cycle = started.json();
    const today = new Date().toISOString().slice(0, 10);
    expect(cycle.startDate).toBe(today);
    expect(Date.parse(cycle.endDate) - Date.parse(cycle.startDate)).toBe(13 * 86_400_000);
    cycleId = cycle._id;
    expect(
      (await as(employee, 'POST', `/api/production/portfolios/${portfolioId}/start`, { cycleDuration: 7 }))
        .statusCode,
    ).toBe(409);
    expect(
      (await as(client, 'GET', `/api/production/portfolios/${portfolioId}/current-cycle`)).json()._id,
    ).toBe(cycleId);
    expect(
      (await as(client, 'POST', `/api/production/portfolios/${portfolioId}/start`, { cycleDuration: 7 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await as(outsider, 'GET', `/api/production/portfolios/${portfolioId}/current-cycle`)).statusCode,
    ).toBe(404);
  });

  it('creates cycles that follow the last one, never overlap and never end before they start; lists them paginated and searchable', async () => {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const bad = await as(employee, 'POST', '/api/production/cycles', {
      portfolioId,
      startDate: day(20),
      endDate: day(19),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("'endDate'");
    // The started cycle runs from today to day 13: the next one starts on day 14.
    const ok = await as(employee, 'POST', '/api/production/cycles', {
      portfolioId,
      startDate: day(14),
      endDate: day(27),
    });
    expect(ok.statusCode).toBe(201);
    for (const startDate of [day(27), day(40)]) {
      const refused = await as(employee, 'POST', '/api/production/cycles', {
        portfolioId,
        startDate,
        endDate: day(50),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain(day(28));
    }
    for (let m = 0; m < 11; m++) {
      const created = await as(employee, 'POST', '/api/production/cycles', {
        portfolioId,
        startDate: day(28 + m * 10),
        endDate: day(37 + m * 10),
      });
      expect(created.statusCode).toBe(201);
    }
    const page = (await as(employee, 'GET', `/api/production/portfolios/${portfolioId}/cycles`)).json();
    expect(page).toMatchObject({ page: 1, limit: 10, total: 13 });
    expect(page.items).toHaveLength(10);
    expect(page.items[0]).toMatchObject({ startDate: day(128), isLast: true });
    expect(page.items.slice(1).every((c: { isLast: boolean }) => !c.isLast)).toBe(true);
    const found = (
      await as(employee, 'GET', `/api/production/portfolios/${portfolioId}/cycles?search=${day(14)}`)
    ).json();
    expect(found.items.map((c: { startDate: string }) => c.startDate)).toEqual([day(14)]);
  });

  it('runs the review flow with history, versions and notifications to the right people', async () => {
    const item = await newItem();
    expect(item.status).toBe('draft');
    const marked = await flow(employee, item._id, 'mark-for-internal-review', {
      materialData: {
        copy: '<p>Hola <script>alert(1)</script><strong>mundo</strong></p>',
        links: ['https://example.com'],
      },
      changeDescription: 'Primera versión',
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ status: 'internal_review', currentVersion: 1 });
    expect(marked.json().materialData.copy).toBe('<p>Hola <strong>mundo</strong></p>');

    const pending = (
      await as(reviewer, 'GET', `/api/production/internal-review/pending?portfolioId=${portfolioId}`)
    ).json();
    expect(pending.map((i: { _id: string }) => i._id)).toContain(item._id);

    // The client cannot see it yet.
    expect(
      (await as(client, 'GET', `/api/production/items/${item._id}/material-version-history`)).statusCode,
    ).toBe(404);

    const approved = await flow(reviewer, item._id, 'approve-for-client', { reviewComments: 'Listo' });
    expect(approved.json().status).toBe('client_review');
    const clientNotes = await ctx.app.db.select().from(notifications).where(sentTo(client.id));
    expect(clientNotes.map((n) => n.content)).toContain(
      '«Reel de lanzamiento» espera tu revisión (versión 1)',
    );
    expect(clientNotes[0]!.payload.url).toBe(`/portfolios/${portfolioId}/review?item=${item._id}`);

    const page = (await as(client, 'GET', `/api/production/cycles/${cycleId}/items`)).json();
    expect(page.items.map((i: { _id: string }) => i._id)).toEqual([item._id]);
    expect(page.total).toBe(1);

    const changes = await flow(client, item._id, 'request-client-changes', {
      reviewComments: 'Cambiar el color',
    });
    expect(changes.json().status).toBe('client_changes');
    const employeeNotes = await ctx.app.db.select().from(notifications).where(sentTo(employee.id));
    expect(employeeNotes.map((n) => n.content)).toContain(
      'El cliente pidió cambios en «Reel de lanzamiento»: «Cambiar el color»',
    );

    const v2 = await flow(employee, item._id, 'create-material-version', {
      materialData: { copy: '<p>Versión 2</p>' },
      changeReason: 'Color',
      changeDescription: 'Nuevo color',
    });
    expect(v2.json()).toMatchObject({ status: 'client_changes', currentVersion: 2 });
    await flow(employee, item._id, 'mark-for-internal-review', {});
    await flow(reviewer, item._id, 'approve-for-client', {});
    const final = await flow(client, item._id, 'approve-client-review', { reviewComments: '¡Perfecto!' });
    expect(final.json().status).toBe('approved');

    const history = (
      await as(employee, 'GET', `/api/production/items/${item._id}/material-version-history`)
    ).json();
    // «Enviar a revisión interna» with the material of version 2 reuses it (issue 47): no version 3.
    expect(history.versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    expect(history.history.map((h: { action: string }) => h.action).slice(0, 3)).toEqual([
      'approve-client-review',
      'approve-for-client',
      'mark-for-internal-review',
    ]);
    const clientView = (
      await as(client, 'GET', `/api/production/items/${item._id}/material-version-history`)
    ).json();
    expect(clientView.history.every((h: { action: string }) => !h.action.includes('internal'))).toBe(true);
    expect(clientView.versions[1].changeReason).toBeNull();
  });

  it('refuses a transition from the wrong status with 409 naming the current status in Spanish', async () => {
    const item = await newItem('Carrusel');
    const res = await flow(reviewer, item._id, 'approve-for-client', {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INVALID_TRANSITION' });
    expect(res.json().message).toContain('Borrador');
    expect((await flow(client, item._id, 'approve-client-review', {})).statusCode).toBe(404);
    const noComment = await flow(reviewer, item._id, 'request-internal-changes', {});
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().message).toContain("'reviewComments'");
  });

  it('lets exactly one of two simultaneous transitions win', async () => {
    const item = await newItem('Concurrente');
    await flow(employee, item._id, 'mark-for-internal-review', {});
    const [a, b] = await Promise.all([
      flow(reviewer, item._id, 'approve-for-client', {}),
      flow(reviewer, item._id, 'request-internal-changes', { reviewComments: 'No' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const history = (
      await as(employee, 'GET', `/api/production/items/${item._id}/material-version-history`)
    ).json();
    expect(
      history.history.filter(
        (h: { action: string }) => h.action !== 'create' && h.action !== 'mark-for-internal-review',
      ),
    ).toHaveLength(1);
  });

  it('edits, duplicates, moves and deletes items', async () => {
    const item = await newItem('Original');
    const edited = await as(employee, 'PUT', `/api/production/items/${item._id}`, {
      title: 'Editado',
      publishDate: '2030-01-05',
      status: 'approved',
    });
    expect(edited.json()).toMatchObject({ title: 'Editado', publishDate: '2030-01-05', status: 'draft' });
    const copy = await as(employee, 'POST', `/api/production/items/${item._id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ title: 'Editado (copia)', status: 'draft' });
    const other = await nextCycle();
    const moved = await as(employee, 'POST', `/api/production/items/${item._id}/move`, {
      nextCycleId: other._id,
    });
    expect(moved.json().cycleId).toBe(other._id);
    const foreign = (await makePortfolio(ctx.app))._id;
    const foreignCycle = (
      await as(admin, 'POST', `/api/production/portfolios/${foreign}/start`, { cycleDuration: 7 })
    ).json();
    expect(
      (
        await as(employee, 'POST', `/api/production/items/${item._id}/move`, {
          nextCycleId: foreignCycle._id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await as(client, 'DELETE', `/api/production/items/${item._id}`)).statusCode).toBe(404);
    expect((await as(employee, 'DELETE', `/api/production/items/${item._id}`)).statusCode).toBe(200);
    expect((await as(employee, 'PUT', `/api/production/items/${item._id}`, { title: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('generates a strategy that covers the portfolio evenly and reports the coverage', async () => {
    const cycle = await nextCycle();
    const res = await as(employee, 'POST', `/api/production/cycles/${cycle._id}/items/strategy`, {
      itemsCount: 8,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toHaveLength(8);
    const coverage = (await as(employee, 'GET', `/api/production/cycles/${cycle._id}/items/strategy`)).json();
    expect(coverage.total).toBe(8);
    expect(coverage.funnelPhases).toEqual({ awareness: 2, consideration: 2, conversion: 2, loyalty: 2 });
    expect(coverage.pilares).toEqual({ A: 4, B: 4 });
    expect(coverage.formatos).toEqual({ Reel: 4, Post: 4 });
    expect(
      (await as(employee, 'POST', `/api/production/cycles/${cycle._id}/items/strategy`, { itemsCount: 0 }))
        .statusCode,
    ).toBe(400);
  });

  it('uploads through a signed URL and downloads only keys of that item', async () => {
    const item = await newItem('Con archivo');
    const refused = await as(employee, 'POST', `/api/production/items/${item._id}/signed-url`, {
      fileName: 'x.exe',
      fileType: 'application/x-msdownload',
      size: 4,
    });
    expect(refused.statusCode).toBe(415);
    const signed = await as(employee, 'POST', `/api/production/items/${item._id}/signed-url`, {
      fileName: 'Portada final.png',
      fileType: 'image/png',
      size: 4,
    });
    expect(signed.statusCode).toBe(200);
    const { url, s3Key } = signed.json();
    expect(s3Key).toMatch(new RegExp(`^items/${item._id}/[0-9a-f-]{36}-Portada-final\\.png$`));
    const wrongType = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': 'image/jpeg' },
      payload: Buffer.from('data'),
    });
    expect(wrongType.statusCode).toBe(415);
    const put = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': 'image/png' },
      payload: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    });
    expect(put.statusCode).toBe(200);
    // One use only: the same URL again, even with the same bytes, never replaces the object.
    const again = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': 'image/png' },
      payload: Buffer.from([0, 0, 0, 0]),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('ya se usó');
    // More bytes than declared are refused and leave nothing behind.
    const small = (
      await as(employee, 'POST', `/api/production/items/${item._id}/signed-url`, {
        fileName: 'b.png',
        fileType: 'image/png',
        size: 2,
      })
    ).json();
    const oversize = await ctx.app.inject({
      method: 'PUT',
      url: small.url,
      headers: { 'content-type': 'image/png' },
      payload: Buffer.from([1, 2, 3]),
    });
    expect(oversize.statusCode).toBe(413);
    const noSize = await as(employee, 'POST', `/api/production/items/${item._id}/signed-url`, {
      fileName: 'c.png',
      fileType: 'image/png',
    });
    // The specification's call (§7) has no size: a URL for up to UPLOAD_MAX_BYTES (storage-local.test.ts).
    expect(noSize.statusCode).toBe(200);
    expect(noSize.json().url).not.toContain('max=');
    const tampered = await ctx.app.inject({
      method: 'PUT',
      url: url.replace('signature=', 'signature=x'),
      headers: { 'content-type': 'image/png' },
      payload: 'x',
    });
    expect(tampered.statusCode).toBe(403);

    const dl = await as(
      employee,
      'GET',
      `/api/production/items/${item._id}/download-url?s3Key=${encodeURIComponent(s3Key)}`,
    );
    expect(dl.statusCode).toBe(200);
    const file = await ctx.app.inject({ method: 'GET', url: dl.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBe(true);

    const other = await newItem('Otra');
    expect(
      (
        await as(
          employee,
          'GET',
          `/api/production/items/${other._id}/download-url?s3Key=${encodeURIComponent(s3Key)}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await as(employee, 'GET', `/api/production/items/${item._id}/download-url?s3Key=../../etc/passwd`))
        .statusCode,
    ).toBe(404);

    // The file can be part of the material; a key of another item cannot.
    const ok = await flow(employee, item._id, 'update-material', {
      materialData: { files: [{ s3Key, fileName: 'Portada final.png', fileType: 'image/png', size: 4 }] },
    });
    expect(ok.statusCode).toBe(200);
    const bad = await flow(employee, other._id, 'update-material', {
      materialData: { files: [{ s3Key, fileName: 'x.png', fileType: 'image/png', size: 4 }] },
    });
    expect(bad.statusCode).toBe(400);
  });
});

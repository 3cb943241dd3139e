import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemHistory, notifications } from '../../src/db/schema.ts';
import {
  createTestApp,
  makePortfolio,
  makeUser,
  sentTo,
  type TestContext,
  type TestUser,
} from '../helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What a client may see of production (product-design §4), what is final once approved, and what a
 * duplicate owns. Every read that could reveal internal work is tried as the client.
 */
describe('client visibility, approved items and duplicates', () => {
  let ctx: TestContext;
  let employee: TestUser;
  let reviewer: TestUser;
  let client: TestUser;
  let portfolioId: string;
  let cycleId: string;

  const as = (u: TestUser, method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const flow = (u: TestUser, id: string, action: string, body: object = {}) =>
    as(u, 'POST', `/api/production/items/${id}/${action}`, body);
  const newItem = async (title: string) => {
    const res = await as(employee, 'POST', `/api/production/cycles/${cycleId}/items`, { title, pilar: 'A' });
    expect(res.statusCode).toBe(201);
    return res.json() as { _id: string };
  };
  /** Uploads bytes through a signed URL (local driver) and answers the material file. */
  const upload = async (itemId: string, name: string, bytes: Buffer) => {
    const signed = await as(employee, 'POST', `/api/production/items/${itemId}/signed-url`, {
      fileName: name,
      fileType: 'image/png',
      size: bytes.length,
    });
    expect(signed.statusCode).toBe(200);
    const { url, s3Key } = signed.json();
    const put = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': 'image/png' },
      payload: bytes,
    });
    expect(put.statusCode).toBe(200);
    return { s3Key, fileName: name, fileType: 'image/png', size: bytes.length };
  };
  const download = async (u: TestUser, itemId: string, s3Key: string) => {
    const res = await as(
      u,
      'GET',
      `/api/production/items/${itemId}/download-url?s3Key=${encodeURIComponent(s3Key)}`,
    );
    if (res.statusCode !== 200) return { status: res.statusCode, body: undefined };
    const file = await ctx.app.inject({ method: 'GET', url: res.json().url });
    return { status: file.statusCode, body: file.rawPayload };
  };
  /** An item that went through internal review and was sent to the client with version 1. */
  const sentItem = async (title: string, copy = '<p>Versión enviada</p>') => {
    const item = await newItem(title);
    expect(
      (await flow(employee, item._id, 'mark-for-internal-review', { materialData: { copy } })).statusCode,
    ).toBe(200);
    expect(
      (await flow(reviewer, item._id, 'approve-for-client', { reviewComments: 'Nota interna' })).statusCode,
    ).toBe(200);
    return item;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    employee = await makeUser(ctx.app, 'employee');
    reviewer = await makeUser(ctx.app, 'employee');
    client = await makeUser(ctx.app, 'client');
    portfolioId = (await makePortfolio(ctx.app, [employee, reviewer, client]))._id;
    cycleId = (
      await as(employee, 'POST', `/api/production/portfolios/${portfolioId}/start`, { cycleDuration: 14 })
    ).json()._id;
  });
  afterAll(() => ctx.close());

  it('never shows a client drafts or internal reviews, not even as a count', async () => {
    const draft = await newItem('Borrador secreto');
    const inReview = await newItem('En revisión');
    await flow(employee, inReview._id, 'mark-for-internal-review', {});
    const sent = await sentItem('Enviada');

    const mine = (await as(client, 'GET', `/api/production/cycles/${cycleId}/items?limit=100`)).json();
    expect(mine.items.map((i: { _id: string }) => i._id)).toEqual([sent._id]);
    expect(mine.total).toBe(1);
    const filtered = (await as(client, 'GET', `/api/production/cycles/${cycleId}/items?status=draft`)).json();
    expect(filtered).toMatchObject({ items: [], total: 0 });
    const staff = (await as(employee, 'GET', `/api/production/cycles/${cycleId}/items?limit=100`)).json();
    expect(staff.total).toBe(3);

    const coverage = (await as(client, 'GET', `/api/production/cycles/${cycleId}/items/strategy`)).json();
    expect(coverage.total).toBe(1);
    expect(coverage.pilares.A).toBe(1);
    expect(coverage.matrix.A.X).toBe(0);
    expect((await as(employee, 'GET', `/api/production/cycles/${cycleId}/items/strategy`)).json().total).toBe(
      3,
    );

    for (const hidden of [draft, inReview]) {
      expect(
        (await as(client, 'GET', `/api/production/items/${hidden._id}/material-version-history`)).statusCode,
      ).toBe(404);
      expect(
        (await as(client, 'GET', `/api/comments?entityType=item&entityId=${hidden._id}`)).statusCode,
      ).toBe(404);
    }
  });

  it('shows a client only the versions sent to it, never the working copy or a later internal version', async () => {
    const item = await sentItem('Versiones', '<p>V1 para el cliente</p>');
    const v1File = await upload(item._id, 'v1.png', Buffer.from([1, 2, 3]));
    // Nothing changes behind the client's back while it reviews (issue 28).
    const behind = await flow(employee, item._id, 'create-material-version', {
      materialData: { copy: '<p>V2 interna</p>' },
    });
    expect(behind.statusCode).toBe(409);
    expect(behind.json().message).toBe(
      'La pieza está en revisión del cliente: retírala de la revisión antes de cambiarla',
    );
    // A second version made after the client asked for changes: internal until it is sent.
    await flow(client, item._id, 'request-client-changes', { reviewComments: 'Otra vuelta' });
    const v2 = await flow(employee, item._id, 'create-material-version', {
      materialData: { copy: '<p>V2 interna</p>', files: [v1File] },
      changeReason: 'Motivo interno',
    });
    expect(v2.json().currentVersion).toBe(2);

    const listed = (await as(client, 'GET', `/api/production/cycles/${cycleId}/items?q=Versiones`)).json();
    expect(listed.items[0]).toMatchObject({ currentVersion: 1, changeDescription: null });
    expect(listed.items[0].materialData.copy).toBe('<p>V1 para el cliente</p>');
    const history = (
      await as(client, 'GET', `/api/production/items/${item._id}/material-version-history`)
    ).json();
    expect(history.versions.map((v: { number: number }) => v.number)).toEqual([1]);
    expect(history.history.map((h: { action: string }) => h.action)).toEqual([
      'request-client-changes',
      'approve-for-client',
    ]);
    expect(history.history[1].reviewComments).toBeNull();
    const staffHistory = (
      await as(employee, 'GET', `/api/production/items/${item._id}/material-version-history`)
    ).json();
    expect(staffHistory.versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);

    // The file exists only in version 2: the client may not download it; staff may.
    expect((await download(client, item._id, v1File.s3Key)).status).toBe(404);
    expect((await download(employee, item._id, v1File.s3Key)).status).toBe(200);

    // Once it is sent again, the client sees version 2 (sent to review unchanged, it is still version 2: issue 47)
    // and its file.
    await flow(employee, item._id, 'mark-for-internal-review', {});
    await flow(reviewer, item._id, 'approve-for-client', {});
    const after = (
      await as(client, 'GET', `/api/production/items/${item._id}/material-version-history`)
    ).json();
    expect(after.versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    expect((await download(client, item._id, v1File.s3Key)).status).toBe(200);
  });

  it('keeps internal comments from clients: list, count, single read and mentions', async () => {
    const draft = await newItem('Comentarios borrador');
    const internalDefault = await as(employee, 'POST', '/api/comments', {
      entityType: 'item',
      entityId: draft._id,
      body: 'Interno',
    });
    expect(internalDefault.json().visibility).toBe('internal');

    const item = await sentItem('Comentarios');
    const shared = await as(employee, 'POST', '/api/comments', {
      entityType: 'item',
      entityId: item._id,
      body: `<p>Para ti <span data-mention-id="${client.id}">@cliente</span></p>`,
    });
    expect(shared.json().visibility).toBe('client');
    const internal = await as(employee, 'POST', '/api/comments', {
      entityType: 'item',
      entityId: item._id,
      visibility: 'internal',
      body: `<p>Solo equipo <span data-mention-id="${client.id}">@cliente</span> <span data-mention-id="${reviewer.id}">@revisor</span></p>`,
    });
    expect(internal.statusCode).toBe(201);
    const fromClient = await as(client, 'POST', '/api/comments', {
      entityType: 'item',
      entityId: item._id,
      body: 'Hola',
      visibility: 'internal',
    });
    expect(fromClient.json().visibility).toBe('client');

    const clientList = (await as(client, 'GET', `/api/comments?entityType=item&entityId=${item._id}`)).json();
    expect(clientList.total).toBe(2);
    expect(clientList.items.map((c: { _id: string }) => c._id)).toEqual([
      shared.json()._id,
      fromClient.json()._id,
    ]);
    expect(
      (await as(employee, 'GET', `/api/comments?entityType=item&entityId=${item._id}`)).json().total,
    ).toBe(3);
    expect((await as(client, 'GET', `/api/comments/${internal.json()._id}`)).statusCode).toBe(404);
    expect((await as(client, 'PUT', `/api/comments/${internal.json()._id}`, { body: 'x' })).statusCode).toBe(
      404,
    );

    const mentions = async (u: TestUser) =>
      (
        await ctx.app.db
          .select()
          .from(notifications)
          .where(and(sentTo(u.id), eq(notifications.title, 'Mención')))
      ).length;
    expect(await mentions(client)).toBe(1); // the shared comment only
    expect(await mentions(reviewer)).toBe(1);

    // Internal-only entities cannot carry client comments.
    const cycleComment = await as(employee, 'POST', '/api/comments', {
      entityType: 'cycle',
      entityId: cycleId,
      body: 'Ciclo',
    });
    expect(cycleComment.json().visibility).toBe('internal');
    expect((await as(client, 'GET', `/api/comments?entityType=cycle&entityId=${cycleId}`)).json().total).toBe(
      0,
    );
  });

  it('pins comments to a file of a version the author may see', async () => {
    const item = await sentItem('Marcas');
    const file = await upload(item._id, 'pin.png', Buffer.from([9, 9]));
    await flow(client, item._id, 'request-client-changes', { reviewComments: 'Cambiar' });
    await flow(employee, item._id, 'create-material-version', { materialData: { files: [file] } });
    const pin = (anchor: object, u = employee) =>
      as(u, 'POST', '/api/comments', { entityType: 'item', entityId: item._id, body: 'Aquí', anchor });
    const ok = await pin({ versionNumber: 2, fileKey: file.s3Key, x: 0.25, y: 0.75 });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().anchor).toEqual({ versionNumber: 2, fileKey: file.s3Key, x: 0.25, y: 0.75 });
    expect((await pin({ versionNumber: 2, fileKey: file.s3Key, x: 1.5, y: 0 })).statusCode).toBe(400);
    expect((await pin({ versionNumber: 9, fileKey: file.s3Key, x: 0, y: 0 })).json().message).toContain(
      "'anchor'",
    );
    expect((await pin({ versionNumber: 1, fileKey: file.s3Key, x: 0, y: 0 })).statusCode).toBe(400);
    // Version 2 was never sent to the client: it cannot pin there.
    expect((await pin({ versionNumber: 2, fileKey: file.s3Key, x: 0, y: 0 }, client)).statusCode).toBe(400);
  });

  it('treats an approved item as final and only the portfolio deletion removes it', async () => {
    const item = await sentItem('Final');
    expect((await flow(client, item._id, 'approve-client-review', {})).json().status).toBe('approved');
    const historyBefore = await ctx.app.db.select().from(itemHistory).where(eq(itemHistory.itemId, item._id));
    const refusals = [
      await as(employee, 'PUT', `/api/production/items/${item._id}`, { title: 'Cambiado' }),
      await as(employee, 'DELETE', `/api/production/items/${item._id}`),
      await as(employee, 'POST', `/api/production/items/${item._id}/signed-url`, {
        fileName: 'a.png',
        fileType: 'image/png',
        size: 1,
      }),
      await flow(employee, item._id, 'update-material', { materialData: { copy: 'x' } }),
      await flow(employee, item._id, 'create-material-version', { materialData: { copy: 'x' } }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/aprobad/i);
    }
    const historyAfter = await ctx.app.db.select().from(itemHistory).where(eq(itemHistory.itemId, item._id));
    expect(historyAfter).toHaveLength(historyBefore.length);
    expect((await as(employee, 'POST', `/api/production/items/${item._id}/duplicate`)).statusCode).toBe(201);
  });

  it('gives a duplicate its own copies of the files, so each survives the deletion of the other', async () => {
    const original = await newItem('Con archivos');
    const bytes = Buffer.from([7, 7, 7, 7]);
    const file = await upload(original._id, 'foto.png', bytes);
    await flow(employee, original._id, 'update-material', { materialData: { files: [file] } });
    const copy = (await as(employee, 'POST', `/api/production/items/${original._id}/duplicate`)).json();
    const copyFile = copy.materialData.files[0];
    expect(copyFile.s3Key).not.toBe(file.s3Key);
    expect(copyFile.s3Key.startsWith(`items/${copy._id}/`)).toBe(true);
    expect((await download(employee, copy._id, copyFile.s3Key)).body?.equals(bytes)).toBe(true);
    // The copy's file is usable in its review flow.
    expect((await flow(employee, copy._id, 'mark-for-internal-review', {})).statusCode).toBe(200);

    expect((await as(employee, 'DELETE', `/api/production/items/${original._id}`)).statusCode).toBe(200);
    expect((await download(employee, copy._id, copyFile.s3Key)).body?.equals(bytes)).toBe(true);

    const again = (await as(employee, 'POST', `/api/production/items/${copy._id}/duplicate`)).json();
    await as(employee, 'DELETE', `/api/production/items/${again._id}`);
    expect((await download(employee, copy._id, copyFile.s3Key)).status).toBe(200);
  });

  it('filters, searches, sorts and pages the item list', async () => {
    // Publish dates need not fall inside the cycle; the next cycle (cycles are contiguous) holds them.
    const { _id: cycle } = (
      await as(employee, 'POST', `/api/production/portfolios/${portfolioId}/next-cycle`, {
        cycleDuration: 31,
      })
    ).json();
    for (const [title, format, publishDate] of [
      ['Beta 100%', 'Reel', '2040-01-03'],
      ['Alfa', 'Post', '2040-01-02'],
      ['Gamma', 'Reel', null],
    ] as const) {
      await as(employee, 'POST', `/api/production/cycles/${cycle}/items`, {
        title,
        format,
        publishDate,
        assigneeId: reviewer.id,
      });
    }
    const get = async (query: string) =>
      (await as(employee, 'GET', `/api/production/cycles/${cycle}/items?${query}`)).json();
    expect((await get('')).items.map((i: { title: string }) => i.title)).toEqual([
      'Alfa',
      'Beta 100%',
      'Gamma',
    ]);
    expect((await get('sort=title&order=desc')).items.map((i: { title: string }) => i.title)).toEqual([
      'Gamma',
      'Beta 100%',
      'Alfa',
    ]);
    expect((await get('format=Reel')).total).toBe(2);
    expect((await get('q=100%25')).items.map((i: { title: string }) => i.title)).toEqual(['Beta 100%']);
    expect((await get('q=%25')).total).toBe(1); // a literal %, not a wildcard
    expect((await get(`assigneeId=${reviewer.id}&limit=2&page=2`)).items).toHaveLength(1);
    expect((await get('status=draft&status=approved')).total).toBe(3);
    expect(
      (await as(employee, 'GET', `/api/production/cycles/${cycle}/items?sort=password`)).statusCode,
    ).toBe(400);
  });

  it('tells the team, once, who is newly mentioned in the copy; never a client, never the writer', async () => {
    const item = await newItem('Copy con menciones');
    const outsider = await makeUser(ctx.app, 'employee'); // no grant on this portfolio
    const mention = (u: TestUser) => `<span data-mention-id="${u.id}">@x</span>`;
    const material = (copy: string) =>
      flow(employee, item._id, 'update-material', { materialData: { copy } });
    const mentionsOf = async (u: TestUser) =>
      ctx.app.db
        .select()
        .from(notifications)
        .where(and(sentTo(u.id), eq(notifications.title, 'Mención')));
    const before = {
      reviewer: (await mentionsOf(reviewer)).length,
      client: (await mentionsOf(client)).length,
      employee: (await mentionsOf(employee)).length,
    };

    const first = await material(
      `<p>Para ${mention(reviewer)}, ${mention(client)}, ${mention(outsider)} y ${mention(employee)}</p>`,
    );
    expect(first.statusCode).toBe(200);
    const told = await mentionsOf(reviewer);
    expect(told).toHaveLength(before.reviewer + 1);
    expect(told.at(-1)!.content).toContain('«Copy con menciones»');
    expect((told.at(-1)!.payload as { url: string }).url).toBe(
      `/portfolios/${portfolioId}/production?item=${item._id}`,
    );
    expect(await mentionsOf(client)).toHaveLength(before.client);
    expect(await mentionsOf(outsider)).toHaveLength(0);
    expect(await mentionsOf(employee)).toHaveLength(before.employee);

    // Saving again with the same mention does not tell them twice.
    expect((await material(`<p>Otra vez ${mention(reviewer)}</p>`)).statusCode).toBe(200);
    expect(await mentionsOf(reviewer)).toHaveLength(before.reviewer + 1);
  });
});

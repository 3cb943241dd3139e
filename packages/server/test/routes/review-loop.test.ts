import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, itemHistory, items } from '../../src/db/schema.ts';
import { sameMaterial } from '../../src/services/review/production/material.ts';
import { loopCalls, type ReviewLoopWorld, reviewLoopWorld } from '../support/review-loop-world.ts';

/**
 * Issue 47, points 2 and 3: one change, one version (identical material reuses the newest version, and what the
 * reviewers are told names the version they will see); the client writes once (its comments on the version it
 * decides are the request for changes).
 */
describe('the review loop: versions and requests for changes', () => {
  let w: ReviewLoopWorld;
  const c = loopCalls(() => w);
  const NOTHING = 'Escribe qué cambiar o deja un comentario en la pieza';

  beforeAll(async () => {
    w = await reviewLoopWorld({ SMTP_URL: 'smtp://127.0.0.1:2525' });
  });
  afterAll(() => w.ctx.close());

  it('«Nueva versión» with the same material, then «Enviar a revisión interna»: still version 1, and so it is called', async () => {
    const id = await c.sentItem('Mismo material', '<p>Uno</p>');
    await c.stepOk(w.client, id, 'request-client-changes', { reviewComments: 'Revisadlo' });
    const before = await c.get(w.author, id);
    // Identical (the copy as stored after sanitising, the same links): answered as it is, nothing written.
    const same = await c.stepOk(w.author, id, 'create-material-version', {
      materialData: { copy: '<p>Uno</p><script>alert(1)</script>', links: [] },
      changeReason: 'Nada',
      version: before.version,
    });
    expect(same).toMatchObject({ currentVersion: 1, version: before.version, status: 'client_changes' });
    expect(await c.versions(id)).toEqual([1]);
    const sent = await c.stepOk(w.author, id, 'mark-for-internal-review', {});
    expect(sent).toMatchObject({ currentVersion: 1, status: 'internal_review' });
    expect(await c.versions(id)).toEqual([1]);
    const [entry] = await w.ctx.app.db
      .select()
      .from(itemHistory)
      .where(eq(itemHistory.itemId, id))
      .orderBy(sql`${itemHistory.createdAt} desc`)
      .limit(1);
    expect(entry).toMatchObject({ action: 'mark-for-internal-review', versionNumber: 1 });
    // The reviewers are told the version they will see, and the client after them.
    const asked = await c.told(w.reviewer2, id);
    expect(asked.at(-1)?.content).toBe('«Mismo material» está lista para revisión interna (versión 1)');
    const mail = (await c.mails(w.reviewer2)).at(-1);
    expect(mail).toMatchObject({ itemTitle: 'Mismo material', versionNumber: 1 });
    await c.stepOk(w.reviewer, id, 'approve-for-client', { versionNumber: 1 });
    expect((await c.told(w.client, id)).at(-1)?.content).toBe(
      '«Mismo material» espera tu revisión (versión 1)',
    );
    expect(await c.get(w.client, id)).toMatchObject({ currentVersion: 1 });
  });

  it('a different copy, link or file order writes a new version; the stale item version still answers 409', async () => {
    const id = await c.newItem('Cambios reales');
    await c.stepOk(w.author, id, 'mark-for-internal-review', { materialData: { copy: '<p>A</p>' } });
    const v2 = await c.stepOk(w.author, id, 'create-material-version', {
      materialData: { copy: '<p>B</p>' },
    });
    expect(v2.currentVersion).toBe(2);
    const v3 = await c.stepOk(w.author, id, 'create-material-version', {
      materialData: { links: ['https://ejemplo.com/a'] },
    });
    expect(v3.currentVersion).toBe(3);
    // The same again: no version 4, and the reviewers are not told of a version that does not exist.
    const toldBefore = (await c.told(w.reviewer2, id)).length;
    const again = await c.stepOk(w.author, id, 'create-material-version', {
      materialData: { links: ['https://ejemplo.com/a'] },
    });
    expect(again.currentVersion).toBe(3);
    expect((await c.told(w.reviewer2, id)).length).toBe(toldBefore);
    expect((await c.told(w.reviewer2, id)).at(-1)?.content).toBe(
      'Versión 3 de «Cambios reales»: la revisión interna empieza de nuevo',
    );
    const stale = await c.step(w.author, id, 'create-material-version', {
      materialData: { links: ['https://ejemplo.com/a'] },
      version: v2.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(await c.versions(id)).toEqual([1, 2, 3]);
    // Files compare by key, name, type and size, in order.
    const f = (k: string, size = 1) => ({ s3Key: k, fileName: `${k}.png`, fileType: 'image/png', size });
    const base = { copy: '<p>x</p>', links: [], files: [f('a'), f('b')] };
    expect(sameMaterial(base, { ...base, files: [f('a'), f('b')] })).toBe(true);
    expect(sameMaterial(base, { ...base, files: [f('b'), f('a')] })).toBe(false);
    expect(sameMaterial(base, { ...base, files: [f('a'), f('b', 2)] })).toBe(false);
    expect(sameMaterial(base, { ...base, files: [f('a')] })).toBe(false);
    expect(sameMaterial(base, { ...base, links: ['https://x.es'] })).toBe(false);
  });

  it('a request for changes with neither a reason nor a comment of the caller: 400 in Spanish', async () => {
    const id = await c.sentItem('Sin motivo');
    for (const body of [{}, { reviewComments: '' }, { reviewComments: '   ' }]) {
      const res = await c.step(w.client, id, 'request-client-changes', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(NOTHING);
    }
    // Another client's comment, a comment for the team only and one written before this version was sent do not
    // count for her.
    await c.ok(w.client2, 'POST', '/api/comments', {
      entityType: 'item',
      entityId: id,
      body: '<p>Lo dice otra</p>',
    });
    await c.ok(w.author, 'POST', '/api/comments', {
      entityType: 'item',
      entityId: id,
      body: '<p>Nota interna</p>',
      visibility: 'internal',
    });
    expect((await c.get(w.client, id)).needsComments).toEqual(['request-client-changes']);
    expect((await c.get(w.client2, id)).needsComments).toEqual([]);
    expect((await c.step(w.client, id, 'request-client-changes', {})).statusCode).toBe(400);
    // Staff may not take the client's decision.
    expect((await c.step(w.author, id, 'request-client-changes', { reviewComments: 'x' })).statusCode).toBe(
      403,
    );
    const earlier = await c.sentItem('Ronda anterior');
    await c.ok(w.client, 'POST', '/api/comments', {
      entityType: 'item',
      entityId: earlier,
      body: '<p>Viejo</p>',
    });
    await c.stepOk(w.client, earlier, 'request-client-changes', {});
    await c.stepOk(w.author, earlier, 'mark-for-internal-review', { materialData: { copy: '<p>Dos</p>' } });
    await c.stepOk(w.reviewer, earlier, 'approve-for-client');
    expect((await c.get(w.client, earlier)).needsComments).toEqual(['request-client-changes']);
    const res = await c.step(w.client, earlier, 'request-client-changes', { versionNumber: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOTHING);
  });

  it('the client writes once: her comments are the request, quoted to the team with their pins, each linked', async () => {
    const id = await c.sentItem('Con comentarios');
    await c.ok(w.client, 'POST', '/api/comments', {
      entityType: 'item',
      entityId: id,
      body: '<p>El logo &amp; el <strong>color</strong></p>',
    });
    // A pin on a file (written as the pins route would store it: the file's checks are the comments' tests').
    const [pinned] = await w.ctx.app.db
      .insert(comments)
      .values({
        portfolioId: w.portfolioId,
        entityType: 'item',
        entityId: id,
        body: '<p>Este texto se corta</p>',
        visibility: 'client',
        anchor: { versionNumber: 1, fileKey: 'k', x: 0.5, y: 0.5 },
        authorId: w.client.id,
        createdAt: new Date(Date.now() + 1000),
      })
      .returning();
    const view = await c.get(w.client, id);
    expect(view.allowedActions).toContain('request-client-changes');
    expect(view.needsComments).toEqual([]);
    const done = await c.stepOk(w.client, id, 'request-client-changes', { versionNumber: 1 });
    expect(done.status).toBe('client_changes');
    const [item] = await w.ctx.app.db.select().from(items).where(eq(items.id, id));
    expect(item?.status).toBe('client_changes');
    const url = `/portfolios/${w.portfolioId}/production?item=${id}`;
    const told = (await c.told(w.author, id)).at(-1)!;
    expect(told.content).toBe('El cliente pidió cambios en «Con comentarios» (2 comentarios)');
    expect(told.payload.request).toEqual({
      reason: null,
      comments: [
        { _id: expect.any(String), text: 'El logo & el color', url },
        { _id: pinned!.id, label: 'Marca 1', text: 'Este texto se corta', url },
      ],
    });
    const mail = (await c.mails(w.reviewer2)).at(-1)!;
    expect(mail).toMatchObject({
      title: 'Cambios del cliente',
      url,
      lines: [
        { text: 'El logo & el color', url },
        { label: 'Marca 1', text: 'Este texto se corta', url },
      ],
    });
    expect(mail.quote).toBeUndefined();
    // A reason typed is quoted too; the client's own record keeps no empty reason.
    const second = await c.sentItem('Con motivo');
    await c.stepOk(w.client, second, 'request-client-changes', {
      reviewComments: 'Más contraste, por favor',
    });
    expect((await c.told(w.author, second)).at(-1)?.content).toBe(
      'El cliente pidió cambios en «Con motivo»: «Más contraste, por favor»',
    );
    expect((await c.mails(w.reviewer2)).at(-1)).toMatchObject({
      quote: 'Más contraste, por favor',
      lines: [],
    });
    const history = await c.ok(w.client, 'GET', `/api/production/items/${id}/material-version-history`);
    expect(history.history[0]).toMatchObject({ action: 'request-client-changes', reviewComments: null });
  });
});

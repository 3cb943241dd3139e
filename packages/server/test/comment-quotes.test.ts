import { describe, expect, it } from 'vitest';
import { quotesWorld } from './support/comment-quotes-world.ts';

/**
 * Comments that quote a version's copy (issue 47, point 6): what the server accepts as a quote, and where it
 * answers the quote sits once the copy changes (attached, moved, orphaned), for staff and for the client.
 */
describe('copy quotes', () => {
  const w = quotesWorld();
  const copy = '<p>Hola <strong>mundo</strong> feliz.</p><p>Compra hoy &amp; ahorra.</p>';

  it('accepts words of a version the author sees, across marks and blocks, with its context', async () => {
    const id = await w.piece(copy);
    const c = await w.quoted(w.author, id, {
      versionNumber: 1,
      quote: 'mundo feliz.\nCompra hoy &',
      prefix: 'Hola ',
      suffix: ' ahorra.',
    });
    expect(c.anchor).toEqual({
      versionNumber: 1,
      quote: 'mundo feliz.\nCompra hoy &',
      prefix: 'Hola ',
      suffix: ' ahorra.',
    });
    expect(c).toMatchObject({ anchorState: 'attached', suggestion: null, resolved: false, resolvedBy: null });
  });

  it('refuses a quote not in the version, a version that does not exist and malformed anchors (400, in Spanish)', async () => {
    const id = await w.piece(copy);
    const notThere = await w.quote(w.author, id, { versionNumber: 1, quote: 'adiós' });
    expect(notThere.statusCode).toBe(400);
    expect(notThere.json().message).toBe(
      "El campo 'anchor' no es válido: el texto citado no está en la versión 1",
    );
    expect(notThere.json().details).toEqual([
      { field: 'anchor', message: 'el texto citado no está en la versión 1' },
    ]);
    // Tags are not text: a quote of the markup is not in the copy.
    expect((await w.quote(w.author, id, { versionNumber: 1, quote: '<strong>' })).statusCode).toBe(400);
    const noVersion = await w.quote(w.author, id, { versionNumber: 2, quote: 'Hola' });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().message).toContain('la versión 2 no existe');
    for (const anchor of [
      { versionNumber: 1, quote: '' },
      { versionNumber: 1, quote: 'x'.repeat(1001) },
      { versionNumber: 1, quote: 'Hola', prefix: 'p'.repeat(65) },
      { versionNumber: 1, quote: 'Hola', suffix: 's'.repeat(65) },
      { versionNumber: 0, quote: 'Hola' },
    ]) {
      const res = await w.quote(w.author, id, anchor as never);
      expect(res.statusCode, JSON.stringify(anchor)).toBe(400);
    }
    // A quote on something that has no copy.
    const onCycle = await w.as(w.author, 'POST', '/api/comments', {
      entityType: 'cycle',
      entityId: w.cycleId,
      body: 'x',
      anchor: { versionNumber: 1, quote: 'Hola' },
    });
    expect(onCycle.statusCode).toBe(400);
    expect(onCycle.json().message).toContain('solo las piezas admiten citas');
  });

  it('a client quotes only versions sent to it, and never reads a staff quote of a version it was not sent', async () => {
    const id = await w.piece('<p>Primera versión enviada</p>', { sent: true });
    await w.clientChanges(id);
    await w.newVersion(id, '<p>Segunda versión, secreta</p>');
    const unsent = await w.quote(w.client, id, { versionNumber: 2, quote: 'secreta' });
    expect(unsent.statusCode).toBe(400);
    expect(unsent.json().message).toContain('la versión 2 no existe');
    const mine = await w.quoted(w.client, id, { versionNumber: 1, quote: 'enviada' });
    expect(mine.visibility).toBe('client');
    // Staff quote the unsent version in a comment shared with the client.
    const staff = await w.quoted(
      w.author,
      id,
      { versionNumber: 2, quote: 'secreta' },
      { visibility: 'client', suggestion: { replacement: 'pública' } },
    );
    const seen = await w.one(w.client, id, staff._id);
    expect(seen).toMatchObject({ anchor: null, anchorState: null, suggestion: null, canApply: false });
    expect(JSON.stringify(await w.thread(w.client, id))).not.toContain('secreta');
    const single = await w.ok(w.client, 'GET', `/api/comments/${staff._id}`);
    expect(JSON.stringify(single)).not.toContain('secreta');
    // Staff read it whole.
    expect(await w.one(w.author, id, staff._id)).toMatchObject({
      anchor: { versionNumber: 2, quote: 'secreta' },
      suggestion: { replacement: 'pública' },
    });
    // The client reads its quote against the version it is shown (v1), staff against the current one (v2).
    expect((await w.one(w.client, id, mine._id)).anchorState).toBe('attached');
    expect((await w.one(w.author, id, mine._id)).anchorState).toBe('orphaned');
  });

  it('re-anchors across versions: attached, moved, moved to the matching duplicate, orphaned', async () => {
    const v1 = '<p>Intro. <em>Compra ahora</em> con descuento. Fin.</p>';
    const id = await w.piece(v1);
    await w.flow(w.reviewer, id, 'request-internal-changes', { reviewComments: 'Cambia' });
    const at = (quote: string, prefix: string, suffix: string) =>
      w.quoted(w.reviewer, id, { versionNumber: 1, quote, prefix, suffix });
    const stays = await at('Fin.', 'con descuento. ', '');
    const moves = await at('Compra ahora', 'Intro. ', ' con descuento. Fin.');
    const goes = await at('Intro.', '', ' Compra ahora');
    const state = async (c: { _id: string }) => (await w.one(w.author, id, c._id)).anchorState;
    expect(await state(moves)).toBe('attached');

    // v2: the same text: all attached (same offsets, same context).
    await w.newVersion(id, v1);
    expect([await state(stays), await state(moves), await state(goes)]).toEqual([
      'attached',
      'attached',
      'attached',
    ]);

    // v3: the intro rewritten (offsets shift), «Compra ahora» duplicated earlier with another context.
    await w.newVersion(
      id,
      '<p>Nuevo comienzo: Compra ahora y paga luego.</p><p>Compra ahora con descuento. Fin.</p>',
    );
    expect(await state(goes)).toBe('orphaned');
    expect(await state(moves)).toBe('moved');
    expect(await state(stays)).toBe('moved');
    const moved = await w.one(w.author, id, moves._id);
    // The answer keeps the original anchor: the app finds the occurrence with the same rule.
    expect(moved.anchor).toEqual({
      versionNumber: 1,
      quote: 'Compra ahora',
      prefix: 'Intro. ',
      suffix: ' con descuento. Fin.',
    });

    // v4: deleted.
    await w.newVersion(id, '<p>Otro texto.</p>');
    expect([await state(stays), await state(moves), await state(goes)]).toEqual([
      'orphaned',
      'orphaned',
      'orphaned',
    ]);
  });

  it('answers 404 for a quote on another portfolio’s piece', async () => {
    const theirs = await w.piece('<p>Ajeno</p>', { cycleId: w.otherCycleId, by: w.stranger });
    const res = await w.quote(w.author, theirs, { versionNumber: 1, quote: 'Ajeno' });
    expect(res.statusCode).toBe(404);
  });
});

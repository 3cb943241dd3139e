import { describe, expect, it } from 'vitest';
import { quotesWorld } from './support/comment-quotes-world.ts';

/**
 * Suggestions on quoted words and resolved threads (issue 47, point 6): applying writes one new version whose
 * copy keeps the marks around the quote; every refusal answers in Spanish.
 */
describe('suggestions and resolved threads', () => {
  const w = quotesWorld();
  const copy = '<p>Hola <strong>mundo</strong> feliz</p><p>Compra hoy</p>';

  /** A piece with the team again (client changes), its v1 sent to the client with `copy`. */
  async function withTeam(html = copy) {
    const id = await w.piece(html, { sent: true });
    await w.clientChanges(id);
    return id;
  }
  const suggest = (by: typeof w.author, id: string, quote: string, replacement: string, prefix = '') =>
    w.quoted(by, id, { versionNumber: 1, quote, prefix }, { suggestion: { replacement } });

  it('the author applies a client suggestion in one call: a new version with the quote replaced, marks kept', async () => {
    const id = await withTeam();
    const s = await suggest(w.client, id, 'mundo', 'planeta', 'Hola ');
    expect(s).toMatchObject({ suggestion: { replacement: 'planeta' }, suggestionState: 'open' });
    // The client may dismiss its own suggestion but not apply it; the author may do both.
    expect(s).toMatchObject({ canApply: false, canDismiss: true });
    expect(await w.one(w.author, id, s._id)).toMatchObject({ canApply: true, canDismiss: true });

    const applied = await w.ok(w.author, 'POST', `/api/comments/${s._id}/apply`);
    expect(applied.versionNumber).toBe(2);
    expect(applied.item.currentVersion).toBe(2);
    expect(applied.item.materialData.copy).toBe(
      '<p>Hola <strong>planeta</strong> feliz</p><p>Compra hoy</p>',
    );
    expect(applied.comments[0]).toMatchObject({
      _id: s._id,
      suggestionState: 'applied',
      canApply: false,
      canDismiss: false,
      resolved: true,
    });
    // Applying resolves the thread, by the one who applied it; the client reads it resolved too.
    expect(applied.comments[0].resolvedBy._id).toBe(w.author.id);
    expect(await w.one(w.client, id, s._id)).toMatchObject({ resolved: true, suggestionState: 'applied' });
    const history = await w.versions(w.author, id);
    expect(history.versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    expect(history.versions[0].materialData.copy).toContain('<strong>planeta</strong>');
    // The quote of v1 is gone from v2: the thread says so.
    expect((await w.one(w.author, id, s._id)).anchorState).toBe('orphaned');

    // Twice: 409, and no third version.
    const again = await w.as(w.author, 'POST', `/api/comments/${s._id}/apply`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('La sugerencia ya se aplicó');
    expect((await w.item(w.author, id)).currentVersion).toBe(2);
  });

  it('two simultaneous applies of one suggestion write one version', async () => {
    const id = await withTeam();
    const s = await suggest(w.reviewer, id, 'feliz', 'contento');
    const [a, b] = await Promise.all([
      w.as(w.author, 'POST', `/api/comments/${s._id}/apply`),
      w.as(w.author, 'POST', `/api/comments/${s._id}/apply`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await w.item(w.author, id)).currentVersion).toBe(2);
  });

  it('refuses: a client (403), a piece in client review or approved (409), internal review (409), a quote no longer in the copy (409)', async () => {
    const id = await w.piece(copy, { sent: true });
    const s = await suggest(w.client, id, 'Compra', 'Reserva');
    const byClient = await w.as(w.client, 'POST', `/api/comments/${s._id}/apply`);
    expect(byClient.statusCode).toBe(403);
    expect(byClient.json().message).toBe('Solo quien edita la pieza puede aplicar sugerencias');
    // In client review: frozen, with the reason the material gives.
    const frozen = await w.as(w.author, 'POST', `/api/comments/${s._id}/apply`);
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().message).toBe(
      'La pieza está en revisión del cliente: retírala de la revisión antes de cambiarla',
    );
    expect(await w.one(w.author, id, s._id)).toMatchObject({ canApply: false, resolved: false });
    // Approved: final.
    await w.flow(w.client, id, 'approve-client-review', {});
    const done = await w.as(w.author, 'POST', `/api/comments/${s._id}/apply`);
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toContain('«Aprobado»');
    expect((await w.item(w.author, id)).currentVersion).toBe(1);

    // In internal review the material waits on the reviewers.
    const inReview = await w.piece(copy);
    const r = await suggest(w.reviewer, inReview, 'Hola', 'Buenas');
    const waiting = await w.as(w.author, 'POST', `/api/comments/${r._id}/apply`);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toContain('«En revisión interna»');

    // The quoted words were rewritten in the meantime.
    const changed = await withTeam();
    const gone = await suggest(w.client, changed, 'feliz', 'alegre');
    await w.newVersion(changed, '<p>Hola mundo triste</p>');
    expect((await w.one(w.author, changed, gone._id)).canApply).toBe(false);
    const stale = await w.as(w.author, 'POST', `/api/comments/${gone._id}/apply`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'El texto citado «feliz» ya no está en la copia actual: no se puede aplicar la sugerencia',
    );
    expect((await w.item(w.author, changed)).currentVersion).toBe(2);
  });

  it('a suggestion needs a quote; a replacement may be empty and has a limit', async () => {
    const id = await withTeam();
    const bare = await w.as(w.client, 'POST', '/api/comments', {
      entityType: 'item',
      entityId: id,
      body: 'x',
      suggestion: { replacement: 'y' },
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe("El campo 'suggestion' necesita un 'anchor' que cite el texto");
    const long = await w.quote(
      w.client,
      id,
      { versionNumber: 1, quote: 'Hola' },
      { suggestion: { replacement: 'x'.repeat(5001) } },
    );
    expect(long.statusCode).toBe(400);
    // An empty replacement deletes the words.
    const cut = await suggest(w.client, id, ' feliz', '');
    const applied = await w.ok(w.author, 'POST', `/api/comments/${cut._id}/apply`);
    expect(applied.item.materialData.copy).toBe('<p>Hola <strong>mundo</strong></p><p>Compra hoy</p>');
  });

  it('«Aplicar todas»: several suggestions in one version, or none when one fails', async () => {
    const id = await withTeam();
    const a = await suggest(w.client, id, 'mundo', 'planeta');
    const b = await suggest(w.reviewer, id, 'Compra hoy', 'Reserva ya');
    const c = await suggest(w.client, id, 'feliz', 'alegre');
    const other = await withTeam();
    const elsewhere = await suggest(w.client, other, 'Hola', 'Adiós');
    // A suggestion of another piece is not this piece's: 404.
    const mixed = await w.as(w.author, 'POST', `/api/production/items/${id}/suggestions/apply`, {
      ids: [a._id, elsewhere._id],
    });
    expect(mixed.statusCode).toBe(404);
    // Two suggestions on the same words: the second cannot apply after the first, so none does.
    const clash = await suggest(w.reviewer, id, 'mundo', 'orbe');
    const refused = await w.as(w.author, 'POST', `/api/production/items/${id}/suggestions/apply`, {
      ids: [a._id, clash._id],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('«mundo»');
    expect(refused.json().message).toContain('No se aplicó ninguna');
    expect((await w.item(w.author, id)).currentVersion).toBe(1);
    // Nothing applied, nothing resolved: the transaction rolled both back.
    expect(await w.one(w.author, id, a._id)).toMatchObject({ suggestionState: 'open', resolved: false });

    const all = await w.ok(w.author, 'POST', `/api/production/items/${id}/suggestions/apply`, {
      ids: [a._id, b._id, c._id],
    });
    expect(all.versionNumber).toBe(2);
    expect(all.item.materialData.copy).toBe('<p>Hola <strong>planeta</strong> alegre</p><p>Reserva ya</p>');
    expect(all.comments.map((x: { suggestionState: string }) => x.suggestionState)).toEqual([
      'applied',
      'applied',
      'applied',
    ]);
    expect(all.comments.map((x: { resolved: boolean }) => x.resolved)).toEqual([true, true, true]);
    // The clashing one was not applied: still open and unresolved.
    expect(await w.one(w.author, id, clash._id)).toMatchObject({ suggestionState: 'open', resolved: false });
    const byClient = await w.as(w.client, 'POST', `/api/production/items/${id}/suggestions/apply`, {
      ids: [clash._id],
    });
    expect(byClient.statusCode).toBe(403);
    const stranger = await w.as(w.stranger, 'POST', `/api/production/items/${id}/suggestions/apply`, {
      ids: [clash._id],
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('dismiss: the author of the suggestion or an editor; not another client; not twice', async () => {
    const id = await withTeam();
    const s = await suggest(w.reviewer, id, 'Hola', 'Buenas');
    const byClient = await w.as(w.client, 'POST', `/api/comments/${s._id}/dismiss`);
    expect(byClient.statusCode).toBe(403);
    const dismissed = await w.ok(w.author, 'POST', `/api/comments/${s._id}/dismiss`);
    expect(dismissed).toMatchObject({ suggestionState: 'dismissed', canApply: false, canDismiss: false });
    const twice = await w.as(w.author, 'POST', `/api/comments/${s._id}/dismiss`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('La sugerencia ya se descartó');
    expect((await w.as(w.author, 'POST', `/api/comments/${s._id}/apply`)).statusCode).toBe(409);
    const own = await suggest(w.client, id, 'feliz', 'alegre');
    expect((await w.ok(w.client, 'POST', `/api/comments/${own._id}/dismiss`)).suggestionState).toBe(
      'dismissed',
    );
    const plain = await w.quoted(w.client, id, { versionNumber: 1, quote: 'Hola' });
    const notOne = await w.as(w.client, 'POST', `/api/comments/${plain._id}/dismiss`);
    expect(notOne.statusCode).toBe(409);
    expect(notOne.json().message).toBe('Este comentario no propone ningún cambio');
    expect((await w.as(w.stranger, 'POST', `/api/comments/${own._id}/dismiss`)).statusCode).toBe(404);
  });

  it('resolve and reopen: clients too, on what they can read; 404 for internal comments and strangers', async () => {
    const id = await withTeam();
    const s = await w.quoted(w.client, id, { versionNumber: 1, quote: 'Hola' });
    const resolved = await w.ok(w.client, 'POST', `/api/comments/${s._id}/resolve`);
    expect(resolved.resolved).toBe(true);
    expect(resolved.resolvedBy._id).toBe(w.client.id);
    expect((await w.one(w.author, id, s._id)).resolved).toBe(true);
    const reopened = await w.ok(w.author, 'POST', `/api/comments/${s._id}/reopen`);
    expect(reopened).toMatchObject({ resolved: false, resolvedBy: null });
    const internal = await w.ok(w.author, 'POST', '/api/comments', {
      entityType: 'item',
      entityId: id,
      body: 'Solo equipo',
      visibility: 'internal',
    });
    expect((await w.as(w.client, 'POST', `/api/comments/${internal._id}/resolve`)).statusCode).toBe(404);
    expect((await w.as(w.stranger, 'POST', `/api/comments/${s._id}/resolve`)).statusCode).toBe(404);
    expect((await w.as(w.author, 'POST', '/api/comments/no-existe/resolve')).statusCode).toBe(404);
  });
});

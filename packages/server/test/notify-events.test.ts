import { eq } from 'drizzle-orm';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailDigestEntries, mailOutbox } from '../src/db/schema.ts';
import {
  callsAs,
  createTestApp,
  makePortfolio,
  makeUser,
  type TestContext,
  type TestUser,
} from './helpers.ts';

/**
 * Issue 29: every event reaches the people who must act, and nobody else, on the channels each chose. The
 * email channel is on (SMTP_URL): what a recipient gets by email is read from the queue (the worker and the
 * SMTP peer are mail.test.ts's).
 */
describe('who is told of each event, and where', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let author: TestUser;
  let reviewer: TestUser;
  /** Edits production but may not take the internal decision. */
  let editor: TestUser;
  let client: TestUser;
  let outsider: TestUser;
  let otherClient: TestUser;
  let everyone: TestUser[];
  let portfolioId: string;
  let cycleId: string;

  const { as, ok } = callsAs(() => ctx.app);
  const inbox = async (u: TestUser) =>
    ((await ok(u, 'GET', '/api/notifications?includeArchived=true')) as Array<{ content: string }>).map(
      (n) => n.content,
    );
  const mails = async (u: TestUser) =>
    (await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.userId, u.id))).map(
      (m) => (m.data as { content: string }).content,
    );
  const digests = async (u: TestUser) =>
    (await ctx.app.db.select().from(mailDigestEntries).where(eq(mailDigestEntries.userId, u.id))).map(
      (d) => d.content,
    );
  /** Who got `text` in the app. */
  const told = async (text: string) => {
    const out: TestUser[] = [];
    for (const u of everyone) if ((await inbox(u)).includes(text)) out.push(u);
    return out;
  };
  const names = (users: TestUser[]) => users.map((u) => u.email.split('@')[0]!.replace(/-.*/, '')).sort();
  const newItem = async (title: string, extra: object = {}) =>
    ok(author, 'POST', `/api/production/cycles/${cycleId}/items`, { title, ...extra });
  const step = (u: TestUser, itemId: string, action: string, body: object = {}) =>
    ok(u, 'POST', `/api/production/items/${itemId}/${action}`, body);

  beforeAll(async () => {
    ctx = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    admin = await makeUser(ctx.app, 'admin');
    author = await makeUser(ctx.app, 'employee');
    reviewer = await makeUser(ctx.app, 'employee');
    editor = await makeUser(ctx.app, 'employee');
    client = await makeUser(ctx.app, 'client');
    outsider = await makeUser(ctx.app, 'employee');
    otherClient = await makeUser(ctx.app, 'client');
    everyone = [admin, author, reviewer, editor, client, outsider, otherClient];
    portfolioId = (await makePortfolio(ctx.app, [author, reviewer, client]))._id;
    await makePortfolio(ctx.app, [otherClient, outsider]);
    await ok(admin, 'POST', `/api/users/${editor.id}/portfolio-access`, {
      portfolioId,
      permissions: ['portfolio.view', 'production.view', 'production.edit', 'comments.write'],
    });
    cycleId = (
      await ok(author, 'POST', `/api/production/portfolios/${portfolioId}/start`, { cycleDuration: 14 })
    )._id;
  });
  afterAll(() => ctx.close());

  it('sent to internal review: everyone who may take the internal decision, admins included; email at once', async () => {
    const item = await newItem('Reel uno');
    await step(author, item._id, 'mark-for-internal-review', { materialData: { copy: '<p>Uno</p>' } });
    const text = '«Reel uno» está lista para revisión interna (versión 1)';
    expect(names(await told(text))).toEqual(names([admin, reviewer]));
    // The email says who asks what, of which portfolio.
    const asks = /^employee \d+ te pide que revises «Reel uno» de Negocio \d+$/;
    expect(await mails(reviewer)).toEqual([expect.stringMatching(asks)]);
    expect(await mails(admin)).toEqual([expect.stringMatching(asks)]);
    expect(await mails(author)).toEqual([]);

    // A new version while in internal review: the same people, again.
    await step(author, item._id, 'create-material-version', { materialData: { copy: '<p>Uno bis</p>' } });
    expect(names(await told('Versión 2 de «Reel uno»: la revisión interna empieza de nuevo'))).toEqual(
      names([admin, reviewer]),
    );
  });

  it('approved for the client: the client is asked (email at once), the author told (digest), the decider not', async () => {
    const item = await newItem('Reel dos');
    await step(author, item._id, 'mark-for-internal-review', { materialData: { copy: '<p>Dos</p>' } });
    await step(reviewer, item._id, 'approve-for-client');
    const asked = '«Reel dos» espera tu revisión (versión 1)';
    expect(names(await told(asked))).toEqual(names([client]));
    expect(await mails(client)).toEqual([
      expect.stringMatching(/ te pide que revises «Reel dos» de Negocio \d+$/),
    ]);
    const toTeam = '«Reel dos» se aprobó y se envió al cliente';
    expect(names(await told(toTeam))).toEqual(names([author]));
    expect(await digests(author)).toContainEqual(
      expect.stringMatching(/ aprobó «Reel dos» de Negocio \d+ y la envió al cliente$/),
    );
    expect((await mails(author)).filter((m) => m.includes('Reel dos'))).toEqual([]);

    // Withdrawn: the clients only.
    await step(author, item._id, 'withdraw-from-client-review', { reviewComments: 'Un ajuste' });
    expect(names(await told('El equipo retiró «Reel dos» de tu revisión para cambiarla'))).toEqual(
      names([client]),
    );
  });

  it("a client's decision reaches the author, the assignee, followers and the internal reviewers, admins included", async () => {
    const item = await newItem('Reel tres', { assigneeId: editor.id });
    await step(author, item._id, 'mark-for-internal-review', { materialData: { copy: '<p>Tres</p>' } });
    await step(reviewer, item._id, 'approve-for-client');
    await step(client, item._id, 'request-client-changes', { reviewComments: 'Otro color' });
    expect(names(await told('El cliente pidió cambios en «Reel tres»: «Otro color»'))).toEqual(
      names([admin, author, editor, reviewer]),
    );
    await step(author, item._id, 'mark-for-internal-review', { materialData: { copy: '<p>Tres bis</p>' } });
    await step(reviewer, item._id, 'request-internal-changes', { reviewComments: 'Falta el logo' });
    // Internal changes: the item's followers (author, assignee), never the client.
    expect(names(await told('Se pidieron cambios internos en «Reel tres»'))).toEqual(names([author, editor]));
    await step(author, item._id, 'mark-for-internal-review', { materialData: { copy: '<p>Tres ter</p>' } });
    await step(reviewer, item._id, 'approve-for-client');
    await step(client, item._id, 'approve-client-review');
    expect(names(await told('El cliente aprobó «Reel tres»'))).toEqual(
      names([admin, author, editor, reviewer]),
    );
  });

  it('comments reach the followers who may read them; a client never an internal one; «Dejar de seguir» silences', async () => {
    const item = await newItem('Post cuatro');
    await step(author, item._id, 'mark-for-internal-review', { materialData: { copy: '<p>Cuatro</p>' } });
    await step(reviewer, item._id, 'approve-for-client');
    const comment = (u: TestUser, body: string, visibility: 'client' | 'internal') =>
      ok(u, 'POST', '/api/comments', {
        entityType: 'item',
        entityId: item._id,
        body: `<p>${body}</p>`,
        visibility,
      });

    // The client comments: it now follows the item; the author (a follower) is told, the client is not.
    await comment(client, 'Me gusta', 'client');
    const byClient = `${(await ok(client, 'GET', '/api/auth/me')).name} comentó en «Post cuatro»`;
    expect(names(await told(byClient))).toEqual(names([author]));
    expect(await ok(client, 'GET', `/api/production/items/${item._id}/following`)).toEqual({
      following: true,
    });
    // The piece's own read says it too (the drawer asks once), and says it for each reader.
    expect((await ok(client, 'GET', `/api/production/items/${item._id}`)).following).toBe(true);
    expect((await ok(admin, 'GET', `/api/production/items/${item._id}`)).following).toBe(false);

    // An internal comment by the reviewer (now a follower too): the author is told, the client never.
    await comment(reviewer, 'Ojo al logo', 'internal');
    const byReviewer = `${(await ok(reviewer, 'GET', '/api/auth/me')).name} comentó en «Post cuatro»`;
    expect(names(await told(byReviewer))).toEqual(names([author]));

    // A comment for the client by the author: both followers who may read it.
    await comment(author, 'Cambiado', 'client');
    const byAuthor = `${(await ok(author, 'GET', '/api/auth/me')).name} comentó en «Post cuatro»`;
    expect(names(await told(byAuthor))).toEqual(names([client, reviewer]));

    // The author stops following: the next comment and decision pass them by.
    expect(
      await ok(author, 'PUT', `/api/production/items/${item._id}/following`, { following: false }),
    ).toEqual({ following: false });
    expect((await ok(author, 'GET', `/api/production/items/${item._id}`)).following).toBe(false);
    const before = (await inbox(author)).length;
    await comment(client, 'Una cosa más', 'client');
    expect((await inbox(author)).length).toBe(before);
    // A client's decision still reaches them: they may take the internal decision (review.internal).
    await step(client, item._id, 'approve-client-review');
    expect(names(await told('El cliente aprobó «Post cuatro»'))).toEqual(names([admin, author, reviewer]));
  });

  it('a channel turned off stays silent; the others keep working', async () => {
    const prefs = await ok(reviewer, 'PUT', '/api/notifications/preferences', {
      preferences: { reviews: { app: false, email: false } },
    });
    expect(prefs.preferences.reviews).toEqual({ app: false, push: true, email: false });
    expect(prefs.email).toEqual({ available: true, digestMinutes: 15 });
    expect((await ok(reviewer, 'GET', '/api/notifications/preferences')).preferences.reviews.app).toBe(false);

    const item = await newItem('Reel cinco');
    await step(author, item._id, 'mark-for-internal-review', { materialData: { copy: '<p>Cinco</p>' } });
    const text = '«Reel cinco» está lista para revisión interna (versión 1)';
    expect(names(await told(text))).toEqual(names([admin]));
    expect((await mails(reviewer)).filter((m) => m.includes('«Reel cinco»'))).toEqual([]);
    expect((await mails(admin)).filter((m) => m.includes('«Reel cinco»'))).toHaveLength(1);

    // Back on: told again.
    await ok(reviewer, 'PUT', '/api/notifications/preferences', {
      preferences: { reviews: { app: true, email: true } },
    });
    const again = await newItem('Reel seis');
    await step(author, again._id, 'mark-for-internal-review', { materialData: { copy: '<p>Seis</p>' } });
    expect(await inbox(reviewer)).toContain('«Reel seis» está lista para revisión interna (versión 1)');
  });

  it('preferences refuse a switch that is not on or off, ignore unknown names, and are nobody else’s', async () => {
    for (const preferences of [{ reviews: { app: 'no' } }, { reviews: 'todo' }, []]) {
      const res = await as(author, 'PUT', '/api/notifications/preferences', { preferences });
      expect(res.statusCode, JSON.stringify(preferences)).toBe(400);
      expect(res.json().message).toMatch(/preferences/);
    }
    // Unknown groups and channels are dropped at the edge (as everywhere in the API): nothing changes.
    const same = await ok(author, 'PUT', '/api/notifications/preferences', {
      preferences: { nada: { app: false }, comments: { fax: false } },
    });
    expect(same.preferences).toEqual((await ok(author, 'GET', '/api/notifications/preferences')).preferences);
    expect(same.preferences.comments).toEqual({ app: true, push: true, email: true });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notifications/preferences' })).statusCode).toBe(
      401,
    );
    // The client's defaults: review requests by email; team notices in the app only.
    const mine = await ok(client, 'GET', '/api/notifications/preferences');
    expect(mine.preferences.reviews.email).toBe(true);
    // A client is never told of tasks (internal work): the screen does not offer them.
    expect(mine.groups.map((g: { key: string }) => g.key)).toEqual(['reviews', 'comments', 'team']);
    expect(
      (await ok(author, 'GET', '/api/notifications/preferences')).groups.map(
        (g: { label: string }) => g.label,
      ),
    ).toEqual(['Revisiones', 'Comentarios y menciones', 'Tareas', 'Avisos del equipo']);
    expect(mine.preferences.team.email).toBe(false);
  });

  it('following: 404 for an item the caller may not see (another portfolio, a client and a draft)', async () => {
    const draft = await newItem('Borrador siete');
    for (const u of [outsider, otherClient, client]) {
      expect((await as(u, 'GET', `/api/production/items/${draft._id}/following`)).statusCode).toBe(404);
      expect(
        (await as(u, 'PUT', `/api/production/items/${draft._id}/following`, { following: true })).statusCode,
      ).toBe(404);
    }
    expect((await as(author, 'PUT', `/api/production/items/${draft._id}/following`, {})).statusCode).toBe(
      400,
    );
    expect(await ok(author, 'GET', `/api/production/items/${draft._id}/following`)).toEqual({
      following: true,
    });
  });

  it('access granted and removed: the user is told, in the app', async () => {
    const newcomer = await makeUser(ctx.app, 'employee');
    await ok(admin, 'POST', `/api/users/${newcomer.id}/portfolio-access`, { portfolioId });
    await ok(admin, 'DELETE', `/api/users/${newcomer.id}/portfolio-access/${portfolioId}`);
    const contents = await inbox(newcomer);
    expect(contents.some((c) => /^Ahora tienes acceso a «/.test(c))).toBe(true);
    expect(contents.some((c) => /^Ya no tienes acceso a «/.test(c))).toBe(true);
    // Team notices are not emailed by default.
    expect(await mails(newcomer)).toEqual([]);
  });

  it('a broadcast (team notices): who turned the app off is left out, who turned email on gets it in the digest', async () => {
    await ok(editor, 'PUT', '/api/notifications/preferences', { preferences: { team: { app: false } } });
    await ok(client, 'PUT', '/api/notifications/preferences', { preferences: { team: { email: true } } });
    for (const [i, body] of [
      { title: 'Aviso', content: 'Aviso para todos 1' },
      { title: 'Aviso', content: 'Aviso para todos 2', url: '/' },
    ].entries()) {
      const res = await ok(admin, 'POST', '/api/notifications/broadcast', body);
      expect(res.success).toBe(true);
      const text = `Aviso para todos ${i + 1}`;
      const got = await told(text);
      expect(got).not.toContain(editor);
      expect(got).toEqual(expect.arrayContaining([author, reviewer, client, outsider, otherClient]));
      expect(await digests(client)).toContain(text);
      expect(await digests(author)).not.toContain(text);
    }
    await ok(editor, 'PUT', '/api/notifications/preferences', { preferences: { team: { app: true } } });
    await ok(client, 'PUT', '/api/notifications/preferences', { preferences: { team: { email: false } } });
  });

  it('nobody without access ever heard anything about the portfolio', async () => {
    const aboutIt = (contents: string[]) => contents.filter((c) => !c.startsWith('Aviso para todos'));
    expect(aboutIt(await inbox(outsider))).toEqual([]);
    expect(aboutIt(await inbox(otherClient))).toEqual([]);
    expect(await mails(outsider)).toEqual([]);
    expect(await mails(otherClient)).toEqual([]);
  });
});

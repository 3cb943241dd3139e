import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationReceipts, notifications } from '../../src/db/schema.ts';
import { createTestApp, makePortfolio, makeUser, type TestContext, type TestUser } from '../helpers.ts';

describe('notifications API', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let employee: TestUser;
  let client: TestUser;
  let other: TestUser;

  const call = (u: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  /** Who holds a receipt of a notification. */
  const recipientsOf = async (id: string) =>
    (
      await ctx.app.db
        .select({ userId: notificationReceipts.userId })
        .from(notificationReceipts)
        .where(eq(notificationReceipts.notificationId, id))
    ).map((r) => r.userId);

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await makeUser(ctx.app, 'admin');
    employee = await makeUser(ctx.app, 'employee');
    client = await makeUser(ctx.app, 'client');
    other = await makeUser(ctx.app, 'employee');
    await makePortfolio(ctx.app, [employee, client]);
  });
  afterAll(() => ctx.close());

  async function send(to: TestUser, n: number) {
    for (let i = 0; i < n; i++) {
      const res = await call(admin, 'POST', '/api/notifications/broadcast', {
        title: 'Aviso',
        content: `Contenido ${i}`,
        url: '/settings',
        criteria: { userIds: [to.id] },
      });
      expect(res.json()).toEqual({ success: true, count: 1 });
    }
  }

  it('broadcast creates one per matching user and the list shows newest first with payload.url', async () => {
    const res = await call(admin, 'POST', '/api/notifications/broadcast', {
      title: 'Bienvenida',
      content: 'Hola equipo',
      url: '/settings',
      criteria: { userIds: [employee.id] },
    });
    expect(res.json()).toEqual({ success: true, count: 1 });
    const list = (await call(employee, 'GET', '/api/notifications')).json();
    expect(list[0]).toMatchObject({
      title: 'Bienvenida',
      content: 'Hola equipo',
      read: false,
      archived: false,
      payload: { url: '/settings' },
    });
    expect((await call(other, 'GET', '/api/notifications')).json()).toEqual([]);
  });

  it('criteria combine with AND; portfolioIds means members (admins count); preview counts the same', async () => {
    const byRole = await call(admin, 'POST', '/api/notifications/broadcast/preview', {
      criteria: { roles: ['client'] },
    });
    const clients = byRole.json().count;
    expect(clients).toBeGreaterThanOrEqual(1);
    const p = await makePortfolio(ctx.app, [client]);
    const both = await call(admin, 'POST', '/api/notifications/broadcast/preview', {
      criteria: { roles: ['client', 'admin'], portfolioIds: [p._id] },
    });
    // The client with the grant, and every admin (members of all portfolios).
    const admins = (
      await call(admin, 'POST', '/api/notifications/broadcast/preview', { criteria: { roles: ['admin'] } })
    ).json().count;
    expect(both.json().count).toBe(1 + admins);
    const none = await call(admin, 'POST', '/api/notifications/broadcast/preview', {
      criteria: { roles: ['employee'], userIds: [client.id] },
    });
    expect(none.json().count).toBe(0);
  });

  it('a broadcast without a link reaches exactly whom its preview counts; one that reaches nobody writes nothing', async () => {
    const member = await makeUser(ctx.app, 'client');
    const gone = await makeUser(ctx.app, 'client');
    const p = await makePortfolio(ctx.app, [member, gone]);
    expect((await call(admin, 'DELETE', `/api/users/${gone.id}`)).statusCode).toBe(200);
    const criteria = { portfolioIds: [p._id] };
    const preview = (await call(admin, 'POST', '/api/notifications/broadcast/preview', { criteria })).json();
    const sent = await call(admin, 'POST', '/api/notifications/broadcast', {
      title: 'Miembros',
      content: 'Solo para el portafolio',
      criteria,
    });
    expect(sent.json()).toEqual({ success: true, count: preview.count });
    const [row] = await ctx.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.content, 'Solo para el portafolio'));
    const admins = (
      await call(admin, 'POST', '/api/notifications/broadcast/preview', { criteria: { roles: ['admin'] } })
    ).json().count;
    // The member and every admin; not the deleted member, nor anyone outside the portfolio.
    const recipients = await recipientsOf(row!.id);
    expect(recipients).toHaveLength(1 + admins);
    expect(recipients).toContain(member.id);
    expect(recipients).toContain(admin.id);
    expect(recipients).not.toContain(gone.id);
    expect(recipients).not.toContain(other.id);
    expect((await call(member, 'GET', '/api/notifications')).json()[0]).toMatchObject({
      _id: row!.id,
      title: 'Miembros',
      payload: {},
    });

    const before = await ctx.app.db.$count(notifications);
    const nobody = await call(admin, 'POST', '/api/notifications/broadcast', {
      title: 'Nadie',
      content: 'Sin destinatarios',
      criteria: { roles: ['employee'], userIds: [member.id] },
    });
    expect(nobody.json()).toEqual({ success: true, count: 0 });
    expect(await ctx.app.db.$count(notifications)).toBe(before);
  });

  it('unread-count counts unread, non-archived; read and archive change it', async () => {
    const u = await makeUser(ctx.app, 'employee');
    await send(u, 3);
    expect((await call(u, 'GET', '/api/notifications/unread-count')).json()).toEqual({
      count: 3,
      atLeast: false,
    });
    const [a, b] = (await call(u, 'GET', '/api/notifications')).json();
    const read = await call(u, 'PUT', `/api/notifications/${a._id}/read`);
    expect(read.json()).toMatchObject({ _id: a._id, read: true, archived: false });
    const archived = await call(u, 'PUT', `/api/notifications/${b._id}/archive`);
    expect(archived.json()).toMatchObject({ _id: b._id, read: true, archived: true });
    expect((await call(u, 'GET', '/api/notifications/unread-count')).json()).toEqual({
      count: 1,
      atLeast: false,
    });
    expect((await call(u, 'GET', '/api/notifications')).json()).toHaveLength(2);
    expect((await call(u, 'GET', '/api/notifications?includeArchived=true')).json()).toHaveLength(3);
  });

  it('mark-all-read touches only non-archived ones; archive-all archives and reads the rest', async () => {
    const u = await makeUser(ctx.app, 'client');
    await send(u, 3);
    const [first] = (await call(u, 'GET', '/api/notifications')).json();
    // Archive one directly while unread is impossible through the API (archive reads it), so: archive, then check.
    await call(u, 'PUT', `/api/notifications/${first._id}/archive`);
    expect((await call(u, 'POST', '/api/notifications/mark-all-read')).json()).toEqual({
      success: true,
      count: 2,
    });
    await send(u, 2);
    const res = await call(u, 'POST', '/api/notifications/archive-all');
    expect(res.json()).toEqual({ success: true, count: 4 });
    const all = (await call(u, 'GET', '/api/notifications?includeArchived=true')).json();
    expect(all).toHaveLength(5);
    expect(all.every((n: { archived: boolean; read: boolean }) => n.archived && n.read)).toBe(true);
    expect((await call(u, 'GET', '/api/notifications/unread-count')).json()).toEqual({
      count: 0,
      atLeast: false,
    });
  });

  it("another user's notification is 404, even for an admin", async () => {
    await send(employee, 1);
    const [n] = (await call(employee, 'GET', '/api/notifications')).json();
    expect((await call(other, 'PUT', `/api/notifications/${n._id}/read`)).statusCode).toBe(404);
    expect((await call(admin, 'PUT', `/api/notifications/${n._id}/archive`)).statusCode).toBe(404);
    expect((await call(employee, 'PUT', '/api/notifications/no-existe/read')).statusCode).toBe(404);
  });

  it('a broadcast is one notification with one id; each recipient reads and archives their own copy', async () => {
    const a = await makeUser(ctx.app, 'employee');
    const b = await makeUser(ctx.app, 'employee');
    const res = await call(admin, 'POST', '/api/notifications/broadcast', {
      title: 'Para dos',
      content: 'Una sola difusión',
      criteria: { userIds: [a.id, b.id] },
    });
    expect(res.json()).toEqual({ success: true, count: 2 });
    const [mineA] = (await call(a, 'GET', '/api/notifications')).json();
    const [mineB] = (await call(b, 'GET', '/api/notifications')).json();
    expect(mineA._id).toBe(mineB._id);
    // Reading and archiving one copy leaves the other untouched.
    expect((await call(a, 'PUT', `/api/notifications/${mineA._id}/archive`)).json()).toMatchObject({
      archived: true,
      read: true,
    });
    expect((await call(b, 'GET', '/api/notifications')).json()[0]).toMatchObject({
      _id: mineB._id,
      read: false,
      archived: false,
    });
    expect((await call(b, 'GET', '/api/notifications/unread-count')).json()).toEqual({
      count: 1,
      atLeast: false,
    });
    expect((await call(a, 'GET', '/api/notifications/unread-count')).json()).toEqual({
      count: 0,
      atLeast: false,
    });
    // The same id from a third user is still 404.
    expect((await call(other, 'PUT', `/api/notifications/${mineA._id}/read`)).statusCode).toBe(404);
  });

  it('reading twice, archiving then reading, and the bulk actions never undo a state', async () => {
    const u = await makeUser(ctx.app, 'employee');
    await send(u, 2);
    const [newer, older] = (await call(u, 'GET', '/api/notifications')).json();
    expect((await call(u, 'PUT', `/api/notifications/${older._id}/archive`)).statusCode).toBe(200);
    // Reading an archived one keeps it archived; reading again changes nothing.
    expect((await call(u, 'PUT', `/api/notifications/${older._id}/read`)).json()).toMatchObject({
      read: true,
      archived: true,
    });
    expect((await call(u, 'PUT', `/api/notifications/${newer._id}/read`)).json()).toMatchObject({
      read: true,
    });
    expect((await call(u, 'PUT', `/api/notifications/${newer._id}/read`)).json()).toMatchObject({
      read: true,
      archived: false,
    });
    // Nothing left to mark: both bulk actions count only what they change.
    expect((await call(u, 'POST', '/api/notifications/mark-all-read')).json()).toEqual({
      success: true,
      count: 0,
    });
    expect((await call(u, 'POST', '/api/notifications/archive-all')).json()).toEqual({
      success: true,
      count: 1,
    });
    expect((await call(u, 'POST', '/api/notifications/archive-all')).json()).toEqual({
      success: true,
      count: 0,
    });
    const all = (await call(u, 'GET', '/api/notifications?includeArchived=true')).json();
    expect(all.map((n: { read: boolean; archived: boolean }) => [n.read, n.archived])).toEqual([
      [true, true],
      [true, true],
    ]);
    expect((await call(u, 'GET', '/api/notifications')).json()).toEqual([]);
  });

  it('a deleted user leaves every notification; one sent only to them goes', async () => {
    const stays = await makeUser(ctx.app, 'employee');
    const leaves = await makeUser(ctx.app, 'employee');
    await call(admin, 'POST', '/api/notifications/broadcast', {
      title: 'Para dos',
      content: 'Compartida',
      criteria: { userIds: [stays.id, leaves.id] },
    });
    await send(leaves, 1);
    const [shared] = (await call(stays, 'GET', '/api/notifications')).json();
    const [own] = (await call(leaves, 'GET', '/api/notifications')).json();
    await call(leaves, 'PUT', `/api/notifications/${shared._id}/read`);
    expect((await call(admin, 'DELETE', `/api/users/${leaves.id}`)).statusCode).toBe(200);

    const rows = await ctx.app.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(inArray(notifications.id, [shared._id, own._id]));
    expect(rows).toEqual([{ id: shared._id }]);
    expect(await recipientsOf(shared._id)).toEqual([stays.id]);
    const receipts = await ctx.app.db
      .select()
      .from(notificationReceipts)
      .where(eq(notificationReceipts.userId, leaves.id));
    expect(receipts).toEqual([]);
    expect((await call(stays, 'GET', '/api/notifications')).json()[0]).toMatchObject({
      _id: shared._id,
      read: false,
    });
  });

  it('broadcast validates its body and answers errors with both message and error', async () => {
    const res = await call(admin, 'POST', '/api/notifications/broadcast', { content: 'sin título' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Falta el campo obligatorio 'title'");
    const forbidden = await call(employee, 'POST', '/api/notifications/broadcast', {
      title: 'x',
      content: 'y',
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBeTruthy();
  });

  it('push subscriptions: stored once per endpoint, checked, listed with the browser, removed', async () => {
    const endpoint =
      'https://updates.push.services.mozilla.com/wpush/v2/abcdefghijklmnopqrstuvwxyz0123456789';
    const body = { endpoint, keys: { auth: 'auth-secret', p256dh: 'p256dh-key' } };
    expect((await call(employee, 'POST', '/api/notifications/push-subscription', body)).statusCode).toBe(200);
    expect((await call(employee, 'POST', '/api/notifications/push-subscription', body)).statusCode).toBe(200);
    const list = (await call(employee, 'GET', '/api/notifications/push-subscriptions')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ endpoint, browser: 'Firefox' });
    expect(
      (await call(employee, 'POST', '/api/notifications/push-subscription/check', { endpoint })).json(),
    ).toEqual({ isRegistered: true });
    expect(
      (await call(other, 'POST', '/api/notifications/push-subscription/check', { endpoint })).json(),
    ).toEqual({ isRegistered: false });
    expect(
      (await call(other, 'DELETE', '/api/notifications/push-subscription', { endpoint })).statusCode,
    ).toBe(404);
    expect(
      (await call(employee, 'DELETE', '/api/notifications/push-subscription', { endpoint })).json(),
    ).toEqual({ success: true });
    expect((await call(employee, 'GET', '/api/notifications/push-subscriptions')).json()).toEqual([]);
  });

  it('refuses a subscription without keys or with a non-HTTPS endpoint', async () => {
    const noKeys = await call(employee, 'POST', '/api/notifications/push-subscription', {
      endpoint: 'https://x.test/1',
    });
    expect(noKeys.statusCode).toBe(400);
    expect(noKeys.json().message).toContain('keys');
    const http = await call(employee, 'POST', '/api/notifications/push-subscription', {
      endpoint: 'http://x.test/1',
      keys: { auth: 'a', p256dh: 'b' },
    });
    expect(http.statusCode).toBe(400);
    expect(http.json().message).toContain('endpoint');
  });

  it('serves the VAPID public key', async () => {
    const res = await call(client, 'GET', '/api/notifications/vapid-public-key');
    expect(res.json().publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
  });
});

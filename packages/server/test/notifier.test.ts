import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listNotifications } from '../src/services/notify/notifications.ts';
import { createNotifier, recipientCount } from '../src/services/notify/notifier.ts';
import { updatePreferences } from '../src/services/notify/preferences.ts';
import type { PushSender } from '../src/services/notify/push.ts';
import { createTestApp, makeUser, type TestContext } from './helpers.ts';

describe('notifier push fan-out', () => {
  let ctx: TestContext;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    ctx = await createTestApp();
  });
  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    await ctx.close();
  });
  afterEach(() => {
    expect(rejections).toEqual([]);
  });

  function notifierWith(sendToUsers: PushSender['sendToUsers']) {
    const errors: Array<{ err: unknown; msg: string }> = [];
    const calls: unknown[][] = [];
    const push: PushSender = {
      publicKey: 'x',
      sendToUsers: (...args) => {
        calls.push(args);
        return sendToUsers(...args);
      },
      close: async () => undefined,
    };
    const notifier = createNotifier({
      db: ctx.app.db,
      push,
      log: { error: (data: { err: unknown }, msg: string) => errors.push({ err: data.err, msg }) } as never,
    });
    return { notifier, errors, calls };
  }

  it('answers at once and logs a push sender that rejects', async () => {
    const user = await makeUser(ctx.app, 'employee');
    const { notifier, errors, calls } = notifierWith(() => Promise.reject(new Error('servicio caído')));
    const created = await notifier.notify({
      userIds: [user.id],
      title: 'Hola',
      content: 'x',
      urgency: 'high',
    });
    expect(recipientCount(created)).toBe(1);
    expect(created.sent[0]?.userIds).toEqual([user.id]);
    await vi.waitFor(() =>
      expect(calls).toEqual([
        [[expect.objectContaining({ userId: user.id, title: 'Hola', body: 'x' })], 'high'],
      ]),
    );
    expect(errors).toEqual([
      { err: expect.objectContaining({ message: 'servicio caído' }), msg: expect.any(String) },
    ]);
  });

  it('logs a push sender that throws before returning a promise, and the caller never sees it', async () => {
    const user = await makeUser(ctx.app, 'employee');
    const { notifier, errors } = notifierWith(() => {
      throw new Error('fallo síncrono');
    });
    await expect(notifier.notify({ userIds: [user.id], title: 'Hola', content: 'x' })).resolves.toBeDefined();
    await vi.waitFor(() => expect(errors.map((e) => (e.err as Error).message)).toEqual(['fallo síncrono']));
  });

  it("each recipient's preferences choose the channels: push off stays silent, app off writes no row for them", async () => {
    const [pushOff, appOff, both] = await Promise.all([
      makeUser(ctx.app, 'employee'),
      makeUser(ctx.app, 'employee'),
      makeUser(ctx.app, 'employee'),
    ]);
    await updatePreferences(ctx.app.db, pushOff.id, { reviews: { push: false } });
    await updatePreferences(ctx.app.db, appOff.id, { reviews: { app: false } });
    const { notifier, calls } = notifierWith(async () => undefined);
    const created = await notifier.notify({
      userIds: [pushOff.id, appOff.id, both.id],
      title: 'Producción',
      content: 'Preferencias respetadas',
      event: 'client-review-requested',
    });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const pushedTo = (calls[0]![0] as Array<{ userId: string }>).map((m) => m.userId).sort();
    expect(pushedTo).toEqual([appOff.id, both.id].sort());
    expect(created.sent[0]!.userIds.sort()).toEqual([pushOff.id, both.id].sort());
    const inboxOf = async (id: string) =>
      (await listNotifications(ctx.app.db, id, { view: 'all' })).filter(
        (n) => n.content === 'Preferencias respetadas',
      );
    expect(await inboxOf(appOff.id)).toEqual([]);
    expect(await inboxOf(pushOff.id)).toHaveLength(1);
    // Another group keeps its defaults: the same people all get it everywhere.
    const other = await notifier.notify({
      userIds: [pushOff.id, appOff.id],
      title: 'Tarea',
      content: 'Otro grupo',
      event: 'new-task',
    });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(other.sent[0]!.userIds.sort()).toEqual([pushOff.id, appOff.id].sort());
    expect(other.sent[0]!.push?.sort()).toEqual([pushOff.id, appOff.id].sort());
  });

  it('does not wait for a slow push service', async () => {
    const user = await makeUser(ctx.app, 'employee');
    let finish = () => {};
    const { notifier } = notifierWith(() => new Promise<void>((resolve) => (finish = resolve)));
    const started = Date.now();
    await notifier.notify({ userIds: [user.id], title: 'Hola', content: 'x' });
    expect(Date.now() - started).toBeLessThan(1000);
    finish();
  });

  it('a broadcast whose pushes all fail still answers 200 (the real sender reading a closed database)', async () => {
    const other = await createTestApp();
    const admin = await makeUser(other.app, 'admin');
    const user = await makeUser(other.app, 'employee');
    // The sender's database fails under it: reading subscriptions throws, which it must log, not raise.
    const original = other.app.db.select.bind(other.app.db);
    let failed = 0;
    other.app.db.select = ((...args: Parameters<typeof original>) => {
      const query = original(...args);
      const from = query.from.bind(query);
      query.from = ((table: Parameters<typeof from>[0]) => {
        if ((table as unknown) === undefined) return from(table);
        const name = (table as unknown as { [k: symbol]: string })[Symbol.for('drizzle:Name')];
        if (name === 'push_subscriptions') {
          failed += 1;
          throw new Error('la base de datos no responde');
        }
        return from(table);
      }) as typeof from;
      return query;
    }) as typeof other.app.db.select;
    const res = await other.app.inject({
      method: 'POST',
      url: '/api/notifications/broadcast',
      headers: admin.headers,
      payload: { title: 'Aviso', content: 'Sin push', criteria: { userIds: [user.id] } },
    });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() => expect(failed).toBe(1));
    other.app.db.select = original as typeof other.app.db.select;
    await other.close();
  });
});

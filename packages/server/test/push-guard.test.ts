import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../src/db/schema.ts';
import { MAX_PUSH_DEVICES_PER_USER } from '../src/routes/notifications/index.ts';
import { createPushSender, loadVapidKeys, PUSH_CONCURRENCY } from '../src/services/notify/push.ts';
import { createTestApp, makeUser, type TestContext, type TestUser } from './helpers.ts';
import { makePushClient, type PushPeer, startPushPeer } from './support/push-peer.ts';

/**
 * A push subscription cannot make the server reach its own network (SSRF), and a failing or slow push service
 * never hurts the server. The only peer is a local HTTPS push service on loopback.
 */
describe('push endpoints are public https only', () => {
  let ctx: TestContext;
  let peer: PushPeer;
  let user: TestUser;

  beforeAll(async () => {
    peer = await startPushPeer(() => ctx.app.push.publicKey);
    ctx = await createTestApp({}, { pushCa: peer.ca }); // PUSH_ALLOW_LOOPBACK off: the default
    user = await makeUser(ctx.app, 'employee');
  });
  afterAll(async () => {
    await ctx.close();
    await peer.close();
  });

  it('refuses loopback forms with 400 naming the endpoint, and sends nothing', async () => {
    const port = new URL(peer.origin).port;
    for (const host of [
      '127.0.0.1',
      '127.1',
      '2130706433',
      '0x7f.0.0.1',
      '0177.0.0.1',
      '0.0.0.0',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '[::7f00:1]',
      'localhost',
      'localhost.',
      'push.localhost',
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/notifications/push-subscription',
        headers: user.headers,
        payload: { endpoint: `https://${host}:${port}/push/x`, keys: { auth: 'YXV0aA', p256dh: 'cDI1NmRo' } },
      });
      expect(res.statusCode, host).toBe(400);
      expect(res.json().message).toContain("'endpoint'");
    }
    const plain = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/push-subscription',
      headers: user.headers,
      payload: { endpoint: `http://push.example.com/x`, keys: { auth: 'YXV0aA', p256dh: 'cDI1NmRo' } },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toContain("'endpoint'");
    const withCredentials = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/push-subscription',
      headers: user.headers,
      payload: {
        endpoint: `${peer.origin.replace('//', '//a:b@')}/push/x`,
        keys: { auth: 'YXV0aA', p256dh: 'cDI1NmRo' },
      },
    });
    expect(withCredentials.statusCode).toBe(400);
    expect(withCredentials.json().message).toContain('credenciales');
    // Nothing was stored and nothing was sent.
    const stored = await ctx.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(stored).toEqual([]);
    expect(peer.stats.received).toBe(0);
  });

  it('does not send to a loopback subscription stored before the guard existed', async () => {
    const client = makePushClient();
    peer.clients.set('/push/old', client);
    const sub = client.subscription(`${peer.origin}/push/old`);
    await ctx.app.db
      .insert(pushSubscriptions)
      .values({ userId: user.id, endpoint: sub.endpoint, auth: sub.keys.auth, p256dh: sub.keys.p256dh });
    await ctx.app.push.sendToUsers([{ userId: user.id, title: 'Hola', body: 'x' }]);
    expect(peer.stats.received).toBe(0);
  });
});

describe('push delivery is bounded and never crashes the server', () => {
  let ctx: TestContext;
  let peer: PushPeer;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    peer = await startPushPeer(() => ctx.app.push.publicKey);
    ctx = await createTestApp({ PUSH_ALLOW_LOOPBACK: 'true' }, { pushCa: peer.ca });
  });
  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    await ctx.close();
    await peer.close();
  });

  async function subscribed(paths: string[]) {
    const user = await makeUser(ctx.app, 'employee');
    for (const path of paths) {
      const client = makePushClient();
      peer.clients.set(path, client);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/notifications/push-subscription',
        headers: user.headers,
        payload: client.subscription(`${peer.origin}${path}`),
      });
      expect(res.statusCode).toBe(200);
    }
    return user;
  }

  it(`keeps at most ${PUSH_CONCURRENCY} requests open at once and still delivers every one`, async () => {
    const users = [];
    for (let u = 0; u < 3; u++)
      users.push(await subscribed(Array.from({ length: 10 }, (_, i) => `/push/many-${u}-${i}`)));
    peer.behaviour.delayMs = 50;
    const before = peer.deliveries.length;
    await ctx.app.push.sendToUsers(
      users.map((user) => ({ userId: user.id, title: 'Muchos', body: 'dispositivos' })),
    );
    peer.behaviour.delayMs = 0;
    expect(peer.deliveries.length - before).toBe(30);
    expect(peer.stats.maxOpen).toBeGreaterThan(1);
    expect(peer.stats.maxOpen).toBeLessThanOrEqual(PUSH_CONCURRENCY);
  });

  it('keeps the limit for the whole server when several fan-outs run at once', async () => {
    const users = [];
    for (let u = 0; u < 3; u++)
      users.push(await subscribed(Array.from({ length: 12 }, (_, i) => `/push/together-${u}-${i}`)));
    peer.stats.maxOpen = 0;
    peer.behaviour.delayMs = 40;
    const before = peer.deliveries.length;
    await Promise.all(
      users.map((user) => ctx.app.push.sendToUsers([{ userId: user.id, title: 'A la vez', body: 'x' }])),
    );
    peer.behaviour.delayMs = 0;
    expect(peer.deliveries.length - before).toBe(36);
    expect(peer.stats.maxOpen).toBeGreaterThan(1);
    expect(peer.stats.maxOpen).toBeLessThanOrEqual(PUSH_CONCURRENCY);
  });

  it('logs a failing push service (500, reset connection) and goes on, with no unhandled rejection', async () => {
    const user = await subscribed(['/push/error', '/push/reset', '/push/fine']);
    peer.behaviour.broken.set('/push/error', 'error');
    peer.behaviour.broken.set('/push/reset', 'reset');
    const before = peer.deliveries.length;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/broadcast',
      headers: (await makeUser(ctx.app, 'admin')).headers,
      payload: { title: 'Aviso', content: 'Con fallos', criteria: { userIds: [user.id] } },
    });
    expect(res.statusCode).toBe(200);
    await peer.waitFor(before + 1);
    // A failing database while reading subscriptions is logged too.
    const closed = await createTestApp({ PUSH_ALLOW_LOOPBACK: 'true' });
    await closed.database.close();
    await closed.app.push.sendToUsers([{ userId: user.id, title: 'x', body: 'y' }]);
    await closed.app.close();
    await new Promise((r) => setImmediate(r));
    expect(rejections).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  /** A sender like the app's, with a short time limit and a log that is kept. */
  async function senderWithLog(timeoutMs: number) {
    const logged: Array<{ level: string; msg: string; data: Record<string, unknown> }> = [];
    const record =
      (level: string) =>
      (data: Record<string, unknown>, msg: string): void => {
        logged.push({ level, msg, data });
      };
    const log = {
      warn: record('warn'),
      error: record('error'),
      info: record('info'),
      debug: record('debug'),
    } as unknown as FastifyBaseLogger;
    const sender = createPushSender({
      db: ctx.app.db,
      keys: await loadVapidKeys(ctx.app.db, ctx.app.env),
      subject: ctx.app.env.VAPID_SUBJECT,
      log,
      allowLoopback: true,
      offline: true,
      ca: peer.ca,
      timeoutMs,
    });
    return { sender, logged };
  }

  it('abandons a push service that answers forever (a deadline on the whole request), and logs it', async () => {
    const user = await subscribed(['/push/trickle', '/push/after-trickle']);
    peer.behaviour.broken.set('/push/trickle', 'trickle');
    const { sender, logged } = await senderWithLog(400);
    const before = peer.deliveries.length;
    const started = Date.now();
    await sender.sendToUsers([{ userId: user.id, title: 'Lento', body: 'x' }]);
    // The trickle never goes idle (a byte every 50 ms): only a deadline for the whole request ends it.
    expect(Date.now() - started).toBeLessThan(3000);
    expect(peer.deliveries.length - before).toBe(1);
    expect(logged).toContainEqual(expect.objectContaining({ level: 'warn', msg: 'fallo al enviar push' }));
    await sender.close();
  });

  it('follows no redirect: a 3xx is logged and no second request is made', async () => {
    const user = await subscribed(['/push/moved']);
    peer.behaviour.broken.set('/push/moved', 'redirect');
    const { sender, logged } = await senderWithLog(2000);
    const before = peer.stats.paths.length;
    await sender.sendToUsers([{ userId: user.id, title: 'Redirigido', body: 'x' }]);
    expect(peer.stats.paths.slice(before)).toEqual(['/push/moved']);
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'el servicio push redirige: no se sigue',
        data: expect.objectContaining({ status: 307 }),
      }),
    );
    await sender.close();
  });

  it('waits for the pushes under way when it closes, and sends nothing after', async () => {
    const user = await subscribed(['/push/closing']);
    const { sender, logged } = await senderWithLog(2000);
    peer.behaviour.delayMs = 200;
    const before = peer.deliveries.length;
    const received = peer.stats.received;
    const sending = sender.sendToUsers([{ userId: user.id, title: 'Cierre', body: 'x' }]);
    // Close once the push is under way: the peer has the request and holds its answer for 200 ms.
    await expect.poll(() => peer.stats.received).toBe(received + 1);
    await sender.close();
    peer.behaviour.delayMs = 0;
    expect(peer.deliveries.length - before).toBe(1);
    await sending;
    await sender.sendToUsers([{ userId: user.id, title: 'Tarde', body: 'x' }]);
    expect(peer.deliveries.length - before).toBe(1);
    expect(logged.map((l) => l.msg)).toContain('push no enviado: el servidor se está cerrando');
  });

  it(`keeps at most ${MAX_PUSH_DEVICES_PER_USER} devices per user, dropping the oldest`, async () => {
    const paths = Array.from({ length: MAX_PUSH_DEVICES_PER_USER + 3 }, (_, i) => `/push/device-${i}`);
    const user = await subscribed(paths);
    const rows = await ctx.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(rows).toHaveLength(MAX_PUSH_DEVICES_PER_USER);
    const kept = rows.map((r) => new URL(r.endpoint).pathname);
    expect(kept).toContain(paths.at(-1));
    expect(kept).not.toContain(paths[0]);
  });
});

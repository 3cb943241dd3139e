import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../src/db/schema.ts';
import { MAX_PUSH_PAYLOAD_BYTES, pushPayload } from '../src/services/notify/push.ts';
import { createTestApp, makeUser, type TestContext, type TestUser } from './helpers.ts';
import { makePushClient, type PushPeer, startPushPeer } from './support/push-peer.ts';

describe('Web Push to a real HTTPS push endpoint', () => {
  let ctx: TestContext;
  let peer: PushPeer;
  let admin: TestUser;
  let employee: TestUser;

  beforeAll(async () => {
    let publicKey = '';
    peer = await startPushPeer(() => publicKey);
    ctx = await createTestApp({ PUSH_ALLOW_LOOPBACK: 'true' }, { pushCa: peer.ca });
    publicKey = ctx.app.push.publicKey;
    admin = await makeUser(ctx.app, 'admin');
    employee = await makeUser(ctx.app, 'employee');
  });
  afterAll(async () => {
    await ctx.close();
    await peer.close();
  });

  async function subscribe(user: TestUser, path: string) {
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

  it('a broadcast answers at once and the push arrives signed (VAPID) and encrypted (aes128gcm)', async () => {
    await subscribe(employee, '/push/device-1');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/broadcast',
      headers: admin.headers,
      payload: {
        title: 'Revisión pendiente',
        content: 'Hay una pieza esperando',
        url: '/settings',
        criteria: { userIds: [employee.id] },
      },
    });
    expect(res.json()).toEqual({ success: true, count: 1 });
    const [delivery] = await peer.waitFor(1);
    expect(delivery!.vapidAudience).toBe(peer.origin);
    expect(delivery!.payload).toMatchObject({
      title: 'Revisión pendiente',
      body: 'Hay una pieza esperando',
      url: '/settings',
    });
    expect(Number(delivery!.headers.ttl)).toBe(86400);
    expect(delivery!.headers.urgency).toBe('normal');
  });

  it('removes a subscription the push service answers 410 Gone, and keeps the others', async () => {
    const u = await makeUser(ctx.app, 'client');
    await subscribe(u, '/push/expired');
    await subscribe(u, '/push/alive');
    peer.gone.add('/push/expired');
    const before = peer.deliveries.length;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/broadcast',
      headers: admin.headers,
      payload: { title: 'Hola', content: 'Mundo', criteria: { userIds: [u.id] } },
    });
    await peer.waitFor(before + 1);
    await expect
      .poll(async () =>
        (await ctx.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, u.id))).map(
          (s) => s.endpoint,
        ),
      )
      .toEqual([`${peer.origin}/push/alive`]);
  });

  it('keeps the payload within 3,993 bytes', () => {
    const json = pushPayload({ title: 'T', body: 'ñ'.repeat(5000), url: '/x' });
    expect(Buffer.byteLength(json)).toBeLessThanOrEqual(MAX_PUSH_PAYLOAD_BYTES);
    expect(JSON.parse(json).body.endsWith('…')).toBe(true);
  });
});

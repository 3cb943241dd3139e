import { beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({ checkPushSubscription: vi.fn() }));
vi.mock('@crw/api-client/sdk', () => sdk);
vi.mock('../../lib/api.ts', () => import('../../test/fake-api.ts'));

const push = await import('./push.ts');
const { logout } = await import('../auth/store.ts');

beforeEach(() => {
  logout();
  vi.resetAllMocks();
});

describe('push store', () => {
  it('without push support (jsdom has no PushManager) this device is not registered', async () => {
    push.pushStore.registered = true;
    await push.refreshPushState();
    expect(push.pushStore).toMatchObject({ supported: false, registered: false });
  });

  it("the server decides whether an endpoint is registered; a failed check is 'no'", async () => {
    sdk.checkPushSubscription.mockResolvedValueOnce({ isRegistered: true });
    expect(await push.checkRegistered('https://push.test/a')).toBe(true);
    sdk.checkPushSubscription.mockRejectedValueOnce(new Error('Sin conexión'));
    expect(await push.checkRegistered('https://push.test/a')).toBe(false);
  });

  it('a VAPID key in base64url becomes its bytes; a subscription without keys is broken', () => {
    expect([...push.urlBase64ToUint8Array('-_8')]).toEqual([0xfb, 0xff]);
    const sub = (keys?: object) => ({ toJSON: () => ({ keys }) }) as unknown as PushSubscription;
    expect(push.hasKeys(sub({ auth: 'a', p256dh: 'b' }))).toBe(true);
    expect(push.hasKeys(sub({ auth: 'a' }))).toBe(false);
    expect(push.technicalDetail(new TypeError('falló'))).toBe('TypeError: falló');
  });

  it('sign-out forgets whether this device was registered', () => {
    Object.assign(push.pushStore, { registered: true, endpoint: 'https://push.test/a' });
    logout();
    expect(push.pushStore).toMatchObject({ registered: false, endpoint: null });
  });
});

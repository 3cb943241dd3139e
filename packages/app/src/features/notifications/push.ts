import * as sdk from '@crw/api-client/sdk';
import { proxy } from 'valtio';
import { api } from '../../lib/api.ts';
import { onLogout } from '../auth/store.ts';
import { attention, toast } from '../system/store.ts';
import { notificationMessages as m } from './messages.ts';

/**
 * Web Push on this device (spec §4, §5, §8): registered or not. The server decides whether the current
 * subscription counts as registered; a failed check counts as not registered.
 */
interface PushState {
  supported: boolean;
  registered: boolean;
  busy: boolean;
  /** This device's endpoint, to mark it in the devices list. */
  endpoint: string | null;
  /**
   * Why the last attempt to turn push on (or off) failed, shown beside the switch until the next attempt:
   * plain Spanish with what to do, and the browser's or server's own words for «Detalles».
   */
  problem: PushProblem | null;
}

export interface PushProblem {
  /** Which way it failed: turning on or turning off. */
  action: 'enable' | 'disable';
  message: string;
  detail: string | null;
}

export const pushStore = proxy<PushState>({
  supported: false,
  registered: false,
  busy: false,
  endpoint: null,
  problem: null,
});
// Whether this device is registered is the signed-in user's; the next user's shell asks again.
onLogout(() => Object.assign(pushStore, { registered: false, busy: false, endpoint: null, problem: null }));

/** The browser's or the API's own words, for «Detalles» (never shown as the message). */
export function technicalDetail(error: unknown): string | null {
  if (error instanceof Error) {
    const name = error.name && error.name !== 'Error' ? `${error.name}: ` : '';
    return `${name}${error.message}`.trim() || null;
  }
  return error == null ? null : String(error);
}

/** A failed step of turning push on: which one, and what the browser or the server said. */
class PushStepError extends Error {
  constructor(
    readonly step: keyof typeof m.push.why,
    readonly reason: unknown,
  ) {
    super(step);
  }
}

const step = async <T>(name: keyof typeof m.push.why, run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    throw new PushStepError(name, error);
  }
};

/** Registers /sw.js (a no-op when it already is) and waits for its active worker; rejects when it cannot. */
async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  return navigator.serviceWorker.ready;
}

export const isPushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The server's VAPID key (base64url) as the bytes `pushManager.subscribe` wants. */
export function urlBase64ToUint8Array(base64: string): Uint8Array<ArrayBuffer> {
  const padded = (base64 + '='.repeat((4 - (base64.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** A subscription lacking its auth or p256dh key is broken. */
export function hasKeys(subscription: PushSubscription): boolean {
  const json = subscription.toJSON();
  return Boolean(json.keys?.auth && json.keys?.p256dh);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

/** On load: broken subscriptions are dropped locally; the server check decides registered or not. */
export async function refreshPushState(): Promise<void> {
  pushStore.supported = isPushSupported();
  if (!pushStore.supported) {
    pushStore.registered = false;
    return;
  }
  try {
    const subscription = await currentSubscription();
    if (!subscription) {
      pushStore.registered = false;
      pushStore.endpoint = null;
      return;
    }
    if (!hasKeys(subscription)) {
      await subscription.unsubscribe().catch(() => undefined);
      pushStore.registered = false;
      pushStore.endpoint = null;
      return;
    }
    pushStore.endpoint = subscription.endpoint;
    pushStore.registered = await checkRegistered(subscription.endpoint);
  } catch {
    pushStore.registered = false;
  }
}

export async function checkRegistered(endpoint: string): Promise<boolean> {
  try {
    const { isRegistered } = await api.call(
      sdk.checkPushSubscription({ client: api.client, body: { endpoint } }),
      'Error al comprobar la suscripción',
    );
    return isRegistered;
  } catch {
    return false;
  }
}

export async function saveSubscription(subscription: PushSubscriptionJSON) {
  await api.call(
    sdk.savePushSubscription({
      client: api.client,
      body: {
        endpoint: subscription.endpoint!,
        keys: { auth: subscription.keys!.auth!, p256dh: subscription.keys!.p256dh! },
        expirationTime: subscription.expirationTime ?? null,
      },
    }),
    m.push.enableFailed,
  );
}

/**
 * Turns push on, step by step; a failed step says why beside the switch (`pushStore.problem`) with what to do,
 * and the spec's short toast (§8). The browser's reasons (e.g. "Registration failed - push service error") are
 * English: they go behind «Detalles», never in the message.
 */
export async function enablePush(): Promise<boolean> {
  pushStore.problem = null;
  if (!isPushSupported()) {
    const insecure = typeof window !== 'undefined' && !window.isSecureContext;
    pushStore.problem = {
      action: 'enable',
      message: insecure ? m.push.why.insecure : m.push.why.unsupported,
      detail: insecure ? `isSecureContext = false (${window.location.origin})` : null,
    };
    toast.warning(m.push.unsupported);
    return false;
  }
  pushStore.busy = true;
  try {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      pushStore.problem = {
        action: 'enable',
        message: permission === 'denied' ? m.push.why.blocked : m.push.why.dismissed,
        detail: `Notification.permission = "${permission}"`,
      };
      toast.warning(m.push.denied);
      return false;
    }
    const registration = await step('worker', readyRegistration);
    const { publicKey } = await step('key', () =>
      api.call(sdk.getVapidPublicKey({ client: api.client }), m.push.enableFailed),
    );
    const subscription = await step('subscribe', () =>
      registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: urlBase64ToUint8Array(publicKey),
      }),
    );
    await step('save', () => saveSubscription(subscription.toJSON()));
    pushStore.registered = true;
    pushStore.endpoint = subscription.endpoint;
    toast.success(m.push.enabled);
    return true;
  } catch (error) {
    console.warn('No se pudo activar Web Push', error);
    const failed = error instanceof PushStepError ? error : new PushStepError('subscribe', error);
    pushStore.problem = {
      action: 'enable',
      message: m.push.why[failed.step],
      detail: technicalDetail(failed.reason),
    };
    toast.error(m.push.enableFailed);
    return false;
  } finally {
    pushStore.busy = false;
  }
}

export async function disablePush(): Promise<void> {
  pushStore.problem = null;
  pushStore.busy = true;
  try {
    let subscription: PushSubscription | null = null;
    try {
      subscription = await currentSubscription();
      if (subscription) await subscription.unsubscribe();
    } catch (error) {
      pushStore.problem = { action: 'disable', message: m.push.why.disable, detail: technicalDetail(error) };
      toast.error(m.push.browserDisableFailed);
      return;
    }
    pushStore.registered = false;
    pushStore.endpoint = null;
    if (!subscription) {
      toast.info(m.push.disabled);
      return;
    }
    try {
      await api.call(
        sdk.deletePushSubscription({ client: api.client, body: { endpoint: subscription.endpoint } }),
        m.push.unsubscribeFailed,
      );
      toast.info(m.push.disabled);
    } catch {
      attention.warning(m.push.serverUpdateFailed);
    }
  } catch {
    toast.error(m.push.unsubscribeFailed);
  } finally {
    pushStore.busy = false;
  }
}

export const togglePush = (on: boolean) => (on ? enablePush() : disablePush());

/** The worker re-subscribed after `pushsubscriptionchange`: save it with this tab's session. */
export function listenForWorkerMessages() {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: string; subscription?: PushSubscriptionJSON };
    if (data?.type === 'pushsubscriptionchange' && data.subscription?.endpoint) {
      void saveSubscription(data.subscription).then(refreshPushState, () => undefined);
    }
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}

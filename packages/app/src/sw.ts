/// <reference lib="webworker" />
/**
 * The service worker, built to /sw.js (scope /). Shows Web Push notifications, focuses or opens the
 * app on click, and re-subscribes when the browser rotates the subscription.
 */
const sw = self as unknown as ServiceWorkerGlobalScope;

interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  icon?: string;
  tag?: string;
}

sw.addEventListener('install', () => {
  void sw.skipWaiting();
});

// A page that loaded while this worker activated, after its clients.claim(), asks to be controlled too
// (lib/service-worker.ts).
sw.addEventListener('message', (event) => {
  if (event.data === 'claim') event.waitUntil(sw.clients.claim());
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(sw.clients.claim());
});

sw.addEventListener('push', (event) => {
  let data: PushPayload = {};
  try {
    data = event.data?.json() ?? {};
  } catch {
    data = { body: event.data?.text() };
  }
  const title = data.title || 'Notificación';
  event.waitUntil(
    sw.registration.showNotification(title, {
      body: data.body ?? '',
      icon: data.icon ?? '/favicon.svg',
      badge: '/favicon.svg',
      tag: data.tag,
      data: { url: data.url ?? '/' },
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string })?.url ?? '/', sw.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin === sw.location.origin) {
          await client.focus();
          if ('navigate' in client) await (client as WindowClient).navigate(url).catch(() => undefined);
          return;
        }
      }
      await sw.clients.openWindow(url);
    })(),
  );
});

sw.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as Event & {
    oldSubscription?: PushSubscription | null;
    newSubscription?: PushSubscription | null;
    waitUntil(p: Promise<unknown>): void;
  };
  change.waitUntil(
    (async () => {
      const options = change.oldSubscription?.options;
      const subscription =
        change.newSubscription ?? (options ? await sw.registration.pushManager.subscribe(options) : null);
      if (!subscription) return;
      // The worker has no token: it asks an open tab to save the new subscription with the user's session.
      const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        client.postMessage({
          type: 'pushsubscriptionchange',
          subscription: subscription.toJSON(),
          oldEndpoint: change.oldSubscription?.endpoint,
        });
      }
    })(),
  );
});

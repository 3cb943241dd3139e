/// <reference lib="webworker" />
/**
 * The service worker, built to /sw.js (scope /). Shows Web Push notifications, focuses or opens the
 * app on click, and re-subscribes when the browser rotates the subscription.
 */
declare const self: ServiceWorkerGlobalScope;

interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  icon?: string;
  tag?: string;
}

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let data: PushPayload = {};
  try {
    data = event.data?.json() ?? {};
  } catch {
    data = { body: event.data?.text() };
  }
  const title = data.title || 'Notificación';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body ?? '',
      icon: data.icon ?? '/favicon.svg',
      badge: '/favicon.svg',
      tag: data.tag,
      data: { url: data.url ?? '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string })?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin) {
          await client.focus();
          if ('navigate' in client) await (client as WindowClient).navigate(url).catch(() => undefined);
          return;
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});

self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as Event & {
    oldSubscription?: PushSubscription | null;
    newSubscription?: PushSubscription | null;
    waitUntil(p: Promise<unknown>): void;
  };
  change.waitUntil(
    (async () => {
      const options = change.oldSubscription?.options;
      const subscription =
        change.newSubscription ??
        (options ? await self.registration.pushManager.subscribe(options) : null);
      if (!subscription) return;
      // The worker has no token: it asks an open tab to save the new subscription with the user's session.
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
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

/// <reference lib="webworker" />
/**
 * The service worker, built to /sw.js (scope /). Shows Web Push notifications, focuses or opens the
 * app on click, re-subscribes when the browser rotates the subscription, and answers a page load the
 * network cannot serve with the app's own offline page (public/offline.html) instead of the browser's error.
 */
const sw = self as unknown as ServiceWorkerGlobalScope;

interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  icon?: string;
  tag?: string;
}

/** The offline page, kept from install (its cache holds that one file, replaced by each new worker). */
const OFFLINE_PAGE = '/offline.html';
const OFFLINE_CACHE = 'offline';

/** The Service Worker Static Routing API (Chromium 123+), not yet in TypeScript's lib. */
interface RouterRule {
  condition: { not: { requestMode: RequestMode } };
  source: 'network';
}
type RoutedInstall = ExtendableEvent & { addRoutes?: (rules: RouterRule[]) => Promise<void> };

sw.addEventListener('install', (event) => {
  void sw.skipWaiting();
  const install = event as RoutedInstall;
  event.waitUntil(
    Promise.all([
      caches
        .open(OFFLINE_CACHE)
        .then((cache) => cache.add(new Request(OFFLINE_PAGE, { cache: 'reload' })))
        .catch(() => undefined),
      // Only page loads come to this worker: every other request (the app's files, the API, the socket) goes
      // straight to the network, at no cost, as it did before the worker listened to fetches. Where the
      // browser has no static routes, the fetch listener lets those requests through untouched.
      install
        .addRoutes?.([{ condition: { not: { requestMode: 'navigate' } }, source: 'network' }])
        .catch(() => undefined),
    ]),
  );
});

sw.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(
    (async () => {
      try {
        // Navigation preload (turned on at activation): the browser asked the server while this worker woke.
        const preloaded = (await event.preloadResponse) as Response | undefined;
        return preloaded ?? (await fetch(event.request));
      } catch {
        // The server could not be reached: the app's own page says so and tries again by itself.
        return (await caches.match(OFFLINE_PAGE, { cacheName: OFFLINE_CACHE })) ?? Response.error();
      }
    })(),
  );
});

// A page that loaded while this worker activated, after its clients.claim(), asks to be controlled too
// (lib/service-worker.ts).
sw.addEventListener('message', (event) => {
  if (event.data === 'claim') event.waitUntil(sw.clients.claim());
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.all([sw.clients.claim(), sw.registration.navigationPreload?.enable().catch(() => undefined)]),
  );
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

/** The message that tells a waiting worker to take over (sw.ts answers it with skipWaiting()). */
export const SKIP_WAITING = 'skip-waiting';

/** How often a worker parked in «waiting» is told again to take over, while it waits. */
const NUDGE_MS = 1_000;

/** Registers /sw.js with scope / and no HTTP caching of the worker script (spec §7). */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  try {
    const registration = await navigator.serviceWorker.register('/sw.js', {
      scope: '/',
      updateViaCache: 'none',
    });
    activateWaiting(registration);
    return registration;
  } catch (error) {
    console.warn('No se pudo registrar el service worker', error);
    return undefined;
  }
}

/**
 * A new worker calls skipWaiting() when it installs, and should take over at once. Chromium drops that
 * activation when the outgoing worker is woken in the same instant (a push, a notification click, a message
 * to it): the new worker stays in «waiting», its skipWaiting() spent, and no update check finds anything new
 * to install, so every tab keeps the old worker until all of them close. While a worker waits, this page
 * tells it again, every second, until it is no longer waiting; a message to the *new* worker never wakes the
 * old one.
 */
function activateWaiting(registration: ServiceWorkerRegistration) {
  let timer: ReturnType<typeof setInterval> | undefined;
  const nudge = () => {
    const waiting = registration.waiting;
    if (!waiting) {
      clearInterval(timer);
      timer = undefined;
      return;
    }
    waiting.postMessage(SKIP_WAITING);
    timer ??= setInterval(nudge, NUDGE_MS);
  };
  const watch = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') nudge();
    });
  nudge();
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
}

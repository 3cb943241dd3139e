/** What a page asks of the active worker (sw.ts): to control this page. */
const CLAIM = 'claim';

/** Registers /sw.js with scope / and no HTTP caching of the worker script (spec §7). */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  try {
    const registration = await navigator.serviceWorker.register('/sw.js', {
      scope: '/',
      updateViaCache: 'none',
    });
    // A page that loaded while a new worker activated can be left with no worker at all: the worker's
    // clients.claim() ran before this page was a client, and the worker its navigation had picked is gone.
    if (!navigator.serviceWorker.controller) registration.active?.postMessage(CLAIM);
    return registration;
  } catch (error) {
    console.warn('No se pudo registrar el service worker', error);
    return undefined;
  }
}

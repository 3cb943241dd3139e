/** Registers /sw.js with scope / and no HTTP caching of the worker script (spec §7). */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  try {
    return await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  } catch (error) {
    console.warn('No se pudo registrar el service worker', error);
    return undefined;
  }
}

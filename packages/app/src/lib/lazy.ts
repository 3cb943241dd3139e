/**
 * Loads a route module. A failed chunk load (a deploy replaced the hashed files, the network dropped)
 * dispatches `vite:preloadError` first and is then rethrown, so the route's error screen shows (spec §8).
 */
export function lazyScreen<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      window.dispatchEvent(
        Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: error }),
      );
      throw error;
    }
  };
}

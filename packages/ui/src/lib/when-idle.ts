/**
 * Runs `run` when the page is idle (`requestIdleCallback`, at the latest after `timeout` ms when one is given), or
 * after `fallback` ms where the browser has no idle callbacks. Returns what cancels it. For work a screen will want
 * soon but must not pay inside an interaction: a chunk preloaded, a first page prefetched.
 */
export function whenIdle(
  run: () => void,
  { timeout, fallback = 200 }: { timeout?: number; fallback?: number } = {},
): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => run(), timeout === undefined ? undefined : { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, fallback);
  return () => clearTimeout(id);
}

import { type ComponentType, createElement, type ReactElement } from 'react';

/** Renders nothing: it throws the error it was given, for the route's error element to show. */
function Rethrow({ error }: { error: unknown }): ReactElement {
  throw error;
}

/**
 * Loads a route screen's module. A failed chunk load (a deploy replaced the hashed files, the network
 * dropped) dispatches `vite:preloadError` first and is then rethrown where the route's error element catches
 * it (spec §8): the screen resolves to an element that throws the load error when it renders.
 *
 * Why not reject the route's `lazy`: React Router keeps a route whose `lazy` rejected marked as still
 * loading, and renders nothing below the nearest hydrate fallback — the blank page of issue 13. Resolved,
 * the route renders, its element throws, and the nearest error element shows «Recargar» inside the shell.
 */
export function lazyScreen(
  load: () => Promise<{ default: ComponentType }>,
): () => Promise<{ Component: ComponentType } | { element: ReactElement }> {
  return async () => {
    try {
      return { Component: (await load()).default };
    } catch (error) {
      window.dispatchEvent(
        Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: error }),
      );
      return { element: createElement(Rethrow, { error }) };
    }
  };
}

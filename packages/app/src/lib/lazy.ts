import { type ComponentType, createElement, memo } from 'react';

/** A screen whose chunk failed to load, with the way to load it again (issue 31: back online, it recovers). */
export interface RetryableLoad {
  /** Loads the chunk again; resolves once the screen can render, rejects if it still cannot be fetched. */
  retryLoad: () => Promise<void>;
}

/** The retry a route error carries, when it is a screen's chunk that failed to load. */
export const retryOf = (error: unknown): RetryableLoad['retryLoad'] | null =>
  error && typeof error === 'object' && typeof (error as Partial<RetryableLoad>).retryLoad === 'function'
    ? (error as RetryableLoad).retryLoad
    : null;

/**
 * The chunk's own URL, as Chromium, Firefox and Safari name it in a failed dynamic import's message. A browser
 * may keep a failed module fetch in its module map for the document's life (whatwg/html#6768): a second try
 * then asks for that URL with a query of its own.
 */
const chunkUrl = (error: unknown) =>
  /(https?:\/\/\S+?\.m?js)\b/.exec(error instanceof Error ? error.message : String(error))?.[1] ?? null;

/**
 * Loads a route screen's module. A failed chunk load (a deploy replaced the hashed files, the network
 * dropped) dispatches `vite:preloadError` first and is then rethrown where the route's error element catches
 * it (spec §8): the screen resolves to a component that throws the load error when it renders. The error
 * carries `retryLoad` (see `retryOf`): the error element calls it when the connection returns, and once it
 * succeeds the same route renders the screen.
 *
 * Why not reject the route's `lazy`: React Router keeps a route whose `lazy` rejected marked as still
 * loading, and renders nothing below the nearest hydrate fallback — the blank page of issue 13. Resolved,
 * the route renders, its component throws, and the nearest error element shows «Recargar» inside the shell.
 * React Router calls `lazy` once per route, so the component it keeps is the one that later renders the
 * screen that loaded on a retry.
 */
export function lazyScreen(
  load: () => Promise<{ default: ComponentType }>,
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    try {
      // Memoised: a route's screen takes no props, so a navigation that does not concern it (the URL's `?item=`
      // opening a piece) does not draw it again; what it reads of the location it reads through its own hooks.
      // biome-ignore lint/correctness/noComponentHookFactories: made once per route (the router calls `lazy` once and keeps it).
      return { Component: memo((await load()).default) };
    } catch (error) {
      window.dispatchEvent(
        Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: error }),
      );
      let loaded: ComponentType | null = null;
      let attempt = 0;
      const retryLoad = async () => {
        if (loaded) return;
        try {
          loaded = (await load()).default;
        } catch (again) {
          const url = chunkUrl(again) ?? chunkUrl(error);
          if (!url) throw again;
          attempt += 1;
          const module = (await import(/* @vite-ignore */ `${url}?retry=${attempt}`)) as {
            default: ComponentType;
          };
          loaded = module.default;
        }
      };
      const failure: unknown =
        error && typeof error === 'object' ? Object.assign(error, { retryLoad }) : error;
      // biome-ignore lint/correctness/noComponentHookFactories: made once per route (the router calls `lazy` once and keeps it).
      function FailedScreen() {
        if (loaded) return createElement(loaded);
        throw failure;
      }
      return { Component: FailedScreen };
    }
  };
}

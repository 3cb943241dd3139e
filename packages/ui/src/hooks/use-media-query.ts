import { useSyncExternalStore } from 'react';

interface MediaStore {
  subscribe: (notify: () => void) => () => void;
  matches: () => boolean;
}

/**
 * One store per query for the page's life: its `MediaQueryList` made once, and a `subscribe` that stays the same
 * function. Made at each render, the list was parsed and evaluated again (`matchMedia`) and React, given a new
 * `subscribe`, unsubscribed and subscribed again after every render of every component that asks (a filter of the
 * plan drew six of them: ~3 ms at 4× CPU, issue 48).
 */
const stores = new Map<string, MediaStore>();
function storeOf(query: string): MediaStore {
  let store = stores.get(query);
  if (!store) {
    const list = window.matchMedia(query);
    store = {
      subscribe: (notify) => {
        list.addEventListener('change', notify);
        return () => list.removeEventListener('change', notify);
      },
      matches: () => list.matches,
    };
    stores.set(query, store);
  }
  return store;
}

const never = () => () => {};
const no = () => false;

/** Whether `query` (a CSS media query) matches now; the component draws again when that changes. */
export function useMediaQuery(query: string): boolean {
  const store = typeof window === 'undefined' ? null : storeOf(query);
  return useSyncExternalStore(store?.subscribe ?? never, store?.matches ?? no, no);
}

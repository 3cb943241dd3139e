import { useContext, useSyncExternalStore } from 'react';
import { UNSAFE_DataRouterContext } from 'react-router';

/**
 * The current path, read so that only a change of the path draws the caller again: `useLocation` draws its
 * reader at every change of the URL, its query too (`?item=` opening a piece redrew the whole shell, issue 48).
 * Subscribes to the data router itself (its context is the same object for the app's life).
 */
export function usePathname(): string {
  // Under the app's RouterProvider (a data router) always.
  const { router } = useContext(UNSAFE_DataRouterContext)!;
  return useSyncExternalStore(router.subscribe, () => router.state.location.pathname);
}

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

/**
 * The data router's own `navigate`, the same function for the app's life. `useNavigate` draws its reader again at
 * every change of the URL, its query too (it reads the route's context, which each navigation makes anew): the
 * shell and its bell were drawn again by every filter and every piece opened (issue 48). For absolute paths
 * (with their query), which is all the shell navigates to.
 */
export function useRouterNavigate(): (to: string, options?: { replace?: boolean }) => void {
  const { router } = useContext(UNSAFE_DataRouterContext)!;
  return router.navigate as (to: string, options?: { replace?: boolean }) => void;
}

import { useEffect, useSyncExternalStore } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { setScreenFailed } from '../features/shell/title.ts';
import { retryOf } from '../lib/lazy.ts';
import { msg } from '../messages.ts';

/**
 * A route that could not render: most often its chunk failed to load (a deploy replaced the hashed files, the
 * network dropped; `vite:preloadError` was dispatched first, spec §8). A Spanish message and «Recargar»,
 * never a blank page. A chunk that failed while offline is fetched again when the connection returns, and the
 * screen then shows by itself (issue 31).
 */
export function RouteError() {
  const error = useRouteError();
  if (error) console.error(error);
  useEffect(() => {
    setScreenFailed(true);
    return () => setScreenFailed(false);
  }, []);
  useRecoverWhenOnline(error);
  // Offline, a chunk that will be fetched again by itself: says so (Recargar would fail the same way now).
  const offline = useOffline() && retryOf(error) !== null;
  return (
    <div
      role="alert"
      data-testid="route-error"
      className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-xl font-semibold">{msg.errors.screenLoad}</h1>
      <p className="text-sm text-muted-foreground">
        {offline ? msg.errors.screenLoadOffline : msg.errors.screenLoadHint}
      </p>
      <button
        type="button"
        className="rounded-md bg-primary px-4 py-2 text-primary-foreground focus-visible:outline-2 focus-visible:outline-offset-2"
        onClick={() => window.location.reload()}
      >
        {msg.errors.reload}
      </button>
    </div>
  );
}

/**
 * Back online, loads the failed chunk again; once it arrives, navigates to the same place (replacing it), which
 * resets the router's error boundary, and the route renders the screen. A new failure waits for the next
 * `online`; a chunk that is gone (a deploy) keeps «Recargar».
 */
function useRecoverWhenOnline(error: unknown) {
  const retry = retryOf(error);
  const navigate = useNavigate();
  const { pathname, search, hash, state } = useLocation();
  useEffect(() => {
    if (!retry) return;
    let current = true;
    const attempt = () => {
      retry().then(
        () => {
          if (current) void navigate({ pathname, search, hash }, { replace: true, state });
        },
        () => undefined,
      );
    };
    window.addEventListener('online', attempt);
    return () => {
      current = false;
      window.removeEventListener('online', attempt);
    };
  }, [retry, navigate, pathname, search, hash, state]);
}

const subscribeOnline = (change: () => void) => {
  window.addEventListener('online', change);
  window.addEventListener('offline', change);
  return () => {
    window.removeEventListener('online', change);
    window.removeEventListener('offline', change);
  };
};

/** Whether the browser says it has no connection. */
const useOffline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => !navigator.onLine,
    () => false,
  );

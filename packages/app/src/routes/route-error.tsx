import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { setScreenFailed } from '../features/shell/title.ts';
import { msg } from '../messages.ts';

/**
 * A route that could not render: most often its chunk failed to load (a deploy replaced the hashed files, the
 * network dropped; `vite:preloadError` was dispatched first, spec §8). A Spanish message and «Recargar»,
 * never a blank page.
 */
export function RouteError() {
  const error = useRouteError();
  if (error) console.error(error);
  useEffect(() => {
    setScreenFailed(true);
    return () => setScreenFailed(false);
  }, []);
  return (
    <div
      role="alert"
      data-testid="route-error"
      className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-xl font-semibold">{msg.errors.screenLoad}</h1>
      <p className="text-sm text-muted-foreground">{msg.errors.screenLoadHint}</p>
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

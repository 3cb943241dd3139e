import { useRouteError } from 'react-router';
import { msg } from '../messages.ts';

export function RouteError() {
  const error = useRouteError();
  if (error) console.error(error);
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-xl font-semibold">{msg.errors.screenLoad}</h1>
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

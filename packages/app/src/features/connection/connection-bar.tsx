import { useSnapshot } from 'valtio';
import { connectionStore } from './connection.ts';
import { connectionMessages as m } from './messages.ts';

/**
 * The shell's bar while the server cannot be reached (issue 49, point 6). The live region is always there, so
 * a screen reader hears the text when it appears; «Conexión restablecida» is a toast (lib/connection.ts).
 */
export function ConnectionBar() {
  const { lost } = useSnapshot(connectionStore);
  return (
    <div role="status" aria-live="polite" className="sticky top-0 z-40">
      {lost ? (
        <p className="border-b border-warning bg-warning px-4 py-2 text-center text-sm font-medium text-warning-foreground">
          {m.lost}
        </p>
      ) : null}
    </div>
  );
}

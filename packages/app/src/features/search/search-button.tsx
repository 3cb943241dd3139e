import { Button } from '@crw/ui';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { searchMsg as m } from './messages.ts';

/** The dialog and everything it needs is a chunk of its own, loaded when the search first opens. */
const SearchDialog = lazy(() => import('./search-dialog.tsx'));

const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The top bar's search: a button, and ⌘K / Ctrl+K anywhere in the signed-in app, open the one search dialog
 * (lazy). Focus returns to the button when the dialog closes (Radix's dialog does it for its opener).
 */
export default function SearchButton({ compact }: { compact: boolean }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setLoaded(true);
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        size={compact ? 'icon' : 'default'}
        // On a phone, the icon alone: named «Buscar». Elsewhere its visible words name it (axe's label-content rule).
        aria-label={compact ? m.open : undefined}
        title={`${m.open} (${m.shortcut(mac)})`}
        aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}
        className={compact ? undefined : 'text-muted-foreground'}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {/* Lucide's «search», drawn here: its own import would be one more shared chunk for the start-up to name. */}
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d="m21 21-4.34-4.34" />
          <circle cx="11" cy="11" r="8" />
        </svg>
        {compact ? null : (
          <>
            {m.open}
            <kbd className="ml-2 rounded border border-border px-1.5 font-sans text-xs">
              {m.shortcut(mac)}
            </kbd>
          </>
        )}
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <SearchDialog
            open={open}
            onOpenChange={(next) => {
              setOpen(next);
              if (!next) requestAnimationFrame(() => button.current?.focus());
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

import { ChevronRightIcon } from 'lucide-react';
import type * as React from 'react';
import { useId, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';

const tones = {
  error: 'border-destructive/40 bg-destructive/10',
  warning: 'border-amber-500/40 bg-amber-500/10',
} as const;

/**
 * An error as a person reads it: the plain Spanish `message` (what failed and what to do) and, behind a
 * «Detalles» disclosure, the technical `detail` (a network error, an HTTP status and answer) for whoever fixes
 * it. Without a detail there is no disclosure. The caller chooses the live region (`role="alert"` for an error
 * that just happened, nothing for one listed with its task).
 */
export function ErrorDetails({
  title,
  message,
  detail,
  tone = 'error',
  defaultOpen = false,
  detailsLabel = uiMessages.errorDetails.show,
  className,
  children,
  ...props
}: Omit<React.ComponentProps<'div'>, 'title'> & {
  /** A short heading above the message («Error», «La prueba falló»). */
  title?: React.ReactNode;
  message: React.ReactNode;
  /** The technical detail, kept as it came (monospace, wrapped, selectable). */
  detail?: string | null;
  tone?: keyof typeof tones;
  defaultOpen?: boolean;
  detailsLabel?: string;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const detailId = useId();
  return (
    <div
      data-slot="error-details"
      className={cn(
        'min-w-0 space-y-1 rounded-md border p-3 text-sm text-foreground',
        tones[tone],
        className,
      )}
      {...props}
    >
      {title ? <p className="text-xs font-semibold">{title}</p> : null}
      <p data-slot="error-message" className="break-words whitespace-pre-wrap">
        {message}
      </p>
      {detail ? (
        <div>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={detailId}
            onClick={() => setOpen((o) => !o)}
            className="-mx-1 inline-flex min-h-8 items-center gap-1 rounded px-1 text-xs font-medium text-muted-foreground underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <ChevronRightIcon
              aria-hidden="true"
              className={cn(
                'size-3.5 transition-transform motion-reduce:transition-none',
                open && 'rotate-90',
              )}
            />
            {detailsLabel}
          </button>
          <pre
            id={detailId}
            hidden={!open}
            data-slot="error-detail"
            className="mt-1 max-h-48 overflow-auto rounded bg-background/70 p-2 font-mono text-xs break-words whitespace-pre-wrap text-muted-foreground"
          >
            {detail}
          </pre>
        </div>
      ) : null}
      {children}
    </div>
  );
}

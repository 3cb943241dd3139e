import { CheckCircle2Icon, LoaderCircleIcon, XCircleIcon } from 'lucide-react';
import { portfolioSettingsMsg as t } from '../messages.ts';
import type { Availability } from '../use-identifier-availability.ts';

/** How each answer that is a plain line looks: its colour and its icon. */
const lines = {
  checking: {
    className: 'text-muted-foreground',
    icon: <LoaderCircleIcon className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />,
  },
  available: {
    className: 'font-medium text-success',
    icon: <CheckCircle2Icon className="size-4" aria-hidden="true" />,
  },
  taken: {
    className: 'font-medium text-destructive',
    icon: <XCircleIcon className="size-4" aria-hidden="true" />,
  },
} as const;

/** The live line under the identifier: "Disponible" / "No disponible" while the user types. */
export function AvailabilityStatus({
  id,
  status,
  onRetry,
}: {
  id: string;
  status: Availability;
  onRetry: () => void;
}) {
  let body: React.ReactNode = null;
  switch (status) {
    case 'idle':
    case 'invalid':
      break;
    case 'checking':
    case 'available':
    case 'taken':
      body = (
        <span className={`inline-flex items-center gap-1.5 ${lines[status].className}`}>
          {lines[status].icon}
          {t.availability[status]}
        </span>
      );
      break;
    case 'error':
      body = (
        <span className="inline-flex flex-wrap items-center gap-1.5 text-destructive">
          {t.availability.error}
          <button
            type="button"
            onClick={onRetry}
            className="rounded-sm font-medium underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
          >
            {t.retry}
          </button>
        </span>
      );
      break;
    default:
      status satisfies never;
  }
  return (
    <p id={id} role="status" data-availability={status} className="min-h-5 text-sm">
      {body}
    </p>
  );
}

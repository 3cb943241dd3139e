import { CheckCircle2Icon, LoaderCircleIcon, XCircleIcon } from 'lucide-react';
import { portfolioSettingsMsg as t } from '../messages.ts';
import type { Availability } from '../use-identifier-availability.ts';

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
  const line = (className: string, icon: React.ReactNode, text: string) => (
    <span className={`inline-flex items-center gap-1.5 ${className}`}>
      {icon}
      {text}
    </span>
  );
  let body: React.ReactNode = null;
  switch (status) {
    case 'idle':
    case 'invalid':
      break;
    case 'checking':
      body = line(
        'text-muted-foreground',
        <LoaderCircleIcon className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />,
        t.availability.checking,
      );
      break;
    case 'available':
      body = line(
        'font-medium text-success',
        <CheckCircle2Icon className="size-4" aria-hidden="true" />,
        t.availability.available,
      );
      break;
    case 'taken':
      body = line(
        'font-medium text-destructive',
        <XCircleIcon className="size-4" aria-hidden="true" />,
        t.availability.taken,
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

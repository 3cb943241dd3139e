import { Card, cn } from '@crw/ui';
import { BriefcaseIcon } from 'lucide-react';

/**
 * A portfolio on the home screen: business name and its identifier (the human one chosen at creation, never
 * the internal id); the whole card is one button.
 */
export function PortfolioCard({
  businessName,
  identifier,
  onOpen,
  className,
}: {
  businessName: string;
  identifier: string;
  onOpen: () => void;
  className?: string;
}) {
  return (
    <Card asChild>
      <button
        type="button"
        data-slot="portfolio-card"
        onClick={onOpen}
        className={cn(
          'group flex w-full items-start gap-4 p-5 text-left transition hover:border-primary/60 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          className,
        )}
      >
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground"
          aria-hidden="true"
        >
          <BriefcaseIcon className="size-5" />
        </span>
        <span className="min-w-0">
          <span className="block truncate text-base font-semibold">{businessName}</span>
          <span className="mt-1 block truncate font-mono text-xs text-muted-foreground">
            ID: {identifier}
          </span>
        </span>
      </button>
    </Card>
  );
}

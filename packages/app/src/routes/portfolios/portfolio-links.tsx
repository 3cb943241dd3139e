import { Button } from '@crw/ui';
import { BotIcon, InboxIcon } from 'lucide-react';
import { Link } from 'react-router';
import { wayfindingMsg as t } from '../../features/shell/wayfinding-messages.ts';

/**
 * The way to the portfolio's review panel from a screen's header (issue 31: the queue was found only through
 * one list on the dashboard). `count` is what waits for the viewer there, when the screen already knows it
 * (a dashboard's answer); without it the link says nothing of a number.
 */
export function ReviewLink({
  portfolioId,
  count,
  className,
}: {
  portfolioId: string;
  count?: number | null;
  className?: string;
}) {
  const n = count ?? null;
  // The name is the visible text plus what only a screen reader needs («Revisión 1 pendiente»): no aria-label,
  // which would have to repeat the visible words exactly.
  return (
    <Button asChild variant="outline" size="sm" className={className}>
      <Link to={`/portfolios/${portfolioId}/review`} data-testid="review-link">
        <InboxIcon aria-hidden="true" />
        {t.review}
        {n !== null && n > 0 ? (
          <span
            data-testid="review-link-count"
            className="min-w-5 rounded-full bg-primary px-1.5 text-center text-xs leading-5 font-semibold text-primary-foreground tabular-nums"
          >
            {n > 99 ? '99+' : n}
          </span>
        ) : null}
        {n !== null ? <span className="sr-only">{t.pending(n)}</span> : null}
      </Link>
    </Button>
  );
}

/** The portfolio's agents screen (staff only: the route's roles; it had no link anywhere before issue 31). */
export function AgentsLink({ portfolioId }: { portfolioId: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={`/portfolios/${portfolioId}/agents`}>
        <BotIcon aria-hidden="true" />
        {t.agents}
      </Link>
    </Button>
  );
}

/** The client's view of the portfolio, for staff (who may open it, spec §2, but had no link to it). */
export function ClientViewLink({ portfolioId }: { portfolioId: string }) {
  return (
    <Button asChild variant="ghost" size="sm">
      <Link to={`/portfolios/${portfolioId}/client-dashboard`}>{t.clientView}</Link>
    </Button>
  );
}

/** A screen header's row of links to the portfolio's other screens. */
export function PortfolioLinks({ children }: { children: React.ReactNode }) {
  return (
    <nav aria-label={t.label} className="flex flex-wrap items-center gap-2">
      {children}
    </nav>
  );
}

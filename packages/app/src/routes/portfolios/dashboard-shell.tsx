import type { ReactNode } from 'react';
import { useCallback, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { DashboardError, DashboardLoading } from '../../features/dashboard/components/dashboard-parts.tsx';
import { type DashboardState, dashboardStore } from '../../features/dashboard/store.ts';
import { useLiveRefresh } from '../../features/dashboard/use-live-refresh.ts';
import { Screen } from '../screen.tsx';

/** A link inside a dashboard card. */
export const dashboardLinkClass =
  'rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** One item of a card's list: its title linking to it, and a quiet line below (when, since when). */
export function DashboardItem({ to, title, children }: { to: string; title: string; children: ReactNode }) {
  return (
    <li className="py-2">
      <Link to={to} className={dashboardLinkClass}>
        <span className="break-words">{title}</span>
      </Link>
      <p className="text-sm text-muted-foreground">{children}</p>
    </li>
  );
}

/**
 * What both dashboards share: load the portfolio's slot, refresh it live, and show loading (as many card
 * placeholders as the dashboard has), the error with «Reintentar», or the dashboard itself.
 */
export function DashboardShell<K extends keyof DashboardState>({
  kind,
  title,
  cards,
  load,
  children,
  actions,
}: {
  kind: K;
  title: string;
  cards: number;
  load: (portfolioId: string) => Promise<void>;
  children: (data: NonNullable<DashboardState[K]['data']>, portfolioId: string) => ReactNode;
  /** The header's links, drawn at once (the data is null until it arrives: a count waits for it). */
  actions?: (data: DashboardState[K]['data'] | null, portfolioId: string) => ReactNode;
}) {
  const { portfolioId = '' } = useParams();
  const snap = useSnapshot(dashboardStore)[kind];
  const reload = useCallback(() => void load(portfolioId), [load, portfolioId]);
  useEffect(reload, [reload]);
  useLiveRefresh(portfolioId, reload);

  const data = snap.portfolioId === portfolioId ? (snap.data as DashboardState[K]['data']) : null;
  let body: ReactNode;
  if (snap.error && !data) body = <DashboardError message={snap.error} onRetry={reload} />;
  else if (!data) body = <DashboardLoading cards={cards} />;
  else body = children(data as NonNullable<DashboardState[K]['data']>, portfolioId);
  return (
    <Screen title={title} actions={actions?.(data, portfolioId)}>
      {body}
    </Screen>
  );
}

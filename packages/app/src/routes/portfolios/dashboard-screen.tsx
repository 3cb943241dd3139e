import type { PortfolioDashboard } from '@crw/api-client';
import { Button, EmptyState, ProgressBar, StatCard } from '@crw/ui';
import { CalendarClockIcon } from 'lucide-react';
import { Link } from 'react-router';
import {
  CardEmpty,
  CountCard,
  CycleCard,
  DashboardCard,
  TimeAgo,
} from '../../features/dashboard/components/dashboard-parts.tsx';
import { dashboardMsg as t } from '../../features/dashboard/messages.ts';
import { loadPortfolioDashboard } from '../../features/dashboard/store.ts';
import { StatusBadge } from '../../features/production/status-badge.tsx';
import { formatDay } from '../../lib/dates.ts';
import { itemStatuses } from '../../lib/enums.ts';
import { msg } from '../../messages.ts';
import { DashboardItem, DashboardShell, dashboardLinkClass } from './dashboard-shell.tsx';
import { AgentsLink, ClientViewLink, PortfolioLinks, ReviewLink } from './portfolio-links.tsx';

type Queue = PortfolioDashboard['pendingInternalReview'];

/** /portfolios/{id}/dashboard: the staff's view of the current cycle and what needs attention. */
export default function DashboardScreen() {
  return (
    <DashboardShell
      kind="portfolio"
      title={msg.screens.dashboard}
      cards={6}
      load={loadPortfolioDashboard}
      actions={(data, portfolioId) => (
        <PortfolioLinks>
          {/* What waits for this viewer in the review panel: its two queues (internal review, client changes). */}
          <ReviewLink
            portfolioId={portfolioId}
            count={data ? data.pendingInternalReview.count + data.clientChanges.count : null}
          />
          <AgentsLink portfolioId={portfolioId} />
          <ClientViewLink portfolioId={portfolioId} />
        </PortfolioLinks>
      )}
    >
      {(data, portfolioId) => <Dashboard portfolioId={portfolioId} data={data} />}
    </DashboardShell>
  );
}

function Dashboard({ portfolioId, data }: { portfolioId: string; data: PortfolioDashboard }) {
  const base = `/portfolios/${portfolioId}`;
  const cycle = data.currentCycle;
  const quiet =
    !cycle &&
    data.activity.length === 0 &&
    data.pendingInternalReview.count === 0 &&
    data.clientChanges.count === 0;

  return (
    <div className="space-y-4">
      {cycle ? (
        <div className="grid gap-4 lg:grid-cols-3">
          <CycleCard cycle={cycle}>
            <div className="mt-3 space-y-2">
              <ProgressBar
                aria-label={t.cycle.progress}
                value={Math.round(cycle.progress * 100)}
                tone={cycle.total > 0 && cycle.approved === cycle.total ? 'success' : 'default'}
                showValue
              />
              <p className="text-sm text-muted-foreground">
                {t.cycle.approvedOf(cycle.approved, cycle.total)}
              </p>
            </div>
          </CycleCard>
          <DashboardCard
            id="dash-statuses"
            title={t.statuses.title}
            description={t.statuses.description}
            className="lg:col-span-2"
          >
            <ul className="grid gap-2 sm:grid-cols-2">
              {itemStatuses.map((status) => (
                <li key={status}>
                  <StatCard
                    asChild
                    layout="inline"
                    className="shadow-none"
                    label={<StatusBadge status={status} />}
                    value={data.counts[status]}
                    valueLabel={t.statuses.unit(data.counts[status])}
                  >
                    <Link to={`${base}/production?status=${status}`} data-status={status} />
                  </StatCard>
                </li>
              ))}
            </ul>
          </DashboardCard>
        </div>
      ) : (
        <EmptyState
          icon={<CalendarClockIcon />}
          title={t.noCycle.title}
          description={t.noCycle.description}
          action={
            <Button asChild>
              <Link to={`${base}/production`}>{t.noCycle.action}</Link>
            </Button>
          }
        />
      )}

      {quiet ? null : (
        <>
          <div className="grid gap-4 md:grid-cols-2">
            <QueueCard
              id="dash-internal"
              title={t.pendingInternal.title}
              empty={t.pendingInternal.empty}
              queue={data.pendingInternalReview}
              base={base}
            />
            <QueueCard
              id="dash-client-changes"
              title={t.clientChanges.title}
              empty={t.clientChanges.empty}
              queue={data.clientChanges}
              base={base}
            />
          </div>
          <div className="grid items-start gap-4 md:grid-cols-2">
            <DashboardCard id="dash-upcoming" title={t.upcoming.title}>
              {data.upcoming.length === 0 ? (
                <CardEmpty title={t.upcoming.empty} />
              ) : (
                <ul className="divide-y divide-border">
                  {data.upcoming.map((item) => (
                    <li key={item._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <div className="min-w-0">
                        <Link to={`${base}/production?item=${item._id}`} className={dashboardLinkClass}>
                          <span className="break-words">{item.title}</span>
                        </Link>
                        <p className="text-sm text-muted-foreground">{formatDay(item.publishDate)}</p>
                      </div>
                      <StatusBadge status={item.status} />
                    </li>
                  ))}
                </ul>
              )}
            </DashboardCard>
            <DashboardCard id="dash-activity" title={t.activity.title}>
              {data.activity.length === 0 ? (
                <CardEmpty title={t.activity.empty} />
              ) : (
                <ol className="divide-y divide-border">
                  {data.activity.map((entry) => (
                    <li key={`${entry.kind}-${entry._id}`} className="py-2 text-sm">
                      <p>
                        <span className="font-medium">{entry.actor.name}</span>{' '}
                        {entry.kind === 'comment'
                          ? t.activity.comment
                          : (t.activity.actions[entry.action] ?? t.activity.fallback)}{' '}
                        ·{' '}
                        <Link to={`${base}/production?item=${entry.item._id}`} className={dashboardLinkClass}>
                          {entry.item.title}
                        </Link>
                      </p>
                      {entry.excerpt ? (
                        <p className="mt-0.5 line-clamp-2 break-words text-muted-foreground">
                          {entry.excerpt}
                        </p>
                      ) : null}
                      <p className="text-xs text-muted-foreground">
                        <TimeAgo at={entry.createdAt} />
                      </p>
                    </li>
                  ))}
                </ol>
              )}
            </DashboardCard>
          </div>
        </>
      )}
    </div>
  );
}

function QueueCard({
  id,
  title,
  empty,
  queue,
  base,
}: {
  id: string;
  title: string;
  empty: string;
  queue: Queue;
  base: string;
}) {
  return (
    <CountCard id={id} title={title} count={queue.count} listed={queue.items.length}>
      {queue.items.length === 0 ? (
        <CardEmpty title={empty} />
      ) : (
        <ul className="divide-y divide-border">
          {queue.items.map((item) => (
            <DashboardItem key={item._id} to={`${base}/review?item=${item._id}`} title={item.title}>
              <TimeAgo at={item.since} label={t.since} />
            </DashboardItem>
          ))}
        </ul>
      )}
    </CountCard>
  );
}

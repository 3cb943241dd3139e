import type { ClientDashboard } from '@crw/api-client';
import { Button } from '@crw/ui';
import { Link } from 'react-router';
import {
  CardEmpty,
  CountCard,
  CycleCard,
  DashboardCard,
  TimeAgo,
} from '../../features/dashboard/components/dashboard-parts.tsx';
import { dashboardMsg as t } from '../../features/dashboard/messages.ts';
import { loadClientDashboard } from '../../features/dashboard/store.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { msg } from '../../messages.ts';
import { DashboardItem, DashboardShell, dashboardLinkClass } from './dashboard-shell.tsx';
import { PortfolioLinks, ReviewLink } from './portfolio-links.tsx';

/** /portfolios/{id}/client-dashboard ("Mi Dashboard"): what awaits my review, what was approved, comments. */
export default function ClientDashboardScreen() {
  return (
    <DashboardShell
      kind="client"
      title={msg.screens.clientDashboard}
      cards={4}
      load={loadClientDashboard}
      actions={(data, portfolioId) => (
        <PortfolioLinks>
          <ReviewLink portfolioId={portfolioId} count={data ? data.awaitingReview.count : null} />
        </PortfolioLinks>
      )}
    >
      {(data, portfolioId) => <Dashboard portfolioId={portfolioId} data={data} />}
    </DashboardShell>
  );
}

function Dashboard({ portfolioId, data }: { portfolioId: string; data: ClientDashboard }) {
  const base = `/portfolios/${portfolioId}`;
  const cycle = data.currentCycle;
  const { awaitingReview: awaiting, approvedThisCycle: approved } = data;

  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <CountCard
        id="dash-awaiting"
        title={t.client.awaiting.title}
        className="lg:col-span-2"
        count={awaiting.count}
        listed={awaiting.items.length}
      >
        {awaiting.items.length === 0 ? (
          <CardEmpty title={t.client.awaiting.empty} description={t.client.awaiting.emptyDescription} />
        ) : (
          <ul className="divide-y divide-border">
            {awaiting.items.map((item) => (
              <li key={item._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium">{item.title}</p>
                  <p className="text-sm text-muted-foreground">
                    <TimeAgo at={item.since} label={t.since} />
                  </p>
                </div>
                <Button asChild size="sm">
                  <Link
                    to={`${base}/review?item=${item._id}`}
                    aria-label={t.client.awaiting.reviewItem(item.title)}
                  >
                    {t.client.awaiting.review}
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CountCard>

      <CycleCard cycle={cycle} emptyDescription={t.client.noCycleDescription} />

      <CountCard id="dash-approved" title={t.client.approved.title} count={approved.count}>
        {approved.items.length === 0 ? (
          <CardEmpty title={t.client.approved.empty} description={t.client.approved.emptyDescription} />
        ) : (
          <ul className="divide-y divide-border">
            {approved.items.map((item) => (
              <DashboardItem key={item._id} to={`${base}/review?item=${item._id}`} title={item.title}>
                <time dateTime={item.since}>{formatDateTime(item.since)}</time>
              </DashboardItem>
            ))}
          </ul>
        )}
      </CountCard>

      <DashboardCard id="dash-comments" title={t.client.comments.title} className="lg:col-span-2">
        {data.recentComments.length === 0 ? (
          <CardEmpty title={t.client.comments.empty} description={t.client.comments.emptyDescription} />
        ) : (
          <ol className="divide-y divide-border">
            {data.recentComments.map((comment) => (
              <li key={comment._id} className="py-2 text-sm">
                <p>
                  <span className="font-medium">{comment.author.name}</span>{' '}
                  <Link to={`${base}/review?item=${comment.item._id}`} className={dashboardLinkClass}>
                    {t.client.comments.on(comment.item.title)}
                  </Link>
                </p>
                <p className="mt-0.5 line-clamp-3 break-words">{comment.excerpt}</p>
                <p className="text-xs text-muted-foreground">
                  <TimeAgo at={comment.createdAt} />
                </p>
              </li>
            ))}
          </ol>
        )}
      </DashboardCard>
    </div>
  );
}

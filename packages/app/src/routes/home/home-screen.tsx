import { Button, EmptyState, Skeleton } from '@crw/ui';
import { useEffect } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { authStore } from '../../features/auth/store.ts';
import { PortfolioCard } from '../../features/portfolios/portfolio-card.tsx';
import { activatePortfolio, loadPortfolios, portfoliosStore } from '../../features/portfolios/store.ts';
import { wayfindingMsg as t } from '../../features/shell/wayfinding-messages.ts';
import { toast } from '../../features/system/store.ts';
import { isAllowed, portfolioHome, ROLES } from '../../lib/access.ts';
import { msg } from '../../messages.ts';

export default function HomeScreen() {
  const { user } = useSnapshot(authStore);
  const { portfolios, loaded, loading, error } = useSnapshot(portfoliosStore);
  const navigate = useNavigate();

  useEffect(() => {
    // A failure shows inline below, with «Reintentar»: not a toast as well.
    loadPortfolios().catch(() => undefined);
  }, []);

  if (user?.role === 'client' && loaded && portfolios.length > 0) {
    return <Navigate to={portfolioHome(portfolios[0]!._id, user.role)} replace />;
  }

  async function open(id: string) {
    try {
      await activatePortfolio(id);
      navigate(portfolioHome(id, user?.role));
    } catch {
      toast.error(msg.portfolios.loadOneError);
    }
  }

  return (
    <section aria-labelledby="home-title" className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h1 id="home-title" className="text-2xl font-semibold tracking-tight">
          {msg.home.title}
        </h1>
        {user && isAllowed(user.role, ROLES.staff) ? (
          // The staff's tool screens (spec §2), which no sidebar item names: found from here (issue 31). Beside the
          // title, not below the list: a list still loading (or one that grew meanwhile) moved them under the
          // pointer between pressing and releasing, and the click was lost.
          <nav aria-label={t.tools} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <Link to="/design" className={toolLink}>
              {msg.screens.design}
            </Link>
            <Link to="/test/editor" className={toolLink}>
              {msg.screens.editor}
            </Link>
          </nav>
        ) : null}
      </div>
      {!loaded && loading ? (
        <ul aria-busy="true" aria-label={msg.loading} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <li key={i}>
              <Skeleton className="h-24 rounded-xl" />
            </li>
          ))}
        </ul>
      ) : error && !loaded ? (
        <div role="alert">
          <EmptyState
            title={error}
            action={
              <Button variant="outline" onClick={() => loadPortfolios().catch(() => undefined)}>
                {msg.home.retry}
              </Button>
            }
          />
        </div>
      ) : portfolios.length === 0 ? (
        <EmptyState
          title={msg.home.empty}
          action={
            user?.role !== 'client' ? (
              <Button asChild>
                <Link to="/portfolios/create">{msg.home.createLink}</Link>
              </Button>
            ) : undefined
          }
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {portfolios.map((p) => (
            <li key={p._id} className="min-w-0">
              <PortfolioCard
                businessName={p.accountData.businessName}
                identifier={p.identifier}
                onOpen={() => void open(p._id)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const toolLink =
  // 24 px tall to tap (WCAG 2.2, 2.5.8), 20 px in the layout.
  '-my-0.5 rounded-sm py-0.5 font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

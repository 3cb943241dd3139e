import { useEffect } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { authStore } from '../../features/auth/store.ts';
import { PortfolioCard } from '../../features/portfolios/portfolio-card.tsx';
import { activatePortfolio, loadPortfolios, portfoliosStore } from '../../features/portfolios/store.ts';
import { toast } from '../../features/system/store.ts';
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
    return <Navigate to={`/portfolios/${portfolios[0]!._id}/client-dashboard`} replace />;
  }

  async function open(id: string) {
    try {
      await activatePortfolio(id);
      navigate(`/portfolios/${id}/${user?.role === 'client' ? 'client-dashboard' : 'dashboard'}`);
    } catch {
      toast.error(msg.portfolios.loadOneError);
    }
  }

  return (
    <section aria-labelledby="home-title" className="space-y-6">
      <h1 id="home-title" className="text-2xl font-semibold tracking-tight">
        {msg.home.title}
      </h1>
      {!loaded && loading ? (
        <ul aria-busy="true" aria-label={msg.loading} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-24 animate-pulse rounded-xl bg-muted" />
          ))}
        </ul>
      ) : error && !loaded ? (
        <div role="alert" className="space-y-3 rounded-xl border border-destructive/40 p-6">
          <p className="text-destructive">{error}</p>
          <button
            type="button"
            onClick={() => loadPortfolios().catch(() => undefined)}
            className="rounded-md border border-border px-3 py-1.5 text-sm hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {msg.home.retry}
          </button>
        </div>
      ) : portfolios.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-border p-8">
          <p className="text-lg font-medium">{msg.home.empty}</p>
          {user?.role !== 'client' ? (
            <Link to="/portfolios/create" className="text-primary underline-offset-4 hover:underline">
              {msg.home.createLink}
            </Link>
          ) : null}
        </div>
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

import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { activatePortfolio, loadPortfolios, portfoliosStore } from '../../features/portfolios/store.ts';
import { toast } from '../../features/system/store.ts';
import { msg } from '../../messages.ts';

/**
 * Every /portfolios/{id}/… route: the id must be one of the user's portfolios ('Portafolio no
 * encontrado'); it becomes the active portfolio. On failure: 'Error al cargar el portafolio' and home.
 */
export default function PortfolioScope() {
  const { portfolioId = '' } = useParams();
  const { active } = useSnapshot(portfoliosStore);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setFailed(false);
    (async () => {
      try {
        const list = portfoliosStore.loaded ? portfoliosStore.portfolios : await loadPortfolios();
        if (!list.some((p) => p._id === portfolioId)) throw new Error(msg.portfolios.notFound);
        if (portfoliosStore.active?._id !== portfolioId) await activatePortfolio(portfolioId);
      } catch (error) {
        if (cancelled) return;
        const notFound = error instanceof Error && error.message === msg.portfolios.notFound;
        toast.error(notFound ? msg.portfolios.notFound : msg.portfolios.loadOneError);
        setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [portfolioId]);

  if (failed) return <GoHome />;
  if (active?._id !== portfolioId) {
    return (
      <div aria-busy="true" className="space-y-4">
        <div className="h-8 w-1/3 animate-pulse rounded bg-muted" />
        <div className="h-40 animate-pulse rounded-xl bg-muted" />
      </div>
    );
  }
  return <Outlet />;
}

/** Back home after a failure (nothing when already there): the only part of the scope that reads the location. */
function GoHome() {
  const { pathname } = useLocation();
  return pathname === '/' ? null : <Navigate to="/" replace />;
}

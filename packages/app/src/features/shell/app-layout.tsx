import type { Role } from '@crw/api-client';
import {
  Breadcrumb,
  MOBILE_BREAKPOINT_PX,
  Sidebar,
  type SidebarItem,
  useMediaQuery,
  whenIdle,
} from '@crw/ui';
import {
  BellRingIcon,
  CirclePlusIcon,
  LayoutDashboardIcon,
  ListChecksIcon,
  LogOutIcon,
  SettingsIcon,
  SlidersHorizontalIcon,
  UsersIcon,
  WrenchIcon,
} from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Outlet } from 'react-router';
import { useSnapshot } from 'valtio';
import { portfolioHome } from '../../lib/access.ts';
import { usePathname, useRouterNavigate } from '../../lib/pathname.ts';
import { msg } from '../../messages.ts';
import { authStore, logout } from '../auth/store.ts';
import { ConnectionBar } from '../connection/connection-bar.tsx';
import { listenForWorkerMessages, refreshPushState } from '../notifications/push.ts';
import { connectRealtime } from '../notifications/realtime.ts';
import { prefetchNotifications, refreshUnreadCount } from '../notifications/store.ts';
import { activatePortfolio, loadPortfolios, portfoliosStore } from '../portfolios/store.ts';
import SearchButton from '../search/search-button.tsx';
import { attention, toast } from '../system/store.ts';
import { breadcrumbsFor, canManagePortfolios, type NavKey, navEntries } from './nav.ts';
import { ShellBell } from './shell-bell.tsx';

const icons: Record<NavKey, ReactNode> = {
  dashboard: <LayoutDashboardIcon />,
  production: <ListChecksIcon />,
  users: <UsersIcon />,
  tools: <WrenchIcon />,
  notify: <BellRingIcon />,
  settings: <SettingsIcon />,
};

const SIDEBAR_KEY = 'sidebarExpanded';

/** The signed-in shell: sidebar, breadcrumb, notification centre, and the current screen. */
export default function AppLayout() {
  const { user, token } = useSnapshot(authStore);
  const { portfolios, active } = useSnapshot(portfoliosStore);
  const navigate = useRouterNavigate();
  const pathname = usePathname();
  const role = user!.role as Role;
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);

  // A background load: its failure needs attention later (the pill), except at home, whose screen says it
  // inline with «Reintentar» (one channel per event, docs/decisions.md).
  useEffect(() => {
    if (!portfoliosStore.loaded)
      loadPortfolios().catch(() => {
        if (window.location.pathname !== '/') attention.error(msg.home.loadError);
      });
  }, []);

  useEffect(() => {
    if (!token) return;
    void refreshUnreadCount();
    void refreshPushState();
    // The bell's first page, when the page is idle: the panel opens with its list drawn.
    const cancelPrefetch = whenIdle(() => void prefetchNotifications(), { fallback: 1000 });
    const stopWorker = listenForWorkerMessages();
    const disconnect = connectRealtime(token, (to) => navigate(to, { replace: true }));
    return () => {
      cancelPrefetch();
      stopWorker();
      disconnect();
    };
  }, [token, navigate]);

  const onLogout = () => {
    logout();
    navigate('/auth', { replace: true });
  };

  async function changePortfolio(id: string) {
    if (!id || id === portfoliosStore.active?._id) return;
    try {
      await activatePortfolio(id);
      navigate(portfolioHome(id, role));
    } catch {
      // The selector is controlled by the active portfolio, so it reverts by itself.
      toast.error(msg.portfolios.switchError);
    }
  }

  const items: SidebarItem[] = navEntries(role, active?._id ?? null).map((entry) => ({
    key: entry.key,
    label: entry.label,
    icon: icons[entry.key],
    href: entry.to ?? undefined,
    active: entry.to ? pathname.startsWith(entry.to) : false,
    onSelect: entry.to ? undefined : () => toast.warning(msg.portfolios.selectFirst),
  }));

  const portfolioItems: SidebarItem[] = canManagePortfolios(role)
    ? [
        ...(active
          ? [
              {
                key: 'portfolio-settings',
                label: msg.nav.portfolioSettings,
                icon: <SlidersHorizontalIcon />,
                href: `/portfolios/${active._id}/settings`,
                active: pathname.startsWith(`/portfolios/${active._id}/settings`),
              },
            ]
          : []),
        {
          key: 'create',
          label: msg.nav.createNew,
          icon: <CirclePlusIcon />,
          href: '/portfolios/create',
          active: pathname === '/portfolios/create',
        },
      ]
    : [];

  const bell = <ShellBell />;

  const crumbs = breadcrumbsFor(
    pathname,
    active ? { _id: active._id, businessName: active.accountData.businessName } : null,
    role,
  );

  return (
    <div className="min-h-dvh bg-background md:flex">
      <a
        href="#contenido"
        className="sr-only z-[60] rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Saltar al contenido
      </a>
      <Sidebar
        brand={msg.productName}
        items={items}
        portfolioItems={portfolioItems}
        footerItems={[{ key: 'logout', label: msg.nav.logout, icon: <LogOutIcon />, onSelect: onLogout }]}
        portfolios={portfolios.map((p) => ({ id: p._id, name: p.accountData.businessName }))}
        activePortfolioId={active?._id ?? null}
        onPortfolioChange={(id) => void changePortfolio(id)}
        onNavigate={(href) => navigate(href)}
        topBarEnd={mobile ? bell : undefined}
        mobile={mobile}
        storageKey={SIDEBAR_KEY}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <ConnectionBar />
        {/* Below the system pill while it shows (its room is published by the pill): it never covers the breadcrumb. */}
        <header className="mt-[var(--system-pill-space,0px)] flex h-14 items-center gap-3 border-b border-border px-4 md:px-6">
          <Breadcrumb items={crumbs} onNavigate={(href) => navigate(href)} className="min-w-0 flex-1" />
          <SearchButton compact={mobile} />
          {mobile ? null : bell}
        </header>
        <main id="contenido" tabIndex={-1} className="flex-1 p-4 outline-none md:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

import type { Role } from '@crw/api-client';
import { portfolioHome } from '../../lib/access.ts';
import { msg } from '../../messages.ts';

export type NavKey = 'dashboard' | 'production' | 'users' | 'tools' | 'notify' | 'settings';

export interface NavEntry {
  key: NavKey;
  label: string;
  /** Where it goes; null when it needs an active portfolio that is missing. */
  to: string | null;
  /** Needs an active portfolio ('Selecciona un portafolio primero' otherwise). */
  needsPortfolio: boolean;
}

/** The sidebar's main items for a role (spec §2). */
export function navEntries(role: Role, activePortfolioId: string | null): NavEntry[] {
  const inPortfolio = (path: string) =>
    activePortfolioId ? `/portfolios/${activePortfolioId}/${path}` : null;
  const entries: NavEntry[] = [
    {
      key: 'dashboard',
      label: role === 'client' ? msg.nav.clientDashboard : msg.nav.dashboard,
      to: activePortfolioId ? portfolioHome(activePortfolioId, role) : null,
      needsPortfolio: true,
    },
  ];
  if (role !== 'client') {
    entries.push({
      key: 'production',
      label: msg.nav.production,
      to: inPortfolio('production'),
      needsPortfolio: true,
    });
  }
  if (role === 'admin') {
    entries.push({ key: 'users', label: msg.nav.users, to: '/admin/users', needsPortfolio: false });
    entries.push({ key: 'tools', label: msg.nav.tools, to: '/admin/tools', needsPortfolio: false });
    entries.push({ key: 'notify', label: msg.nav.notify, to: '/admin/notify', needsPortfolio: false });
  }
  entries.push({ key: 'settings', label: msg.nav.settings, to: '/settings', needsPortfolio: false });
  return entries;
}

/** Staff see the portfolio settings button and 'Crear Nuevo'; clients do not (spec §2, §6). */
export const canManagePortfolios = (role: Role) => role !== 'client';

export interface Crumb {
  label: string;
  href?: string;
}

/** Inicio › business name › Revisión (on the review route). */
export function breadcrumbsFor(
  pathname: string,
  portfolio: { _id: string; businessName: string } | null,
  role: Role,
): Crumb[] {
  const crumbs: Crumb[] = [{ label: msg.nav.home, href: '/' }];
  const match = /^\/portfolios\/([^/]+)(\/[^/]+)?/.exec(pathname);
  if (match && portfolio && match[1] === portfolio._id) {
    crumbs.push({ label: portfolio.businessName, href: portfolioHome(portfolio._id, role) });
    if (match[2] === '/review') crumbs.push({ label: msg.nav.review });
  }
  // The last crumb is the current page: no link.
  const last = crumbs[crumbs.length - 1]!;
  crumbs[crumbs.length - 1] = { label: last.label };
  return crumbs;
}

import { LoadingOverlay } from '@crw/ui';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import type { RouteTitle } from './features/shell/title.ts';
import { ROLES } from './lib/access.ts';
import { lazyScreen } from './lib/lazy.ts';
import { msg } from './messages.ts';
import { Guard } from './routes/guard.tsx';
import { RouteError } from './routes/route-error.tsx';

/**
 * A lazy screen; `title` is its name in `document.title` (read by `syncDocumentTitle`). A titled screen has
 * its own error element, so a chunk that fails to load shows the message inside the shell, not instead of it.
 */
const screen = (load: () => Promise<{ default: React.ComponentType }>, title?: string) => {
  const route = {
    ...(title ? { handle: { title } satisfies RouteTitle, errorElement: <RouteError /> } : {}),
    lazy: lazyScreen(load),
  };
  chunkOf.set(route.lazy, load);
  return route;
};
/** Each lazy route's own import, for `preloadScreens` (the router calls `lazy`, which wraps it). */
const chunkOf = new WeakMap<NonNullable<RouteObject['lazy']>, () => Promise<unknown>>();

/** Every route of spec §2 with its role guard; screens are lazy chunks. */
export const routes: RouteObject[] = [
  {
    path: '/auth',
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingOverlay />,
    ...screen(() => import('./routes/auth/auth-screen.tsx'), msg.auth.title),
  },
  {
    // An email's one-time sign-in link (issue 29), and /auth/password: «¿Olvidaste tu contraseña?» and the email's
    // «Nueva contraseña» (issue 49), which the link screen's chunk loads apart. Public, like /auth; one route
    // entry for both, as every byte of the first load counts (/auth's 130 kB budget).
    path: '/auth/:step',
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingOverlay />,
    ...screen(() => import('./routes/auth/link-screen.tsx'), msg.auth.title),
  },
  {
    element: <Guard allowed={ROLES.all} />,
    errorElement: <RouteError />,
    // While the first screen's chunk loads on a full page load.
    hydrateFallbackElement: <LoadingOverlay />,
    children: [
      {
        ...screen(() => import('./features/shell/app-layout.tsx')),
        children: [
          { index: true, ...screen(() => import('./routes/home/home-screen.tsx'), msg.home.title) },
          {
            path: 'settings',
            ...screen(
              () => import('./routes/user-settings/user-settings-screen.tsx'),
              msg.screens.userSettings,
            ),
          },
          {
            element: <Guard allowed={ROLES.admin} />,
            children: [
              {
                path: 'admin/users',
                ...screen(() => import('./routes/admin/users-screen.tsx'), msg.screens.adminUsers),
              },
              {
                path: 'admin/tools',
                ...screen(() => import('./routes/admin/tools-screen.tsx'), msg.screens.adminTools),
              },
              {
                path: 'admin/notify',
                ...screen(() => import('./routes/admin/notify-screen.tsx'), msg.screens.adminNotify),
              },
            ],
          },
          {
            element: <Guard allowed={ROLES.staff} />,
            children: [
              {
                path: 'test/editor',
                ...screen(() => import('./routes/editor/editor-screen.tsx'), msg.screens.editor),
              },
              {
                path: 'design',
                ...screen(() => import('./routes/design/design-screen.tsx'), msg.screens.design),
              },
              {
                path: 'portfolios/create',
                ...screen(() => import('./routes/portfolios/create-screen.tsx'), msg.screens.createPortfolio),
              },
            ],
          },
          {
            path: 'portfolios/:portfolioId',
            ...screen(() => import('./routes/portfolios/portfolio-scope.tsx')),
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              {
                element: <Guard allowed={ROLES.staff} />,
                children: [
                  {
                    path: 'dashboard',
                    ...screen(
                      () => import('./routes/portfolios/dashboard-screen.tsx'),
                      msg.screens.dashboard,
                    ),
                  },
                  {
                    path: 'settings',
                    ...screen(() => import('./routes/portfolios/settings-screen.tsx'), msg.screens.settings),
                    children: [
                      { index: true, element: <Navigate to="general" replace /> },
                      {
                        path: 'general',
                        ...screen(
                          () => import('./routes/portfolios/settings-general.tsx'),
                          `${msg.screens.settings}: ${msg.screens.settingsGeneral}`,
                        ),
                      },
                      {
                        path: 'integrations',
                        ...screen(
                          () => import('./routes/portfolios/settings-integrations.tsx'),
                          `${msg.screens.settings}: ${msg.screens.settingsIntegrations}`,
                        ),
                      },
                    ],
                  },
                  {
                    path: 'production',
                    ...screen(
                      () => import('./routes/portfolios/production-screen.tsx'),
                      msg.screens.production,
                    ),
                  },
                  {
                    path: 'agents',
                    ...screen(() => import('./routes/portfolios/agents-screen.tsx'), msg.screens.agents),
                  },
                  {
                    path: 'agents/:agentId',
                    ...screen(
                      () => import('./routes/portfolios/agent-detail-screen.tsx'),
                      msg.screens.agentDetail,
                    ),
                  },
                ],
              },
              {
                element: <Guard allowed={ROLES.everyone} />,
                children: [
                  {
                    path: 'client-dashboard',
                    ...screen(
                      () => import('./routes/portfolios/client-dashboard-screen.tsx'),
                      msg.screens.clientDashboard,
                    ),
                  },
                  {
                    path: 'review',
                    ...screen(() => import('./routes/portfolios/review-screen.tsx'), msg.screens.review),
                  },
                ],
              },
            ],
          },
          { path: '*', ...screen(() => import('./routes/not-found.tsx'), msg.errors.notFoundTitle) },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

/**
 * Starts downloading the chunks of the screens `pathname` shows, at start-up, while the service worker
 * registers and /auth/me answers (spec §4), instead of after the mount. Nothing is awaited and nothing is
 * reported: the router's own `lazy` imports the same modules later (already there, or failing the same way
 * and then shown by the route's error element). Signed out, only the /auth screens' chunks are fetched (a
 * guarded path redirects there).
 */
export function preloadScreens(pathname: string, signedIn: boolean) {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const load = typeof route.lazy === 'function' ? chunkOf.get(route.lazy) : undefined;
    if (!load || (!signedIn && !route.path?.startsWith('/auth'))) continue;
    load().catch(() => {});
  }
}

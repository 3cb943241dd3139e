import { LoadingOverlay } from '@crw/ui';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ROLES } from './lib/access.ts';
import { lazyScreen } from './lib/lazy.ts';
import { Guard } from './routes/guard.tsx';
import { RouteError } from './routes/route-error.tsx';

const screen = (load: () => Promise<{ default: React.ComponentType }>) => ({
  lazy: lazyScreen(async () => ({ Component: (await load()).default })),
});

/** Every route of spec §2 with its role guard; screens are lazy chunks. */
export const routes: RouteObject[] = [
  {
    path: '/auth',
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingOverlay />,
    ...screen(() => import('./routes/auth/auth-screen.tsx')),
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
          { index: true, ...screen(() => import('./routes/home/home-screen.tsx')) },
          { path: 'settings', ...screen(() => import('./routes/user-settings/user-settings-screen.tsx')) },
          {
            element: <Guard allowed={ROLES.admin} />,
            children: [
              { path: 'admin/users', ...screen(() => import('./routes/admin/users-screen.tsx')) },
              { path: 'admin/tools', ...screen(() => import('./routes/admin/tools-screen.tsx')) },
              { path: 'admin/notify', ...screen(() => import('./routes/admin/notify-screen.tsx')) },
            ],
          },
          {
            element: <Guard allowed={ROLES.staff} />,
            children: [
              { path: 'test/editor', ...screen(() => import('./routes/editor/editor-screen.tsx')) },
              { path: 'design', ...screen(() => import('./routes/design/design-screen.tsx')) },
              { path: 'portfolios/create', ...screen(() => import('./routes/portfolios/create-screen.tsx')) },
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
                  { path: 'dashboard', ...screen(() => import('./routes/portfolios/dashboard-screen.tsx')) },
                  {
                    path: 'settings',
                    ...screen(() => import('./routes/portfolios/settings-screen.tsx')),
                    children: [
                      { index: true, element: <Navigate to="general" replace /> },
                      {
                        path: 'general',
                        ...screen(() => import('./routes/portfolios/settings-general.tsx')),
                      },
                      {
                        path: 'integrations',
                        ...screen(() => import('./routes/portfolios/settings-integrations.tsx')),
                      },
                    ],
                  },
                  {
                    path: 'production',
                    ...screen(() => import('./routes/portfolios/production-screen.tsx')),
                  },
                  { path: 'agents', ...screen(() => import('./routes/portfolios/agents-screen.tsx')) },
                  {
                    path: 'agents/:agentId',
                    ...screen(() => import('./routes/portfolios/agent-detail-screen.tsx')),
                  },
                ],
              },
              {
                element: <Guard allowed={ROLES.everyone} />,
                children: [
                  {
                    path: 'client-dashboard',
                    ...screen(() => import('./routes/portfolios/client-dashboard-screen.tsx')),
                  },
                  { path: 'review', ...screen(() => import('./routes/portfolios/review-screen.tsx')) },
                ],
              },
            ],
          },
          { path: '*', ...screen(() => import('./routes/not-found.tsx')) },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

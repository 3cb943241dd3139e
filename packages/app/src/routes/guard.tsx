import { Navigate, Outlet, useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { authStore } from '../features/auth/store.ts';
import { type Allowed, decide } from '../lib/access.ts';

/** Renders the child routes only for a session whose role is allowed (spec §2). */
export function Guard({ allowed }: { allowed: Allowed }) {
  const { token, user } = useSnapshot(authStore);
  const location = useLocation();
  const decision = decide({ token: user ? token : null, role: user?.role }, allowed);
  if (decision.kind === 'redirect') {
    return (
      <Navigate
        to={decision.to}
        replace
        state={decision.to === '/auth' ? { from: location.pathname } : undefined}
      />
    );
  }
  return <Outlet />;
}

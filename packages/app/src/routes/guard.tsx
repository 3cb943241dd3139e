import { Navigate, Outlet, useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { authStore } from '../features/auth/store.ts';
import { type Allowed, decide } from '../lib/access.ts';

/** Renders the child routes only for a session whose role is allowed (spec §2). */
export function Guard({ allowed }: { allowed: Allowed }) {
  const { token, user } = useSnapshot(authStore);
  const decision = decide({ token: user ? token : null, role: user?.role }, allowed);
  if (decision.kind === 'redirect') return <Redirect to={decision.to} />;
  return <Outlet />;
}

/** The guard's redirect: the only part that reads the location (the guard itself is not drawn again by `?item=`). */
function Redirect({ to }: { to: string }) {
  const location = useLocation();
  return <Navigate to={to} replace state={to === '/auth' ? { from: location.pathname } : undefined} />;
}

import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { landingOf, SignInPage } from '../../features/auth/components/sign-in-page.tsx';
import { authStore, takeNotice } from '../../features/auth/store.ts';

// The link screen takes the form from here, so the form travels in this screen's chunk: one chunk fewer on
// every first visit to /auth (issue 14's 130 kB budget).
export { landingOf, SignInPage };

/** Sign-in (spec §2): the form, then the person's landing; a signed-in user goes home. */
export default function AuthScreen() {
  const { token, user } = useSnapshot(authStore);
  const navigate = useNavigate();
  // Why the previous session ended (expired, signed out), now that this screen is up to explain it.
  useEffect(takeNotice, []);

  // Home sends a client with portfolios on to the client dashboard of the first one (spec §2).
  if (token && user) return <Navigate to="/" replace />;

  return (
    <SignInPage onSignedIn={async (signedIn) => navigate(await landingOf(signedIn), { replace: true })} />
  );
}

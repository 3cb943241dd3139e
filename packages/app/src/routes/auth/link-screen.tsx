import { ConfirmDialog, LoadingOverlay } from '@crw/ui';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { linkMessages } from '../../features/auth/link-messages.ts';
import { redeemLink } from '../../features/auth/redeem-link.ts';
import { authStore } from '../../features/auth/store.ts';
import { toast } from '../../features/system/store.ts';
import { landingOf, SignInPage } from './auth-screen.tsx';
import { RequestLinkNotice } from './request-link.tsx';

type State =
  | { kind: 'opening' }
  | { kind: 'otherSession'; name: string }
  /** The sign-in form, saying why, then `target` (when known) instead of the landing. */
  | { kind: 'signIn'; notice: string; target: string | null };

/**
 * An email's one-time sign-in link, `/auth/link?token=…` (issue 29). The token leaves the address bar at once
 * (history, bookmarks, a shared screen) and is redeemed by this script's POST, never by the GET a mail scanner
 * makes. Another person signed in here is asked about before their session is closed (the server says whose
 * the link is not, without using it); the same person is not asked. A dead link shows the sign-in form, and
 * after signing in the person still reaches the link's target.
 */
export default function AuthStepScreen() {
  const { step } = useParams();
  if (step === 'password')
    return (
      <Suspense fallback={<LoadingOverlay />}>
        <PasswordScreen />
      </Suspense>
    );
  if (step !== 'link') return <Navigate to="/auth" replace />;
  return <LinkScreen />;
}

const PasswordScreen = lazy(() => import('./password-screen.tsx'));

function LinkScreen() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'opening' });
  const started = useRef(false);
  const confirmed = useRef(false);
  const token = new URLSearchParams(search).get('token');

  const open = async (closeOtherSession = false) => {
    setState({ kind: 'opening' });
    if (!token) return setState({ kind: 'signIn', notice: linkMessages.gone, target: null });
    try {
      const outcome = await redeemLink(token, { closeOtherSession });
      switch (outcome.kind) {
        case 'signedIn':
          return navigate(outcome.target, { replace: true });
        case 'otherSession':
          return setState(outcome);
        case 'gone':
          // Someone is signed in here already: that session goes on to the target, if it may open it.
          if (authStore.token && authStore.user) {
            toast.info(linkMessages.gone);
            return navigate(outcome.target ?? '/', { replace: true });
          }
          return setState({ kind: 'signIn', notice: linkMessages.gone, target: outcome.target });
        default:
          return outcome satisfies never;
      }
    } catch (error) {
      const notice = error instanceof Error && error.message ? error.message : linkMessages.error;
      setState({ kind: 'signIn', notice, target: null });
    }
  };

  useEffect(() => {
    // Once, also under StrictMode's second effect run: a second POST would find the link used.
    if (started.current) return;
    started.current = true;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    void open();
  });

  if (state.kind === 'signIn') {
    const { notice, target } = state;
    return (
      <SignInPage
        notice={<RequestLinkNotice notice={notice} target={target} />}
        onSignedIn={async (user) => navigate(target ?? (await landingOf(user)), { replace: true })}
      />
    );
  }
  if (state.kind === 'opening') return <LoadingOverlay label={linkMessages.opening} />;
  return (
    <ConfirmDialog
      open
      onOpenChange={(isOpen) => {
        // Closing it any other way than «Continuar» keeps the session that is open here.
        if (!isOpen && !confirmed.current) navigate('/', { replace: true });
      }}
      title={linkMessages.otherSession(state.name)}
      confirmLabel={linkMessages.continue}
      cancelLabel={linkMessages.cancel}
      destructive={false}
      onConfirm={() => {
        confirmed.current = true;
        void open(true);
      }}
    />
  );
}

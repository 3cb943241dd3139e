import { Button, Field, Input } from '@crw/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { setPasswordWithLink } from '../../features/auth/account.ts';
import { accountMessages as t } from '../../features/auth/account-messages.ts';
import { toast } from '../../features/system/store.ts';
import { landingOf } from './auth-screen.tsx';
import { AuthCard, ForgotScreen } from './forgot-screen.tsx';

type Errors = { password?: string; repeat?: string };

/**
 * «Nueva contraseña» (issue 49): the email's link, `/auth/password?token=…` (a forgotten password or an
 * invitation). The token leaves the address bar at once; saving uses the link up, signs the person in and ends
 * every other session. A used or expired link says so and offers to ask for another.
 */
export default function PasswordScreen() {
  const { search } = useLocation();
  return new URLSearchParams(search).get('token') ? <NewPassword /> : <ForgotScreen />;
}

function NewPassword() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const token = useRef(new URLSearchParams(search).get('token'));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The token leaves the address bar (history, a shared screen); a reload then shows «¿Olvidaste tu contraseña?».
  useEffect(() => {
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const password = String(data.get('password') ?? '');
    const repeat = String(data.get('repeat') ?? '');
    const found: Errors = {};
    if (password.length < 8) found.password = t.passwordTooShort;
    else if (password !== repeat) found.repeat = t.passwordsDiffer;
    setErrors(found);
    const first = (Object.keys(found) as Array<keyof Errors>)[0];
    if (first) {
      (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const user = await setPasswordWithLink(token.current ?? '', password);
      toast.success(t.newPasswordDone);
      navigate(await landingOf(user), { replace: true });
    } catch (e) {
      setFailure(e instanceof Error ? e.message : t.newPasswordError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t.newPasswordTitle} intro={t.newPasswordIntro}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label={t.newPassword} error={errors.password}>
          {(p) => (
            <Input {...p} type="password" autoComplete="new-password" aria-required="true" name="password" />
          )}
        </Field>
        <Field label={t.repeatPassword} error={errors.repeat}>
          {(p) => (
            <Input {...p} type="password" autoComplete="new-password" aria-required="true" name="repeat" />
          )}
        </Field>
        {failure ? (
          <div role="alert" className="space-y-1 text-sm text-destructive">
            <p>{failure}</p>
            <Link to="/auth/password" className="inline-block min-h-6 underline underline-offset-4">
              {t.linkGoneAskAgain}
            </Link>
          </div>
        ) : null}
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? t.newPasswordSaving : t.newPasswordSubmit}
        </Button>
      </form>
    </AuthCard>
  );
}

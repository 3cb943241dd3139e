import { Button, Field, Input } from '@crw/ui';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { authStore, login } from '../../features/auth/store.ts';
import { loadPortfolios } from '../../features/portfolios/store.ts';
import { landingFor } from '../../lib/access.ts';
import { msg } from '../../messages.ts';

interface SignInForm {
  email: string;
  password: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Sign-in. The browser's own validation is off (`noValidate`: it would speak English); each field shows the
 * product's Spanish message, tied to it with aria-invalid and aria-describedby. A refused sign-in is the
 * form's problem, so it shows inline only (no toast as well: one channel per event, docs/decisions.md).
 */
export default function AuthScreen() {
  const { token, user } = useSnapshot(authStore);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const { register, handleSubmit, formState } = useForm<SignInForm>({
    defaultValues: { email: '', password: '' },
    shouldFocusError: true,
  });
  const { errors, isSubmitting } = formState;

  // Home sends a client with portfolios on to the client dashboard of the first one (spec §2).
  if (token && user) return <Navigate to="/" replace />;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setError(null);
    try {
      const signedIn = await login(email.trim(), password);
      let first: string | undefined;
      if (signedIn.role === 'client') first = (await loadPortfolios().catch(() => []))[0]?._id;
      navigate(landingFor(signedIn.role, first), { replace: true });
    } catch (e) {
      const reason = e instanceof Error && e.message && e.message !== msg.auth.error ? e.message : null;
      setError(reason ? `${msg.auth.error}: ${reason}` : msg.auth.error);
    }
  });

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 p-4">
      <form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby={`${errorId}-title`}
        aria-describedby={error ? errorId : undefined}
        className="w-full max-w-sm space-y-5 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
      >
        <div className="space-y-1">
          <h1 id={`${errorId}-title`} className="text-2xl font-semibold tracking-tight">
            {msg.auth.title}
          </h1>
          <p className="text-sm text-muted-foreground">{msg.auth.subtitle}</p>
        </div>
        <Field label={msg.auth.email} error={errors.email?.message}>
          {(p) => (
            <Input
              {...p}
              type="email"
              autoComplete="username"
              aria-required="true"
              {...register('email', {
                validate: (v) =>
                  v.trim() ? EMAIL.test(v.trim()) || msg.auth.emailInvalid : msg.auth.emailRequired,
              })}
            />
          )}
        </Field>
        <Field label={msg.auth.password} error={errors.password?.message}>
          {(p) => (
            <Input
              {...p}
              type="password"
              autoComplete="current-password"
              aria-required="true"
              {...register('password', { validate: (v) => v.length > 0 || msg.auth.passwordRequired })}
            />
          )}
        </Field>
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? msg.auth.submitting : msg.auth.submit}
        </Button>
      </form>
    </main>
  );
}

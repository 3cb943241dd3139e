import { Button, Field, Input } from '@crw/ui';
import { type FormEvent, useId, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { authStore, login } from '../../features/auth/store.ts';
import { loadPortfolios } from '../../features/portfolios/store.ts';
import { toast } from '../../features/system/store.ts';
import { landingFor } from '../../lib/access.ts';
import { msg } from '../../messages.ts';

export default function AuthScreen() {
  const { token, user } = useSnapshot(authStore);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  // Home sends a client with portfolios on to the client dashboard of the first one (spec §2).
  if (token && user) return <Navigate to="/" replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const signedIn = await login(email.trim(), password);
      let first: string | undefined;
      if (signedIn.role === 'client') first = (await loadPortfolios().catch(() => []))[0]?._id;
      navigate(landingFor(signedIn.role, first), { replace: true });
    } catch (e) {
      const message = e instanceof Error && e.message ? e.message : msg.auth.error;
      setError(message);
      toast.error(msg.auth.error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 p-4">
      <form
        onSubmit={onSubmit}
        noValidate={false}
        aria-describedby={error ? errorId : undefined}
        className="w-full max-w-sm space-y-5 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
      >
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">{msg.auth.title}</h1>
          <p className="text-sm text-muted-foreground">{msg.auth.subtitle}</p>
        </div>
        <Field label={msg.auth.email}>
          {(p) => (
            <Input
              {...p}
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label={msg.auth.password}>
          {(p) => (
            <Input
              {...p}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? msg.auth.submitting : msg.auth.submit}
        </Button>
      </form>
    </main>
  );
}

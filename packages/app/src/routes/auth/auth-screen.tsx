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
  const emailId = useId();
  const passwordId = useId();
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
        <div className="space-y-2">
          <label htmlFor={emailId} className="text-sm font-medium">
            {msg.auth.email}
          </label>
          <input
            id={emailId}
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="block h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          />
        </div>
        <div className="space-y-2">
          <label htmlFor={passwordId} className="text-sm font-medium">
            {msg.auth.password}
          </label>
          <input
            id={passwordId}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className="block h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          />
        </div>
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          className="inline-flex h-10 w-full items-center justify-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60"
        >
          {busy ? msg.auth.submitting : msg.auth.submit}
        </button>
      </form>
    </main>
  );
}

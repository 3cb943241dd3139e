import { Button, Field, Input } from '@crw/ui';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { askForPasswordLink } from '../../features/auth/account.ts';
import { accountMessages as t } from '../../features/auth/account-messages.ts';

/** The card every account screen of /auth uses (issue 49): a title, a line, the form. */
export function AuthCard(props: { title: string; intro: string; children: React.ReactNode }) {
  const titleId = useId();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 p-4">
      <section
        aria-labelledby={titleId}
        className="w-full max-w-sm space-y-5 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
      >
        <div className="space-y-1">
          <h1 id={titleId} className="text-2xl font-semibold tracking-tight">
            {props.title}
          </h1>
          <p className="text-sm text-muted-foreground">{props.intro}</p>
        </div>
        {props.children}
      </section>
    </main>
  );
}

/** A form that asks for an email by address: the same answer whether the address is someone's or not. */
export function EmailRequestForm(props: {
  submitLabel: string;
  sentMessage: string;
  send: (email: string) => Promise<void>;
}) {
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (!email) {
      setError(t.emailRequired);
      (event.currentTarget.elements.namedItem('email') as HTMLInputElement | null)?.focus();
      return;
    }
    setError(undefined);
    setFailure(null);
    setBusy(true);
    try {
      await props.send(email);
      setSent(true);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  if (sent)
    return (
      <p role="status" className="text-sm font-medium">
        {props.sentMessage}
      </p>
    );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field label="Correo electrónico" error={error}>
        {(p) => <Input {...p} type="email" autoComplete="username" aria-required="true" name="email" />}
      </Field>
      {failure ? (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      ) : null}
      <Button type="submit" disabled={busy} className="w-full">
        {props.submitLabel}
      </Button>
    </form>
  );
}

/** «¿Olvidaste tu contraseña?» (issue 49): an email with a link to «Nueva contraseña» (/auth/password without a token). */
export function ForgotScreen() {
  return (
    <AuthCard title={t.forgotTitle} intro={t.forgotIntro}>
      <EmailRequestForm submitLabel={t.forgotSubmit} sentMessage={t.forgotSent} send={askForPasswordLink} />
      <p className="text-sm">
        <Link to="/auth" className="inline-block min-h-6 underline underline-offset-4">
          {t.backToSignIn}
        </Link>
      </p>
    </AuthCard>
  );
}

import type { User } from '@crw/api-client';
import { Button, Field, Input } from '@crw/ui';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { landingFor } from '../../../lib/access.ts';
import { msg } from '../../../messages.ts';
import { loadPortfolios } from '../../portfolios/store.ts';
import { login } from '../store.ts';

type FieldName = 'email' | 'password';
type Errors = Partial<Record<FieldName, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const valuesOf = (form: HTMLFormElement) => {
  const data = new FormData(form);
  return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
};

/** Each field's Spanish message, in the form's order (the first one is focused). */
function validate({ email, password }: Record<FieldName, string>): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = msg.auth.emailRequired;
  else if (!EMAIL.test(email.trim())) errors.email = msg.auth.emailInvalid;
  if (!password) errors.password = msg.auth.passwordRequired;
  return errors;
}

/** Where a person goes after signing in with no other place asked for: a client with portfolios to the first one's client dashboard (spec §2). */
export async function landingOf(user: User): Promise<string> {
  const firstPortfolio =
    user.role === 'client' ? (await loadPortfolios().catch(() => []))[0]?._id : undefined;
  return landingFor(user.role, firstPortfolio);
}

/**
 * Sign-in. The browser's own validation is off (`noValidate`: it would speak English); each field shows the
 * product's Spanish message, tied to it with aria-invalid and aria-describedby, and the first field in error
 * takes the focus; after a first submit the messages follow what is typed. A refused sign-in is the form's
 * problem, so it shows inline only (no toast as well: one channel per event, docs/decisions.md). Two fields
 * need no form library: this screen is part of every first visit's JavaScript (issue 14's 130 KB budget).
 * `notice` is said above the fields (why this form is shown instead of what was asked for); `onSignedIn`
 * decides where the person goes.
 */
export function SignInPage({
  notice,
  onSignedIn,
}: {
  /** A string, or what the link screen says with its «Enviarme un enlace nuevo» (issue 49). */
  notice?: ReactNode;
  onSignedIn: (user: User) => Promise<void> | void;
}) {
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const [errors, setErrors] = useState<Errors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  const busy = useRef(false);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (submitted.current) setErrors(validate(valuesOf(event.currentTarget)));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A second Enter or click while the first is under way sends nothing.
    if (busy.current) return;
    const form = event.currentTarget;
    const { email, password } = valuesOf(form);
    const found = validate({ email, password });
    submitted.current = true;
    setErrors(found);
    const first = (Object.keys(found) as FieldName[])[0];
    if (first) {
      (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    busy.current = true;
    setSubmitting(true);
    setError(null);
    try {
      await onSignedIn(await login(email.trim(), password));
    } catch (e) {
      const reason = e instanceof Error && e.message && e.message !== msg.auth.error ? e.message : null;
      setError(reason ? `${msg.auth.error}: ${reason}` : msg.auth.error);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 p-4">
      <form
        onSubmit={onSubmit}
        onChange={onChange}
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
        {notice ? (
          <p role="status" className="text-sm font-medium">
            {notice}
          </p>
        ) : null}
        <Field label={msg.auth.email} error={errors.email}>
          {(p) => <Input {...p} type="email" autoComplete="username" aria-required="true" name="email" />}
        </Field>
        <Field label={msg.auth.password} error={errors.password}>
          {(p) => (
            <Input
              {...p}
              type="password"
              autoComplete="current-password"
              aria-required="true"
              name="password"
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
        {/* Issue 49: a link by email to choose a new password (/auth/password, its own chunk). */}
        <a href="/auth/password" className="block py-1 text-center text-sm text-muted-foreground underline">
          {msg.auth.forgot}
        </a>
      </form>
    </main>
  );
}

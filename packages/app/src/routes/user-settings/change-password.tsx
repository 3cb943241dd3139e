import { ApiError } from '@crw/api-client';
import { Button, Field, Input } from '@crw/ui';
import { type FormEvent, useState } from 'react';
import { changeMyPassword } from '../../features/auth/account.ts';
import { accountMessages as t } from '../../features/auth/account-messages.ts';
import { toast } from '../../features/system/store.ts';

type Errors = { currentPassword?: string; newPassword?: string; repeat?: string };

/**
 * /settings «Cambiar contraseña» (issue 49): the current password and the new one twice. A wrong current
 * password is the server's 400, shown on its field; on success this session goes on and the others end.
 */
export function ChangePassword() {
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const currentPassword = String(data.get('currentPassword') ?? '');
    const newPassword = String(data.get('newPassword') ?? '');
    const repeat = String(data.get('repeat') ?? '');
    const found: Errors = {};
    if (!currentPassword) found.currentPassword = 'Escribe tu contraseña actual';
    if (newPassword.length < 8) found.newPassword = t.passwordTooShort;
    else if (newPassword !== repeat) found.repeat = t.passwordsDiffer;
    setErrors(found);
    setFailure(null);
    const first = (Object.keys(found) as Array<keyof Errors>)[0];
    if (first) {
      (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    setBusy(true);
    try {
      await changeMyPassword(currentPassword, newPassword);
      form.reset();
      toast.success(t.changeDone);
    } catch (e) {
      const message = e instanceof Error ? e.message : t.changeError;
      if (e instanceof ApiError && e.status === 400) {
        setErrors({ currentPassword: message });
        (form.elements.namedItem('currentPassword') as HTMLInputElement | null)?.focus();
      } else setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="password-title" className="space-y-3">
      <h2 id="password-title" className="text-lg font-semibold">
        {t.changeTitle}
      </h2>
      <form onSubmit={onSubmit} noValidate className="max-w-sm space-y-4">
        <Field label={t.currentPassword} error={errors.currentPassword}>
          {(p) => (
            <Input
              {...p}
              type="password"
              autoComplete="current-password"
              aria-required="true"
              name="currentPassword"
            />
          )}
        </Field>
        <Field label={t.newPassword} error={errors.newPassword}>
          {(p) => (
            <Input
              {...p}
              type="password"
              autoComplete="new-password"
              aria-required="true"
              name="newPassword"
            />
          )}
        </Field>
        <Field label={t.repeatPassword} error={errors.repeat}>
          {(p) => (
            <Input {...p} type="password" autoComplete="new-password" aria-required="true" name="repeat" />
          )}
        </Field>
        {failure ? (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        ) : null}
        <Button type="submit" disabled={busy}>
          {busy ? t.changeSaving : t.changeSubmit}
        </Button>
      </form>
    </section>
  );
}

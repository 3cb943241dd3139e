import { Button } from '@crw/ui';
import { type MouseEvent, useState } from 'react';
import { askForSigninLink } from '../../features/auth/account.ts';
import { accountMessages as t } from '../../features/auth/account-messages.ts';

/**
 * «Enviarme un enlace nuevo» (issue 49), said with a used or expired link's notice inside the sign-in form: it
 * sends a fresh one-time link to the same piece to the address typed in the form's own email field.
 */
export function RequestLinkNotice({ notice, target }: { notice: string; target: string | null }) {
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onClick = async (event: MouseEvent<HTMLButtonElement>) => {
    const field = event.currentTarget.form?.elements.namedItem('email') as HTMLInputElement | null;
    const email = field?.value.trim() ?? '';
    if (!email) {
      setSaid(t.emailRequired);
      field?.focus();
      return;
    }
    setBusy(true);
    try {
      await askForSigninLink(email, target ?? '/');
      setSaid(t.requestLinkSent);
    } catch (e) {
      setSaid(e instanceof Error ? e.message : t.requestLinkError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {notice}{' '}
      <Button type="button" variant="link" className="h-auto min-h-6 p-0" disabled={busy} onClick={onClick}>
        {t.requestLink}
      </Button>
      {said ? <span className="mt-1 block font-normal">{said}</span> : null}
    </>
  );
}

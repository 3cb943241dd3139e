import type { User } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { api } from '../../lib/api.ts';
import { accountMessages as t } from './account-messages.ts';
import { startSession } from './store.ts';

/**
 * The account's own calls (issue 49): each answers the same for any address, so these only say «if the address
 * is someone's». Loaded by the lazy screens alone.
 */
export async function askForPasswordLink(email: string): Promise<void> {
  await api.call(sdk.forgotPassword({ client: api.client, body: { email } }), t.forgotError);
}

export async function askForSigninLink(email: string, next: string): Promise<void> {
  await api.call(sdk.requestSigninLink({ client: api.client, body: { email, next } }), t.requestLinkError);
}

/** «Nueva contraseña»: sets it with the email's link and signs in (every other session ends). */
export async function setPasswordWithLink(token: string, password: string): Promise<User> {
  return startSession(
    await api.call(sdk.resetPassword({ client: api.client, body: { token, password } }), t.newPasswordError),
    false,
  );
}

/** «Cambiar contraseña»: this session goes on with a new token; the others end. */
export async function changeMyPassword(currentPassword: string, newPassword: string): Promise<User> {
  return startSession(
    await api.call(
      sdk.changeMyPassword({ client: api.client, body: { currentPassword, newPassword } }),
      t.changeError,
    ),
    false,
  );
}

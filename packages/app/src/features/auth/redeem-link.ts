import { ApiError, type User } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { api } from '../../lib/api.ts';
import { linkMessages } from './link-messages.ts';
import { authStore, clearSession, startSession } from './store.ts';

/** What a one-time sign-in link gave (issue 29). */
export type LinkOutcome =
  | { kind: 'signedIn'; user: User; target: string }
  /** The link is someone else's than the user signed in here: nothing was used, the person is asked. */
  | { kind: 'otherSession'; name: string }
  /** Used, expired, void or unknown; the target when the server still knows the link. */
  | { kind: 'gone'; target: string | null };

/**
 * Redeems a sign-in link. With a session open here, the server is told whose, and answers `otherSession`
 * (link unused) when the link is someone else's; `closeOtherSession` ends that session first and redeems.
 * A link of the person already signed in simply renews their session. Other failures are thrown.
 */
export async function redeemLink(
  token: string,
  opts: { closeOtherSession?: boolean } = {},
): Promise<LinkOutcome> {
  if (opts.closeOtherSession) clearSession();
  const current = authStore.token ? authStore.user : null;
  try {
    const data = await api.call(
      sdk.redeemSigninLink({
        client: api.client,
        body: { token, ...(current ? { sessionUserId: current._id } : {}) },
      }),
      linkMessages.error,
    );
    const user = startSession(data, false);
    return { kind: 'signedIn', user, target: data.target };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'OTHER_SESSION' && current) {
      return { kind: 'otherSession', name: current.name };
    }
    if (error instanceof ApiError && error.code === 'SIGNIN_LINK_GONE') {
      return { kind: 'gone', target: error.details?.find((d) => d.field === 'target')?.message ?? null };
    }
    throw error;
  }
}

import { ApiError, isAbortError, TOKEN_KEY, type User } from '@crw/api-client';
// Start-up's own calls: the whole API client stays out of the first load (gen-api.ts).
import * as sdk from '@crw/api-client/sdk-startup';
import { proxy } from 'valtio';
import { api, onUnauthorized } from '../../lib/api.ts';
import { msg } from '../../messages.ts';
import { resetSystem, toast } from '../system/store.ts';

interface AuthState {
  token: string | null;
  user: User | null;
  /** True while the current user is being loaded (the full-screen overlay shows). */
  loading: boolean;
  /**
   * Why the session ended (expired, signed out), said by the sign-in screen once it is up (`takeNotice`). A
   * toast made when the session ended started its 5 s before the screen that explains it: the redirect to
   * /auth waits for that screen's chunk, and on a slow start the toast was gone before the user got there.
   */
  notice: { type: 'error' | 'info'; message: string } | null;
}

const readToken = () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY));

export const authStore = proxy<AuthState>({ token: readToken(), user: null, loading: false, notice: null });

/** Other stores register here to be cleared on logout. */
const resetters = new Set<() => void>();
export const onLogout = (reset: () => void) => {
  resetters.add(reset);
};

export const isAdmin = (user: Pick<User, 'role'> | null) => user?.role === 'admin';

/**
 * Stores a session the server opened, a login's or a sign-in link's, the one way (spec §4). A login says so;
 * a link does not: the piece it opens is the answer, and on a phone the toast would sit on its decision bar.
 */
export function startSession(data: { token?: string; user?: User } | undefined, announce = true): User {
  if (!data?.token || !data?.user) throw new Error(msg.auth.invalidResponse);
  localStorage.setItem(TOKEN_KEY, data.token);
  authStore.token = data.token;
  authStore.user = data.user;
  if (announce) toast.success(msg.auth.success);
  return data.user;
}

export async function login(email: string, password: string): Promise<User> {
  authStore.loading = true;
  try {
    return startSession(
      await api.call(sdk.login({ client: api.client, body: { email, password } }), msg.auth.error),
    );
  } catch (error) {
    clearSession();
    throw error instanceof Error ? error : new Error(msg.auth.error);
  } finally {
    authStore.loading = false;
  }
}

/**
 * Whether this page is being left (a reload, a link followed, an address typed): the browser cuts its requests off
 * then, and a request cut off is no failure to load the user. /auth/me cut off while the app started cleared the
 * stored session, and the page being opened found none: a second reload, or a link opened, while the app was
 * starting signed the user out (seen as a flaky e2e that navigated twice).
 */
let leaving = false;
if (typeof window !== 'undefined') {
  const leave = () => {
    leaving = true;
  };
  window.addEventListener('beforeunload', leave);
  window.addEventListener('pagehide', leave);
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}
/** How long a start-up whose /auth/me got no answer waits to see whether the page is being left. */
const LEAVING_GRACE_MS = 500;

/**
 * Loads the user of the stored token (spec §4); on failure the session is cleared. A request cut off because the
 * page is being left is not a failure: the stored token stays for the page being opened.
 */
export async function loadCurrentUser(): Promise<User | null> {
  const token = readToken();
  if (!token) {
    clearSession();
    throw new Error(msg.auth.noToken);
  }
  authStore.token = token;
  authStore.loading = true;
  try {
    const user = await api.call(sdk.getMe({ client: api.client }), msg.auth.currentUserError);
    if (!user) throw new Error(msg.auth.noUserInfo);
    authStore.user = user;
    return user;
  } catch (error) {
    if (isAbortError(error)) return null;
    if (error instanceof ApiError && error.code === 'NETWORK') {
      // No answer: the page may be on its way out (its unload can come after the request was cut off).
      if (!leaving) await new Promise((resolve) => setTimeout(resolve, LEAVING_GRACE_MS));
      if (leaving) {
        authStore.token = null;
        return null;
      }
    }
    const expired = error instanceof ApiError && error.status === 401;
    clearSession();
    authStore.notice = {
      type: 'error',
      message: expired ? msg.auth.sessionExpired : msg.auth.currentUserError,
    };
    return null;
  } finally {
    authStore.loading = false;
  }
}

/** Ends the session in this tab: token, user, the system messages and toasts, and every user store. */
export function clearSession() {
  localStorage.removeItem(TOKEN_KEY);
  authStore.token = null;
  authStore.user = null;
  resetStores();
}

function resetStores() {
  resetSystem();
  for (const reset of resetters) reset();
}

/** Clears token, user, the system messages and every store, and says so on the sign-in screen (spec §4). */
export function logout() {
  clearSession();
  authStore.notice = { type: 'info', message: msg.auth.loggedOut };
}

/** The sign-in screen, once shown: says why the session ended, as a toast, once. */
export function takeNotice() {
  const notice = authStore.notice;
  if (!notice) return;
  authStore.notice = null;
  toast[notice.type](notice.message);
}

// A 401 on any call removes the token (the api client did); the session follows.
onUnauthorized(() => {
  if (authStore.token) {
    authStore.token = null;
    authStore.user = null;
    resetStores();
  }
});

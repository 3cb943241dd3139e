import { ApiError, isAbortError, TOKEN_KEY, type User } from '@crw/api-client';
import { proxy } from 'valtio';
import { api, onUnauthorized, sdk } from '../../lib/api.ts';
import { msg } from '../../messages.ts';
import { resetSystem, toast } from '../system/store.ts';

interface AuthState {
  token: string | null;
  user: User | null;
  /** True while the current user is being loaded (the full-screen overlay shows). */
  loading: boolean;
}

const readToken = () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY));

export const authStore = proxy<AuthState>({ token: readToken(), user: null, loading: false });

/** Other stores register here to be cleared on logout. */
const resetters = new Set<() => void>();
export const onLogout = (reset: () => void) => {
  resetters.add(reset);
};

export const isAdmin = (user: Pick<User, 'role'> | null) => user?.role === 'admin';

export async function login(email: string, password: string): Promise<User> {
  authStore.loading = true;
  try {
    const data = await api.call(sdk.login({ client: api.client, body: { email, password } }), msg.auth.error);
    if (!data?.token || !data?.user) throw new Error(msg.auth.invalidResponse);
    localStorage.setItem(TOKEN_KEY, data.token);
    authStore.token = data.token;
    authStore.user = data.user;
    toast.success(msg.auth.success);
    return data.user;
  } catch (error) {
    clearSession();
    throw error instanceof Error ? error : new Error(msg.auth.error);
  } finally {
    authStore.loading = false;
  }
}

/** Loads the user of the stored token (spec §4); on failure the session is cleared. */
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
    const expired = error instanceof ApiError && error.status === 401;
    clearSession();
    toast.error(expired ? msg.auth.sessionExpired : msg.auth.currentUserError);
    return null;
  } finally {
    authStore.loading = false;
  }
}

/** Ends the session in this tab: token, user, the system messages and toasts, and every user store. */
function clearSession() {
  localStorage.removeItem(TOKEN_KEY);
  authStore.token = null;
  authStore.user = null;
  resetStores();
}

function resetStores() {
  resetSystem();
  for (const reset of resetters) reset();
}

/** Clears token, user, the system messages and every store, and says so (spec §4). */
export function logout() {
  clearSession();
  toast.info(msg.auth.loggedOut);
}

// A 401 on any call removes the token (the api client did); the session follows.
onUnauthorized(() => {
  if (authStore.token) {
    authStore.token = null;
    authStore.user = null;
    resetStores();
  }
});

import { ApiError, TOKEN_KEY } from '@crw/api-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({ login: vi.fn(), getMe: vi.fn() }));
const unauthorized = vi.hoisted(() => ({ listeners: [] as Array<() => void> }));
vi.mock('@crw/api-client/sdk-startup', () => sdk);
vi.mock('../../lib/api.ts', () => ({
  api: { client: {}, call: (p: Promise<unknown>) => p },
  onUnauthorized: (l: () => void) => unauthorized.listeners.push(l),
}));

const { authStore, clearSession, loadCurrentUser, login, logout, onLogout, takeNotice } = await import(
  './store.ts'
);
const { systemStore } = await import('../system/store.ts');

const user = { _id: 'u1', name: 'Ana', email: 'ana@test.local', role: 'employee' };

beforeEach(() => {
  clearSession();
  authStore.notice = null;
});

describe('auth store', () => {
  it('a login keeps the token and the user, and a sign-out clears every store and says why once', async () => {
    let reset = 0;
    onLogout(() => {
      reset += 1;
    });
    sdk.login.mockResolvedValueOnce({ token: 't1', user });
    await login('ana@test.local', 'x');
    expect(authStore).toMatchObject({ token: 't1', user: { _id: 'u1' }, loading: false });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('t1');

    logout();
    expect(reset).toBe(1);
    expect(authStore).toMatchObject({ token: null, user: null });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    takeNotice();
    takeNotice();
    expect(systemStore.toasts.map((t) => t.type)).toEqual(['info']);
  });

  it('an answer without a token is a failed login, and leaves no session', async () => {
    sdk.login.mockResolvedValueOnce({ user });
    await expect(login('ana@test.local', 'x')).rejects.toThrow();
    expect(authStore).toMatchObject({ token: null, user: null, loading: false });
  });

  it('a stored token that no longer works ends the session with a notice', async () => {
    localStorage.setItem(TOKEN_KEY, 'viejo');
    sdk.getMe.mockRejectedValueOnce(new Error('Error'));
    expect(await loadCurrentUser()).toBeNull();
    expect(authStore.token).toBeNull();
    expect(authStore.notice?.type).toBe('error');
  });

  it('no answer to /auth/me while the page is being left keeps the stored session for the next page', async () => {
    localStorage.setItem(TOKEN_KEY, 'vigente');
    let cutOff!: (e: unknown) => void;
    sdk.getMe.mockReturnValueOnce(new Promise((_, reject) => (cutOff = reject)));
    const loading = loadCurrentUser();
    window.dispatchEvent(new Event('beforeunload'));
    cutOff(new ApiError('Error al obtener usuario actual', 0, 'NETWORK'));
    expect(await loading).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('vigente');
    expect(authStore.notice).toBeNull();
    // The page came back (the navigation did not happen, or from the back-forward cache): a failure is one again.
    window.dispatchEvent(new Event('pageshow'));
    sdk.getMe.mockRejectedValueOnce(new ApiError('Error al obtener usuario actual', 0, 'NETWORK'));
    expect(await loadCurrentUser()).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(authStore.notice?.type).toBe('error');
  });

  it('a 401 anywhere ends the session', async () => {
    sdk.login.mockResolvedValueOnce({ token: 't2', user });
    await login('ana@test.local', 'x');
    for (const l of unauthorized.listeners) l();
    expect(authStore).toMatchObject({ token: null, user: null });
  });
});

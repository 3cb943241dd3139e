import type { User } from '@crw/api-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({ listUsers: vi.fn(), updateUser: vi.fn(), deleteUser: vi.fn() }));
vi.mock('@crw/api-client/sdk', () => sdk);
vi.mock('../../lib/api.ts', () => import('../../test/fake-api.ts'));

const store = await import('./store.ts');
const { logout } = await import('../auth/store.ts');
const { adminStore: s, USERS_PAGE } = store;

const user = (id: string, name = id) =>
  ({ _id: id, name, email: `${id}@test.local`, role: 'employee' }) as User;
const users = (...items: User[]) => ({ items, total: items.length });

beforeEach(() => {
  logout();
  vi.resetAllMocks();
});

describe('admin store', () => {
  it('a newer search aborts the older one, whose answer is never shown', async () => {
    const signals: AbortSignal[] = [];
    let answerOld!: (v: unknown) => void;
    sdk.listUsers
      // As fetch does: an aborted request rejects with an AbortError.
      .mockImplementationOnce(({ signal }: { signal: AbortSignal }) => {
        signals.push(signal);
        return new Promise((resolve, reject) => {
          answerOld = resolve;
          signal.addEventListener('abort', () => reject(new DOMException('Abortada', 'AbortError')));
        });
      })
      .mockResolvedValueOnce(users(user('ana')));
    const old = store.loadUsers('x', 1);
    await store.loadUsers('ana', 1);
    expect(signals[0]!.aborted).toBe(true);
    answerOld(users(user('viejo')));
    await old;
    expect(s.users).toMatchObject({ query: 'ana', loading: false });
    expect(s.users.items.map((u) => u._id)).toEqual(['ana']);
  });

  it('a page left empty by a delete steps back to the last page with rows', async () => {
    sdk.listUsers
      .mockResolvedValueOnce({ items: [], total: USERS_PAGE + 1 })
      .mockResolvedValueOnce({ items: [user('último')], total: USERS_PAGE + 1 });
    await store.loadUsers('', 3);
    expect(sdk.listUsers).toHaveBeenLastCalledWith(
      expect.objectContaining({ query: expect.objectContaining({ page: 2 }) }),
    );
    expect(s.users).toMatchObject({ page: 2, total: USERS_PAGE + 1 });
  });

  it('a saved user replaces its row and the one open in the dialog', async () => {
    sdk.listUsers.mockResolvedValueOnce(users(user('a'), user('b')));
    await store.loadUsers('', 1);
    store.selectUser(user('a'));
    sdk.updateUser.mockResolvedValueOnce(user('a', 'Ana María'));
    await store.updateUser('a', { name: 'Ana María' });
    expect(s.users.items.map((u) => u.name)).toEqual(['Ana María', 'b']);
    expect(s.selected?.name).toBe('Ana María');
  });
});

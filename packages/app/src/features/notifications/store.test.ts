import type { Notification } from '@crw/api-client';
import { snapshot } from 'valtio';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({
  getUnreadCount: vi.fn(),
  listNotifications: vi.fn(),
  markNotificationRead: vi.fn(),
  archiveNotification: vi.fn(),
  markAllNotificationsRead: vi.fn(),
  archiveAllNotifications: vi.fn(),
}));
vi.mock('@crw/api-client/sdk', () => sdk);
vi.mock('../../lib/api.ts', () => import('../../test/fake-api.ts'));

const store = await import('./store.ts');
const { logout } = await import('../auth/store.ts');
const { notificationsStore: s } = store;

const n = (id: string, extra: Partial<Notification> = {}) =>
  ({ _id: id, title: id, read: false, archived: false, ...extra }) as Notification;

beforeEach(() => {
  logout();
  vi.resetAllMocks();
  sdk.getUnreadCount.mockResolvedValue({ count: 0, atLeast: false });
});

describe('notifications store', () => {
  it('a count asked before a notification arrived, answering after the newer one, does not undo it', async () => {
    let answerOld!: (v: { count: number; atLeast: boolean }) => void;
    sdk.getUnreadCount
      .mockReturnValueOnce(new Promise((r) => (answerOld = r)))
      .mockResolvedValueOnce({ count: 1, atLeast: false });
    const old = store.refreshUnreadCount();
    await store.refreshUnreadCount();
    expect(s.unread).toBe(1);
    answerOld({ count: 0, atLeast: false });
    await old;
    expect(s.unread).toBe(1);
  });

  it('a page asked before a switch to the archive is not shown in it', async () => {
    let answerActive!: (v: Notification[]) => void;
    sdk.listNotifications
      .mockReturnValueOnce(new Promise((r) => (answerActive = r)))
      .mockResolvedValueOnce([n('old', { archived: true })]);
    const first = store.loadNotifications();
    await store.toggleArchived();
    answerActive([n('active')]);
    await first;
    expect(s.items.map((x) => x._id)).toEqual(['old']);
  });

  it('the first page is prefetched once; a load begun meanwhile wins; a failed one is tried again', async () => {
    sdk.listNotifications.mockRejectedValueOnce(new Error('red'));
    await store.prefetchNotifications();
    expect(s.items).toEqual([]);
    expect(s.error).toBeNull();
    sdk.listNotifications.mockResolvedValueOnce([n('a')]);
    await store.prefetchNotifications();
    expect(s.items.map((x) => x._id)).toEqual(['a']);
    await store.prefetchNotifications();
    expect(sdk.listNotifications).toHaveBeenCalledTimes(2);

    logout();
    let answerPrefetch!: (v: Notification[]) => void;
    sdk.listNotifications
      .mockReturnValueOnce(new Promise((r) => (answerPrefetch = r)))
      .mockResolvedValueOnce([n('fresh')]);
    const prefetch = store.prefetchNotifications();
    await store.loadNotifications();
    answerPrefetch([n('stale')]);
    await prefetch;
    expect(s.items.map((x) => x._id)).toEqual(['fresh']);
  });

  it('a realtime notification is prepended once; an archived one leaves the active list', async () => {
    sdk.listNotifications.mockResolvedValueOnce([n('a')]);
    await store.loadNotifications();
    store.receiveNew(n('b'));
    store.receiveNew(n('b'));
    expect(s.items.map((x) => x._id)).toEqual(['b', 'a']);
    store.receiveUpdated(n('a', { archived: true }));
    expect(s.items.map((x) => x._id)).toEqual(['b']);
  });

  it('marking one read replaces it and refreshes the count', async () => {
    sdk.listNotifications.mockResolvedValueOnce([n('a'), n('b')]);
    await store.loadNotifications();
    sdk.markNotificationRead.mockResolvedValueOnce(n('a', { read: true }));
    sdk.getUnreadCount.mockResolvedValue({ count: 1, atLeast: false });
    await store.markRead('a');
    expect(s.items.map((x) => [x._id, x.read])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    expect(s.unread).toBe(1);
  });

  it('a failed "mark all read" leaves the list as it was', async () => {
    sdk.listNotifications.mockResolvedValueOnce([n('a')]);
    await store.loadNotifications();
    sdk.markAllNotificationsRead.mockRejectedValueOnce(new Error('Sin conexión'));
    await store.markAllRead();
    expect(s.items[0]!.read).toBe(false);
  });

  it('keeps the entries as they came, and every change is a new list (what draws the panel again)', async () => {
    const page = [n('a'), n('b', { read: true }), n('c', { archived: true })];
    sdk.listNotifications.mockResolvedValueOnce(page).mockResolvedValueOnce([n('d')]);
    await store.loadNotifications();
    // Not proxied: the very objects the answer held.
    expect(s.items[0]).toBe(page[0]);
    expect(snapshot(s).items[0]).toBe(page[0]);
    let before = s.items;
    store.receiveNew(n('z'));
    expect(s.items).not.toBe(before);
    expect(s.items.map((x) => x._id)).toEqual(['z', 'a', 'b', 'c']);
    before = s.items;
    sdk.markAllNotificationsRead.mockResolvedValueOnce(undefined);
    await store.markAllRead();
    expect(s.items).not.toBe(before);
    expect(s.items.map((x) => [x._id, x.read])).toEqual([
      ['z', true],
      ['a', true],
      ['b', true],
      ['c', false],
    ]);
    // The answer's own objects were not changed; those already read or archived are the same objects.
    expect(page[0]!.read).toBe(false);
    expect(s.items[2]).toBe(page[1]);
    expect(s.items[3]).toBe(page[2]);
    s.hasMore = true;
    before = s.items;
    await store.loadMoreNotifications();
    expect(s.items).not.toBe(before);
    expect(s.items.map((x) => x._id)).toEqual(['z', 'a', 'b', 'c', 'd']);
  });
});

import type { Notification } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { proxy, ref } from 'valtio';
import { api } from '../../lib/api.ts';
import { onLogout } from '../auth/store.ts';
import { toast } from '../system/store.ts';
import { notificationMessages as m } from './messages.ts';

/** Notifications read per request: the panel's first page, and each further one as its list is scrolled. */
export const NOTIFICATIONS_PAGE = 50;

/**
 * The notification centre (spec §2, §4, §8): the list (active or archived), the unread count, the panel.
 * The list comes in pages of NOTIFICATIONS_PAGE, newest first; the next page is the one `before` the last shown
 * (a cursor, so a notification arriving meanwhile neither repeats nor skips one). The count is refreshed after
 * each list load and each read; past the server's ceiling it is «at least» (`unreadAtLeast`).
 */
interface NotificationsState {
  /**
   * Kept as they came (`ref`, not proxied): a page of 50 made 50 proxies at each reload of the panel and a snapshot of
   * each for its reader (~10 ms at 4× CPU in the bell's trace). Nothing changes an entry in place: every change is a
   * new array (`setItems`), which is what draws the panel again.
   */
  items: Notification[];
  unread: number;
  /** The count is a floor: there are this many unread or more. */
  unreadAtLeast: boolean;
  showArchived: boolean;
  open: boolean;
  loading: boolean;
  /** Older ones may exist: the last page came full. */
  hasMore: boolean;
  loadingMore: boolean;
  error: string | null;
}

const initial = (): NotificationsState => ({
  items: ref([]),
  unread: 0,
  unreadAtLeast: false,
  showArchived: false,
  open: false,
  loading: false,
  hasMore: false,
  loadingMore: false,
  error: null,
});

export const notificationsStore = proxy<NotificationsState>(initial());

onLogout(() => {
  Object.assign(notificationsStore, initial());
  prefetched = false;
});

const setItems = (items: Notification[]) => {
  notificationsStore.items = ref(items);
};

/** Count reads answer in any order (through a balancer, two instances): only the newest one asked is applied. */
let countRead = 0;

export async function refreshUnreadCount() {
  const run = ++countRead;
  try {
    const { count, atLeast } = await api.call(sdk.getUnreadCount({ client: api.client }), m.countError);
    if (run !== countRead) return;
    notificationsStore.unread = count;
    notificationsStore.unreadAtLeast = atLeast;
  } catch {
    // The badge keeps its last value; the list shows its own error.
  }
}

const fetchPage = (archived: boolean, before?: string) =>
  api.call(
    sdk.listNotifications({
      client: api.client,
      query: { includeArchived: false, archived, limit: NOTIFICATIONS_PAGE, ...(before ? { before } : {}) },
    }),
    m.loadError,
  );

/** Answers are applied only if the list was not reloaded (or switched to the archive) meanwhile. */
let generation = 0;

/** The list's first page (the active ones, or the archived ones). */
export async function loadNotifications() {
  const run = ++generation;
  notificationsStore.loading = true;
  notificationsStore.error = null;
  try {
    const page = await fetchPage(notificationsStore.showArchived);
    if (run !== generation) return;
    setItems(page);
    notificationsStore.hasMore = page.length === NOTIFICATIONS_PAGE;
  } catch (error) {
    if (run === generation) notificationsStore.error = error instanceof Error ? error.message : m.loadError;
  } finally {
    if (run === generation) notificationsStore.loading = false;
  }
  await refreshUnreadCount();
}

let prefetched = false;

/**
 * The first page, once, when the shell is idle after it drew (issue 48): the panel then opens with its list drawn,
 * and reloads it behind (each entry that did not change is not drawn again). Realtime keeps it current meanwhile.
 */
export async function prefetchNotifications() {
  const s = notificationsStore;
  if (prefetched || s.items.length > 0 || s.loading || s.showArchived) return;
  prefetched = true;
  const run = generation;
  try {
    const page = await fetchPage(false);
    if (run !== generation || s.items.length > 0) return;
    setItems(page);
    s.hasMore = page.length === NOTIFICATIONS_PAGE;
  } catch {
    prefetched = false;
  }
}

/** The next page, older than the last one shown (the panel asks when its list is scrolled to the end). */
export async function loadMoreNotifications() {
  const s = notificationsStore;
  const last = s.items.at(-1);
  if (!last || !s.hasMore || s.loading || s.loadingMore) return;
  const run = generation;
  s.loadingMore = true;
  try {
    const page = await fetchPage(s.showArchived, last._id);
    if (run !== generation) return;
    const known = new Set(s.items.map((n) => n._id));
    setItems([...s.items, ...page.filter((n) => !known.has(n._id))]);
    s.hasMore = page.length === NOTIFICATIONS_PAGE;
  } catch (error) {
    if (run === generation) toast.error(error instanceof Error ? error.message : m.loadError);
  } finally {
    if (run === generation) s.loadingMore = false;
  }
}

function replace(updated: Notification) {
  const items = notificationsStore.items;
  const known = items.some((n) => n._id === updated._id);
  const belongs = notificationsStore.showArchived ? updated.archived : !updated.archived;
  if (known) {
    if (belongs) setItems(items.map((n) => (n._id === updated._id ? updated : n)));
    else setItems(items.filter((n) => n._id !== updated._id));
  } else if (belongs) {
    setItems([updated, ...items]);
  }
}

export async function markRead(id: string) {
  try {
    replace(await api.call(sdk.markNotificationRead({ client: api.client, path: { id } }), m.readError));
  } catch (error) {
    toast.error(error instanceof Error ? error.message : m.readError);
  }
  await refreshUnreadCount();
}

export async function archive(id: string) {
  try {
    replace(await api.call(sdk.archiveNotification({ client: api.client, path: { id } }), m.archiveError));
  } catch (error) {
    toast.error(error instanceof Error ? error.message : m.archiveError);
  }
  await refreshUnreadCount();
}

/** Marks every non-archived notification read (spec §4). */
export async function markAllRead() {
  try {
    await api.call(sdk.markAllNotificationsRead({ client: api.client }), m.markAllError);
    setItems(notificationsStore.items.map((n) => (n.archived || n.read ? n : { ...n, read: true })));
    notificationsStore.unread = 0;
    notificationsStore.unreadAtLeast = false;
  } catch {
    toast.error(m.markAllError);
  }
  await refreshUnreadCount();
}

/** Archives (and reads) every non-archived notification (spec §4). */
export async function archiveAll() {
  try {
    await api.call(sdk.archiveAllNotifications({ client: api.client }), m.archiveAllError);
    if (!notificationsStore.showArchived) {
      setItems([]);
      notificationsStore.hasMore = false;
    }
    notificationsStore.unread = 0;
  } catch {
    toast.error(m.archiveAllError);
  }
  await refreshUnreadCount();
}

export async function toggleArchived() {
  notificationsStore.showArchived = !notificationsStore.showArchived;
  setItems([]);
  notificationsStore.hasMore = false;
  await loadNotifications();
}

export function setPanelOpen(open: boolean) {
  notificationsStore.open = open;
  if (open) void loadNotifications();
}

/** A click marks it read, then follows its url (if any) and closes the panel. */
export async function openNotification(n: Notification, navigate: (url: string) => void) {
  if (!n.read) await markRead(n._id);
  const url = n.payload?.url;
  if (typeof url === 'string' && url) {
    notificationsStore.open = false;
    navigate(url);
  }
}

/** Realtime: a new one is prepended; an update replaces its entry; both refresh the count (spec §4). */
export function receiveNew(n: Notification) {
  if (!notificationsStore.showArchived && !notificationsStore.items.some((x) => x._id === n._id)) {
    setItems([n, ...notificationsStore.items]);
  }
  void refreshUnreadCount();
}

export function receiveUpdated(n: Notification) {
  replace(n);
  void refreshUnreadCount();
}

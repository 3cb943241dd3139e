import type { Notification } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { proxy } from 'valtio';
import { api } from '../../lib/api.ts';
import { onLogout } from '../auth/store.ts';
import { toast } from '../system/store.ts';
import { notificationMessages as m } from './messages.ts';

/**
 * The notification centre (spec §2, §4, §8): the list (active or archived), the unread count, the panel.
 * The count is refreshed after each list load and each read.
 */
interface NotificationsState {
  items: Notification[];
  unread: number;
  showArchived: boolean;
  open: boolean;
  loading: boolean;
  error: string | null;
}

const initial = (): NotificationsState => ({
  items: [],
  unread: 0,
  showArchived: false,
  open: false,
  loading: false,
  error: null,
});

export const notificationsStore = proxy<NotificationsState>(initial());

onLogout(() => Object.assign(notificationsStore, initial()));

export async function refreshUnreadCount() {
  try {
    const { count } = await api.call(sdk.getUnreadCount({ client: api.client }), m.countError);
    notificationsStore.unread = count;
  } catch {
    // The badge keeps its last value; the list shows its own error.
  }
}

export async function loadNotifications() {
  notificationsStore.loading = true;
  notificationsStore.error = null;
  try {
    const list = await api.call(
      sdk.listNotifications({
        client: api.client,
        query: { includeArchived: notificationsStore.showArchived },
      }),
      m.loadError,
    );
    notificationsStore.items = notificationsStore.showArchived
      ? list.filter((n) => n.archived)
      : list.filter((n) => !n.archived);
  } catch (error) {
    notificationsStore.error = error instanceof Error ? error.message : m.loadError;
  } finally {
    notificationsStore.loading = false;
  }
  await refreshUnreadCount();
}

function replace(updated: Notification) {
  const i = notificationsStore.items.findIndex((n) => n._id === updated._id);
  const belongs = notificationsStore.showArchived ? updated.archived : !updated.archived;
  if (i >= 0) {
    if (belongs) notificationsStore.items[i] = updated;
    else notificationsStore.items.splice(i, 1);
  } else if (belongs) {
    notificationsStore.items.unshift(updated);
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
    for (const n of notificationsStore.items) if (!n.archived) n.read = true;
    notificationsStore.unread = 0;
  } catch {
    toast.error(m.markAllError);
  }
  await refreshUnreadCount();
}

/** Archives (and reads) every non-archived notification (spec §4). */
export async function archiveAll() {
  try {
    await api.call(sdk.archiveAllNotifications({ client: api.client }), m.archiveAllError);
    if (!notificationsStore.showArchived) notificationsStore.items = [];
    notificationsStore.unread = 0;
  } catch {
    toast.error(m.archiveAllError);
  }
  await refreshUnreadCount();
}

export async function toggleArchived() {
  notificationsStore.showArchived = !notificationsStore.showArchived;
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
    notificationsStore.items.unshift(n);
  }
  void refreshUnreadCount();
}

export function receiveUpdated(n: Notification) {
  replace(n);
  void refreshUnreadCount();
}

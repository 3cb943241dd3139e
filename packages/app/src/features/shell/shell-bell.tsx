import { NotificationPanel } from '@crw/ui';
import { memo } from 'react';
import { useSnapshot } from 'valtio';
import { useRouterNavigate } from '../../lib/pathname.ts';
import { notificationMessages } from '../notifications/messages.ts';
import { pushStore, togglePush } from '../notifications/push.ts';
import {
  archive,
  archiveAll,
  loadMoreNotifications,
  loadNotifications,
  markAllRead,
  markRead,
  notificationsStore,
  openNotification,
  setPanelOpen,
  toggleArchived,
} from '../notifications/store.ts';

/**
 * The shell's bell and its panel, reading the notifications' store on their own (issue 48): opening the panel,
 * its pages arriving and the live count re-render this, not the whole shell (sidebar, breadcrumb, screen).
 */
export const ShellBell = memo(function ShellBell() {
  const navigate = useRouterNavigate();
  const {
    items: notifications,
    unread,
    unreadAtLeast,
    open,
    loading,
    loadingMore,
    hasMore,
    error,
    showArchived,
  } = useSnapshot(notificationsStore);
  const push = useSnapshot(pushStore);
  return (
    <NotificationPanel
      open={open}
      onOpenChange={setPanelOpen}
      count={unread}
      countAtLeast={unreadAtLeast}
      items={notifications.map((n) => ({
        id: n._id,
        title: n.title || undefined,
        content: n.content,
        createdAt: n.createdAt,
        read: n.read,
        archived: n.archived,
      }))}
      loading={loading}
      hasMore={hasMore}
      loadingMore={loadingMore}
      onLoadMore={() => void loadMoreNotifications()}
      error={error}
      onRetry={() => void loadNotifications()}
      showArchived={showArchived}
      onToggleArchived={() => void toggleArchived()}
      onMarkAllRead={() => void markAllRead()}
      onArchiveAll={() => void archiveAll()}
      pushEnabled={push.registered}
      pushBusy={push.busy}
      onPushChange={(on) => void togglePush(on)}
      pushProblem={
        push.problem
          ? {
              title:
                push.problem.action === 'enable'
                  ? notificationMessages.push.problemTitle
                  : notificationMessages.push.disableProblemTitle,
              message: push.problem.message,
              detail: push.problem.detail,
            }
          : null
      }
      onItemClick={(id) => {
        const n = notificationsStore.items.find((x) => x._id === id);
        if (n) void openNotification(n, navigate);
      }}
      onMarkRead={(id) => void markRead(id)}
      onArchive={(id) => void archive(id)}
    />
  );
});

import { ArchiveIcon, BellIcon, CheckCheckIcon, CheckIcon, XIcon } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type * as React from 'react';
import { memo, useId, useRef, useState } from 'react';
import { Button, IconButton } from '../button/button.tsx';
import { LoadMoreButton } from '../button/load-more-button.tsx';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog.tsx';
import { ErrorDetails } from '../error-details/error-details.tsx';
import { badgeLabel } from '../hooks/timings.ts';
import { useAnchoredPosition } from '../hooks/use-anchored-position.ts';
import { useLoadMoreOnView } from '../hooks/use-load-more-on-view.ts';
import { cn } from '../lib/cn.ts';
import { lazy } from '../lib/lazy.ts';
import { uiMessages } from '../messages.ts';
import { Skeleton } from '../skeleton/skeleton.tsx';
import { Switch } from '../switch/switch.tsx';
import { VirtualList } from '../virtual-list/virtual-list.tsx';

const t = uiMessages.notifications;
const PAGE = 30;

export interface NotificationEntry {
  id: string;
  content: string;
  title?: string;
  /** ISO date-time. */
  createdAt: string;
  read: boolean;
  archived?: boolean;
}

const timeFormat = lazy(() => new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit' }));
const dateFormat = lazy(
  () => new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', year: 'numeric' }),
);

export interface NotificationPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
  /** The count is a floor (the server stopped counting): the badge reads «9+» even below ten. */
  countAtLeast?: boolean;
  items: readonly NotificationEntry[];
  /**
   * Paged by the caller: `items` is what has been loaded, `onLoadMore` asks for the next page, called when the
   * end of the list scrolls into view (or with «Cargar más»). Without it the panel shows `items` 30 at a time.
   */
  onLoadMore?: () => void;
  /** Older notifications exist (with `onLoadMore`). */
  hasMore?: boolean;
  loadingMore?: boolean;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  showArchived: boolean;
  onToggleArchived: () => void;
  onMarkAllRead: () => void;
  onArchiveAll: () => void;
  pushEnabled: boolean;
  pushBusy?: boolean;
  onPushChange: (enabled: boolean) => void;
  /** Why turning push on or off failed, shown under the switch (plain Spanish, with the detail behind «Detalles»). */
  pushProblem?: { title?: string; message: string; detail?: string | null } | null;
  onItemClick: (id: string) => void;
  onMarkRead: (id: string) => void;
  onArchive: (id: string) => void;
}

/** The bell with its unread badge (9+ above 9, or when the count is only a floor; hidden at 0). */
export function NotificationBell({
  count,
  atLeast = false,
  className,
  ...props
}: React.ComponentProps<'button'> & { count: number; atLeast?: boolean }) {
  const exact = badgeLabel(count);
  const label = atLeast && exact && !exact.endsWith('+') ? `${exact}+` : exact;
  return (
    <button
      type="button"
      data-slot="notification-bell"
      className={cn(
        'relative inline-flex size-10 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
      {...props}
    >
      <BellIcon className="size-5" aria-hidden="true" />
      <span className="sr-only">{t.bell}</span>
      {label ? (
        <span className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-semibold text-white">
          <span data-testid="notification-badge">{label}</span>
          <span className="sr-only"> {t.unreadSuffix}</span>
        </span>
      ) : null}
    </button>
  );
}

/** The panel's width: 24rem, or the screen less 0.5rem each side (its class says the same). */
const panelWidth = (viewport: number) => Math.min(384, viewport - 16);

/**
 * Bell + panel: a non-modal dialog below the bell, its right edge on the bell's (moved in to stay 8 px inside the
 * screen). Escape, a click outside or ✕ close it and the focus goes back to the bell. Not Radix's popover (issue
 * 48): its popper measured the fresh panel on mount and on every frame after (floating-ui's `autoUpdate` and its
 * forced style and layout, ~60 ms at 4× CPU of opening the bell); the bell is measured once, in its click.
 */
export function NotificationPanel(props: NotificationPanelProps) {
  const { open, onOpenChange, count, countAtLeast } = props;
  const { anchor, position, measure } = useAnchoredPosition(open, panelWidth);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <Dialog.Trigger asChild>
        <NotificationBell
          ref={(el) => {
            anchor.current = el;
          }}
          count={count}
          atLeast={countAtLeast}
          aria-expanded={open}
          onClick={() => {
            if (!open) measure();
          }}
        />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Content
          aria-label={t.title}
          aria-describedby={undefined}
          // The «Archivar todas» confirmation is a dialog of its own (outside the panel): using it must not
          // close the panel underneath.
          onInteractOutside={(e) => {
            if (insideAlertDialog(e.target)) e.preventDefault();
          }}
          onFocusOutside={(e) => {
            if (insideAlertDialog(e.target)) e.preventDefault();
          }}
          style={position ? { top: position.top, right: position.right } : { visibility: 'hidden' }}
          className="fixed z-50 flex max-h-[min(36rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-xl border border-border bg-popover text-popover-foreground shadow-xl"
        >
          <NotificationPanelBody {...props} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const insideAlertDialog = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[role="alertdialog"]') !== null;

export function NotificationPanelBody({
  onOpenChange,
  items,
  loading,
  error,
  onRetry,
  showArchived,
  onToggleArchived,
  onMarkAllRead,
  onArchiveAll,
  pushEnabled,
  pushBusy,
  onPushChange,
  pushProblem,
  onItemClick,
  onMarkRead,
  onArchive,
  onLoadMore,
  hasMore = false,
  loadingMore = false,
}: NotificationPanelProps) {
  const titleId = useId();
  const pushId = useId();
  const [visible, setVisible] = useState(PAGE);
  const [confirmArchiveAll, setConfirmArchiveAll] = useState(false);
  const paged = Boolean(onLoadMore);
  const shown = paged ? items : items.slice(0, visible);
  const more = paged ? hasMore : items.length > visible;
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  // One object for the panel's life, calling the newest handlers: an item draws again only when its entry changed.
  const latest = useRef({ onItemClick, onMarkRead, onArchive });
  latest.current = { onItemClick, onMarkRead, onArchive };
  const [actions] = useState<ItemActions>(() => ({
    open: (id) => latest.current.onItemClick(id),
    markRead: (id) => latest.current.onMarkRead(id),
    archive: (id) => latest.current.onArchive(id),
  }));

  // The next page is asked for while the list's end is still a little below the fold.
  useLoadMoreOnView(sentinel, scroller, onLoadMore, {
    enabled: paged && hasMore && !loadingMore,
    rootMargin: '0px 0px 200px 0px',
  });

  return (
    <section aria-labelledby={titleId} data-slot="notification-panel" className="flex min-h-0 flex-col">
      <header className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 id={titleId} className="text-base font-semibold">
          {t.title}
        </h2>
        <div className="flex items-center gap-1">
          <IconButton size="icon-sm" label={t.markAllRead} onClick={onMarkAllRead}>
            <CheckCheckIcon aria-hidden="true" />
          </IconButton>
          <IconButton size="icon-sm" label={uiMessages.close} onClick={() => onOpenChange(false)}>
            <XIcon aria-hidden="true" />
          </IconButton>
        </div>
      </header>
      <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-2 text-sm">
        <label id={`${pushId}-label`} htmlFor={pushId}>
          {t.pushSwitch}
        </label>
        <Switch
          id={pushId}
          aria-labelledby={`${pushId}-label`}
          aria-describedby={pushProblem ? `${pushId}-problem` : undefined}
          checked={pushEnabled}
          disabled={pushBusy}
          onCheckedChange={onPushChange}
        />
      </div>
      {pushProblem ? (
        <div className="border-b border-border px-4 py-2">
          <ErrorDetails
            id={`${pushId}-problem`}
            role="alert"
            title={pushProblem.title}
            message={pushProblem.message}
            detail={pushProblem.detail}
          />
        </div>
      ) : null}
      <div
        ref={scroller}
        data-slot="notification-list"
        className="min-h-0 flex-1 overflow-y-auto"
        aria-busy={loading || loadingMore || undefined}
      >
        {loading && items.length === 0 ? (
          <ul className="space-y-3 p-4" aria-label={uiMessages.loading}>
            {[0, 1, 2].map((i) => (
              <li key={i} className="space-y-2">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-3 w-1/3" />
              </li>
            ))}
          </ul>
        ) : error ? (
          <div role="alert" className="space-y-3 p-6 text-center text-sm">
            <p className="text-destructive">{error}</p>
            {onRetry ? (
              <Button variant="outline" size="sm" onClick={onRetry}>
                {t.retry}
              </Button>
            ) : null}
          </div>
        ) : items.length === 0 ? (
          <p className="p-8 text-center text-sm text-muted-foreground">{t.empty}</p>
        ) : (
          // A page is 50 and ~8 show: past 12, only those near the list's visible part are drawn (3 of overscan).
          <VirtualList
            items={shown}
            getKey={(n) => n.id}
            getScrollElement={() => scroller.current}
            renderItem={(n) => <NotificationPanelItem notification={n} actions={actions} />}
            estimateSize={96}
            // The panel's 36rem less its header and footer (~150 px): the first draw is what shows, not 800 px of it.
            viewportEstimate={432}
            gap={0}
            overscan={3}
            threshold={12}
            // The line under the last entry, above «Cargar más», as when the button was the list's last item.
            className={cn('divide-y divide-border', more && 'border-b border-border')}
            footer={
              more ? (
                <div ref={sentinel} className="p-2 text-center">
                  <LoadMoreButton
                    loading={loadingMore}
                    disabled={loadingMore}
                    onClick={() => (onLoadMore ? onLoadMore() : setVisible((v) => v + PAGE))}
                  />
                </div>
              ) : null
            }
          />
        )}
      </div>
      <footer className="flex flex-wrap items-center gap-1 border-t border-border p-2">
        <Button variant="ghost" size="sm" className="flex-1" onClick={onToggleArchived}>
          {showArchived ? t.showActive : t.showArchived}
        </Button>
        {showArchived ? null : (
          // Away from ✕, and asked first: it archives every active notification at once.
          <Button
            variant="ghost"
            size="sm"
            aria-label={t.archiveAll}
            onClick={() => setConfirmArchiveAll(true)}
          >
            <ArchiveIcon aria-hidden="true" />
            {t.archiveAllShort}
          </Button>
        )}
      </footer>
      {/* Mounted when asked for: closed, it was part of every opening's first frame. */}
      {confirmArchiveAll ? (
        <ConfirmDialog
          open
          onOpenChange={setConfirmArchiveAll}
          title={t.archiveAllConfirm}
          description={t.archiveAllConfirmDescription}
          confirmLabel={t.archiveAllShort}
          destructive={false}
          onConfirm={onArchiveAll}
        />
      ) : null}
    </section>
  );
}

interface ItemActions {
  open: (id: string) => void;
  markRead: (id: string) => void;
  archive: (id: string) => void;
}

const sameEntry = (a: NotificationEntry, b: NotificationEntry) =>
  a.id === b.id &&
  a.title === b.title &&
  a.content === b.content &&
  a.createdAt === b.createdAt &&
  a.read === b.read &&
  a.archived === b.archived;

/**
 * One notification. Memoised on what it shows: a list answered again (the panel reloads its first page each time it
 * opens) draws only the entries that changed.
 */
const NotificationPanelItem = memo(
  function NotificationPanelItem({
    notification: n,
    actions,
  }: {
    notification: NotificationEntry;
    actions: ItemActions;
  }) {
    const onClick = () => actions.open(n.id);
    const onMarkRead = () => actions.markRead(n.id);
    const onArchive = () => actions.archive(n.id);
    const date = new Date(n.createdAt);
    return (
      <div
        data-slot="notification-item"
        data-read={n.read}
        className={cn('group flex gap-3 px-4 py-3', !n.read && 'bg-accent/40')}
      >
        <span
          role="img"
          aria-label={n.read ? t.readDot : t.unreadDot}
          className={cn(
            'mt-1.5 size-2.5 shrink-0 rounded-full',
            n.read ? 'bg-transparent ring-1 ring-border' : 'bg-primary',
          )}
        />
        <button
          type="button"
          onClick={onClick}
          className="min-w-0 flex-1 rounded-sm text-left focus-visible:outline-2 focus-visible:outline-ring"
        >
          {n.title ? <span className="block truncate text-sm font-semibold">{n.title}</span> : null}
          <span className="block text-sm break-words">{n.content}</span>
          <span className="mt-1 block text-xs text-muted-foreground">
            <time dateTime={n.createdAt}>
              {timeFormat().format(date)} · {dateFormat().format(date)}
            </time>
          </span>
        </button>
        <div className="flex shrink-0 flex-col gap-1">
          {!n.read ? (
            <IconButton size="icon-sm" label={t.markRead} onClick={onMarkRead}>
              <CheckIcon aria-hidden="true" />
            </IconButton>
          ) : null}
          {!n.archived ? (
            <IconButton size="icon-sm" label={t.archive} onClick={onArchive}>
              <ArchiveIcon aria-hidden="true" />
            </IconButton>
          ) : null}
        </div>
      </div>
    );
  },
  (a, b) => a.actions === b.actions && sameEntry(a.notification, b.notification),
);

import { ArchiveIcon, BellIcon, CheckCheckIcon, CheckIcon, XIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import type * as React from 'react';
import { useId, useState } from 'react';
import { Button } from '../button/button.tsx';
import { badgeLabel } from '../hooks/timings.ts';
import { cn } from '../lib/cn.ts';
import { lazy } from '../lib/lazy.ts';
import { uiMessages } from '../messages.ts';
import { Skeleton } from '../skeleton/skeleton.tsx';
import { Switch } from '../switch/switch.tsx';

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
  items: readonly NotificationEntry[];
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
  onItemClick: (id: string) => void;
  onMarkRead: (id: string) => void;
  onArchive: (id: string) => void;
}

/** The bell with its unread badge (9+ above 9, hidden at 0). */
export function NotificationBell({
  count,
  className,
  ...props
}: React.ComponentProps<'button'> & { count: number }) {
  const label = badgeLabel(count);
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

/** Bell + panel (a popover anchored to the bell). Data and actions come from props. */
export function NotificationPanel(props: NotificationPanelProps) {
  const { open, onOpenChange, count } = props;
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <NotificationBell count={count} aria-expanded={open} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label={t.title}
          className="z-50 flex max-h-[min(36rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-xl border border-border bg-popover text-popover-foreground shadow-xl"
        >
          <NotificationPanelBody {...props} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

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
  onItemClick,
  onMarkRead,
  onArchive,
}: NotificationPanelProps) {
  const titleId = useId();
  const pushId = useId();
  const [visible, setVisible] = useState(PAGE);
  return (
    <section aria-labelledby={titleId} data-slot="notification-panel" className="flex min-h-0 flex-col">
      <header className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 id={titleId} className="text-base font-semibold">
          {t.title}
        </h2>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t.markAllRead}
            title={t.markAllRead}
            onClick={onMarkAllRead}
          >
            <CheckCheckIcon aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t.archiveAll}
            title={t.archiveAll}
            onClick={onArchiveAll}
          >
            <ArchiveIcon aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={uiMessages.close}
            title={uiMessages.close}
            onClick={() => onOpenChange(false)}
          >
            <XIcon aria-hidden="true" />
          </Button>
        </div>
      </header>
      <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-2 text-sm">
        <label htmlFor={pushId}>{t.pushSwitch}</label>
        <Switch id={pushId} checked={pushEnabled} disabled={pushBusy} onCheckedChange={onPushChange} />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto" aria-busy={loading || undefined}>
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
          <ul className="divide-y divide-border">
            {items.slice(0, visible).map((n) => (
              <NotificationPanelItem
                key={n.id}
                notification={n}
                onClick={() => onItemClick(n.id)}
                onMarkRead={() => onMarkRead(n.id)}
                onArchive={() => onArchive(n.id)}
              />
            ))}
            {items.length > visible ? (
              <li className="p-2 text-center">
                <Button variant="ghost" size="sm" onClick={() => setVisible((v) => v + PAGE)}>
                  {t.loadMore}
                </Button>
              </li>
            ) : null}
          </ul>
        )}
      </div>
      <footer className="border-t border-border p-2">
        <Button variant="ghost" size="sm" className="w-full" onClick={onToggleArchived}>
          {showArchived ? t.showActive : t.showArchived}
        </Button>
      </footer>
    </section>
  );
}

export function NotificationPanelItem({
  notification: n,
  onClick,
  onMarkRead,
  onArchive,
}: {
  notification: NotificationEntry;
  onClick: () => void;
  onMarkRead: () => void;
  onArchive: () => void;
}) {
  const date = new Date(n.createdAt);
  return (
    <li
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
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t.markRead}
            title={t.markRead}
            onClick={onMarkRead}
          >
            <CheckIcon aria-hidden="true" />
          </Button>
        ) : null}
        {!n.archived ? (
          <Button variant="ghost" size="icon-sm" aria-label={t.archive} title={t.archive} onClick={onArchive}>
            <ArchiveIcon aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </li>
  );
}

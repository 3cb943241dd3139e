import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { SYSTEM_AUTO_OPEN_MS, truncateMessage } from '../hooks/timings.ts';
import { usePublishedHeight } from '../hooks/use-published-height.ts';
import { useRotation } from '../hooks/use-rotation.ts';
import { cn } from '../lib/cn.ts';
import { systemMessages } from '../shell-messages.ts';
import { ToastIcon, toneClass } from '../toaster/toaster.tsx';
import type { SystemMessageEntry } from './system-message.ts';

const t = systemMessages;

/**
 * The CSS variable the pill publishes on <html> while it shows: the room the page's header leaves above itself
 * (the pill's height and its margins) so that the pill, at the top centre, never covers the breadcrumb.
 */
export const SYSTEM_PILL_SPACE_VAR = '--system-pill-space';

export type { SystemMessageEntry };

const SystemNotificationsDialog = lazy(() => import('./system-notifications-dialog.tsx'));

export interface SystemNotificationsProps {
  messages: readonly SystemMessageEntry[];
  onRemove: (id: string) => void;
  onClearAll: () => void;
  /** Told when the modal opens or closes (the app holds the toasts while it is open). */
  onOpenChange?: (open: boolean) => void;
  /** Which new messages open the modal by themselves after 3 s (default: errors). */
  shouldAutoOpen?: (message: SystemMessageEntry) => boolean;
  rotationMs?: number;
  autoOpenMs?: number;
}

/**
 * The pill at the top centre: the current message cut at 60 characters, a count when several, rotating
 * every 5 s; a click opens 'Notificaciones del Sistema'. Rotation pauses while the modal is open.
 */
export function SystemNotifications({
  messages,
  onRemove,
  onClearAll,
  onOpenChange,
  shouldAutoOpen = (m) => m.type === 'error',
  rotationMs,
  autoOpenMs = SYSTEM_AUTO_OPEN_MS,
}: SystemNotificationsProps) {
  const [open, setOpenState] = useState(false);
  // Mounted once opened, and kept so that it can animate its closing.
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);
  const index = useRotation(messages.length, { paused: open, interval: rotationMs });
  const setOpen = (value: boolean) => {
    setOpenState(value);
    onOpenChange?.(value);
  };
  const setOpenRef = useRef(setOpen);
  setOpenRef.current = setOpen;

  // The 3 s auto-open check: scheduled when a message arrives, cleared if it is gone or the modal opened.
  const seen = useRef(new Set(messages.map((m) => m.id)));
  const newest = messages.filter((m) => !seen.current.has(m.id));
  for (const m of newest) seen.current.add(m.id);
  const candidate = newest.find(shouldAutoOpen)?.id;
  const latest = useRef(messages);
  latest.current = messages;
  useEffect(() => {
    if (!candidate || open) return;
    const timer = setTimeout(() => {
      if (latest.current.some((m) => m.id === candidate)) setOpenRef.current(true);
    }, autoOpenMs);
    return () => clearTimeout(timer);
  }, [candidate, open, autoOpenMs]);

  const current = messages[index];
  // While it shows, the header below makes room for it (the pill never covers the breadcrumb).
  const pill = useRef<HTMLDivElement>(null);
  usePublishedHeight(pill, SYSTEM_PILL_SPACE_VAR, { extra: '1rem', enabled: Boolean(current) });
  return (
    <>
      {current ? (
        <div
          ref={pill}
          className="pointer-events-none fixed inset-x-0 top-[calc(env(safe-area-inset-top)+4rem)] z-40 flex justify-center px-2 md:top-2"
        >
          <button
            type="button"
            data-slot="system-pill"
            onClick={() => setOpen(true)}
            aria-label={`${t.open}: ${current.message}`}
            aria-haspopup="dialog"
            className={cn(
              'pointer-events-auto flex max-w-[min(36rem,calc(100vw-1rem))] items-center gap-2 rounded-full border px-3 py-1.5 text-sm shadow-md backdrop-blur focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              toneClass[current.type],
            )}
          >
            <ToastIcon type={current.type} />
            <span className="truncate" data-testid="system-pill-text">
              {truncateMessage(current.message)}
            </span>
            {messages.length > 1 ? (
              <span
                data-testid="system-pill-count"
                className="ml-1 rounded-full bg-foreground/10 px-2 py-0.5 text-xs font-semibold tabular-nums"
              >
                {messages.length}
              </span>
            ) : null}
          </button>
        </div>
      ) : null}
      {/* The modal's code (Radix Dialog and its focus and scroll locks) loads the first time it opens: the
          first load of the app carries only the pill. */}
      {mounted ? (
        <Suspense fallback={null}>
          <SystemNotificationsDialog
            open={open}
            onOpenChange={setOpen}
            messages={messages}
            onRemove={onRemove}
            onClearAll={onClearAll}
          />
        </Suspense>
      ) : null}
    </>
  );
}

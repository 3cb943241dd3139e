import { CircleAlertIcon, CircleCheckIcon, InfoIcon, TriangleAlertIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { TOAST_DEFAULT_DURATION_MS } from '../hooks/timings.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { cn } from '../lib/cn.ts';
import { toastMessages } from '../shell-messages.ts';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastEntry {
  id: string;
  type: ToastType;
  message: string;
  /** ms; default 5000. */
  duration?: number;
}

export const toneClass: Record<ToastType, string> = {
  success: 'border-success/40 bg-background text-foreground [&_[data-icon]]:text-success',
  error: 'border-destructive/50 bg-background text-foreground [&_[data-icon]]:text-destructive',
  warning: 'border-warning/50 bg-background text-foreground [&_[data-icon]]:text-warning',
  info: 'border-info/40 bg-background text-foreground [&_[data-icon]]:text-info',
};

const icons = {
  success: CircleCheckIcon,
  error: CircleAlertIcon,
  warning: TriangleAlertIcon,
  info: InfoIcon,
};

export function ToastIcon({ type }: { type: ToastType }) {
  const Icon = icons[type];
  return (
    <Icon data-icon="" className="mt-0.5 size-4 shrink-0" aria-label={toastMessages.types[type]} role="img" />
  );
}

/**
 * The toasts, announced through an aria-live region. Each one dismisses itself after its duration; timers
 * stop while `hold` is on or the toast is hovered or focused, and restart when that ends.
 *
 * Placement: bottom right on a desktop (away from the rail's 'Cerrar Sesión' at bottom left); full width at
 * the bottom on a phone, inside the safe areas, and *below* modal layers (the menu drawer and dialogs are
 * z-50): a toast never covers 'Cerrar Sesión', the drawer's last items or a dialog's buttons. Above a screen's
 * `ActionBar` while it is fixed to the bottom (the height it publishes as `--action-bar-height`).
 */
export function Toaster({
  toasts,
  onDismiss,
  hold = false,
}: {
  toasts: readonly ToastEntry[];
  onDismiss: (id: string) => void;
  hold?: boolean;
}) {
  return (
    <section
      aria-label={toastMessages.region}
      aria-live="polite"
      data-slot="toaster"
      className="pointer-events-none fixed right-0 bottom-0 z-40 flex w-full flex-col gap-2 pt-3 pr-[calc(env(safe-area-inset-right)+0.75rem)] pb-[calc(env(safe-area-inset-bottom)+var(--action-bar-height,0px)+0.75rem)] pl-[calc(env(safe-area-inset-left)+0.75rem)] md:z-[90] md:max-w-sm md:p-4 md:pb-[calc(var(--action-bar-height,0px)+1rem)]"
    >
      <div className="flex flex-col gap-2">
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={() => onDismiss(toast.id)} hold={hold} />
        ))}
      </div>
    </section>
  );
}

export function Toast({
  toast,
  onDismiss,
  hold,
}: {
  toast: ToastEntry;
  onDismiss: () => void;
  hold: boolean;
}) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useCountdown(toast.duration ?? TOAST_DEFAULT_DURATION_MS, onDismiss, hold || hovered || focused);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a live status/alert; pointer and focus only pause its timer.
    <div
      data-slot="toast"
      data-type={toast.type}
      role={toast.type === 'error' ? 'alert' : 'status'}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
      className={cn(
        'pointer-events-auto flex items-start gap-3 rounded-lg border p-3 text-sm shadow-lg animate-fade-in',
        toneClass[toast.type],
      )}
    >
      <ToastIcon type={toast.type} />
      <p className="min-w-0 flex-1 break-words">{toast.message}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={toastMessages.close}
        // 24×24 px to tap (2.5.8), 16 px in the layout: the icon stays where it was.
        className="-mx-1 -my-1 grid size-6 place-items-center rounded-sm opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <XIcon className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

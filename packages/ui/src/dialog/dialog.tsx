import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type * as React from 'react';
import { useRef } from 'react';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** Where the focus goes back when the control that opened a dialog is gone by then (one opened from a list that closed). */
export type ReturnFocus = React.RefObject<HTMLElement | null>;

/**
 * Gives the focus back to what held it when a dialog opened (read when Radix is about to move the focus in, its
 * `onOpenAutoFocus`): a dialog opened by state rather than by a Radix trigger (a menu item, a shortcut, a row's
 * button) returns the focus to that control, not to the page's body; when that control is gone by then, to
 * `returnFocus`. A caller's own handlers run first; one that prevents the default decides instead.
 */
export function useFocusReturn(
  ownOpen?: (event: Event) => void,
  ownClose?: (event: Event) => void,
  returnFocus?: ReturnFocus,
): { onOpenAutoFocus: (event: Event) => void; onCloseAutoFocus: (event: Event) => void } {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      ownOpen?.(event);
    },
    onCloseAutoFocus: (event) => {
      ownClose?.(event);
      if (event.defaultPrevented) return;
      const first = opener.current;
      const back = first?.isConnected && first !== document.body ? first : returnFocus?.current;
      if (!back?.isConnected) return;
      event.preventDefault();
      back.focus();
    },
  };
}

export function DialogContent({
  className,
  children,
  hideClose,
  onOpenAutoFocus,
  onCloseAutoFocus,
  returnFocus,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & {
  hideClose?: boolean;
  returnFocus?: ReturnFocus;
}) {
  const focus = useFocusReturn(onOpenAutoFocus, onCloseAutoFocus, returnFocus);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 animate-fade-in" />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[85dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-background p-6 text-foreground shadow-lg animate-fade-in',
          className,
        )}
        {...props}
        onOpenAutoFocus={focus.onOpenAutoFocus}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      >
        {children}
        {hideClose ? null : (
          <DialogPrimitive.Close
            aria-label={uiMessages.close}
            // 24×24 px to tap (2.5.8); the negative margin keeps the icon where it was.
            className="absolute top-4 right-4 -mx-1 -my-1 grid size-6 place-items-center rounded-sm opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <XIcon className="size-4" aria-hidden="true" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6', className)} {...props} />;
}
export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
  );
}
export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}
export function DialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}

import { AlertDialog } from 'radix-ui';
import type * as React from 'react';
import { buttonVariants } from '../button/button.tsx';
import { type ReturnFocus, useFocusReturn } from '../dialog/dialog.tsx';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';

/** What every alert dialog takes: it is controlled, asks `title` and may explain it in `description`. */
export interface AlertDialogBaseProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  cancelLabel?: string;
}

/**
 * The frame of an alert dialog: the overlay, the centred box with its title and (when given) its description,
 * then `children` (its buttons). Without a description the box says it has none, rather than naming a missing id.
 */
export function AlertDialogFrame({
  open,
  onOpenChange,
  title,
  description,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  returnFocus,
  ...props
}: Omit<AlertDialogBaseProps, 'cancelLabel'> &
  Omit<React.ComponentProps<typeof AlertDialog.Content>, 'title'> & { returnFocus?: ReturnFocus }) {
  const focus = useFocusReturn(onOpenAutoFocus, onCloseAutoFocus, returnFocus);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...props}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border border-border bg-background p-6 shadow-lg',
            className,
          )}
        >
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          {description ? (
            <AlertDialog.Description className="text-sm text-muted-foreground">
              {description}
            </AlertDialog.Description>
          ) : null}
          {children}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * Asks before destroying data. Controlled: `open` + `onOpenChange`; `onConfirm` runs on the confirm button.
 * Opened without a Radix trigger, it gives the focus back to whatever had it when it opened (the button that
 * asked), not to the page's body.
 */
export function ConfirmDialog({
  confirmLabel = uiMessages.confirm.confirm,
  cancelLabel = uiMessages.confirm.cancel,
  destructive = true,
  onConfirm,
  ...frame
}: AlertDialogBaseProps & {
  confirmLabel?: string;
  destructive?: boolean;
  onConfirm: () => void;
  /** Where the focus goes back when the opener is gone by then (one opened from a list that closed). */
  returnFocus?: ReturnFocus;
}) {
  return (
    <AlertDialogFrame {...frame} className="max-w-md">
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>
          {cancelLabel}
        </AlertDialog.Cancel>
        <AlertDialog.Action
          className={cn(buttonVariants({ variant: destructive ? 'destructive' : 'default' }))}
          onClick={onConfirm}
        >
          {confirmLabel}
        </AlertDialog.Action>
      </div>
    </AlertDialogFrame>
  );
}

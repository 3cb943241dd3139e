import { ConfirmDialog } from '@crw/ui';
import type { ComponentProps } from 'react';

type ConfirmDialogProps = ComponentProps<typeof ConfirmDialog>;

/**
 * A confirmation about one thing (a row to delete, a grant to revoke, a task to cancel): open while `target`
 * is set, closing clears it, and the confirm button acts on that thing.
 */
export function ConfirmFor<T>({
  target,
  onClose,
  title,
  onConfirm,
  ...props
}: Omit<ConfirmDialogProps, 'open' | 'onOpenChange' | 'title' | 'onConfirm'> & {
  target: T | null;
  onClose: () => void;
  title: (target: T) => string;
  onConfirm: (target: T) => void;
}) {
  return (
    <ConfirmDialog
      {...props}
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={target !== null ? title(target) : ''}
      onConfirm={() => {
        if (target !== null) onConfirm(target);
      }}
    />
  );
}

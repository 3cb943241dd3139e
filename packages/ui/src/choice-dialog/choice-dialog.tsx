import { AlertDialog } from 'radix-ui';
import { Button } from '../button/button.tsx';
import { type AlertDialogBaseProps, AlertDialogFrame } from '../confirm-dialog/confirm-dialog.tsx';
import { uiMessages } from '../messages.ts';

export interface Choice {
  label: string;
  onSelect: () => void;
  /** `default` for the main choice, `destructive` for one that throws work away. */
  variant?: 'default' | 'destructive' | 'outline';
  /** Shown while the choice runs (e.g. «Guardando…»); the dialog's buttons wait meanwhile. */
  busyLabel?: string;
}

/**
 * Asks which of several ways to go on, and offers to go back: «Tienes cambios sin guardar» — Guardar ·
 * Descartar · Seguir editando. Controlled (`open` + `onOpenChange`); a choice runs its `onSelect` and the
 * caller closes the dialog when it is done (a save may fail and keep it open). «Seguir editando» (the cancel
 * button, focused when the dialog opens), Escape and the overlay close it without choosing.
 * The choices are listed from the least to the main one: on a phone the main one is on top.
 */
export function ChoiceDialog({
  onOpenChange,
  choices,
  cancelLabel = uiMessages.confirm.cancel,
  busy = null,
  className,
  ...frame
}: AlertDialogBaseProps & {
  choices: readonly Choice[];
  /** The label of the choice that is running, if one is. */
  busy?: string | null;
  className?: string;
}) {
  return (
    <AlertDialogFrame
      {...frame}
      onOpenChange={(next) => (busy && !next ? undefined : onOpenChange(next))}
      data-slot="choice-dialog"
      className={className}
      aria-busy={busy ? true : undefined}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <AlertDialog.Cancel asChild>
          <Button variant="outline" disabled={busy !== null}>
            {cancelLabel}
          </Button>
        </AlertDialog.Cancel>
        {choices.map((c) => (
          <Button
            key={c.label}
            variant={c.variant ?? 'outline'}
            disabled={busy !== null}
            onClick={c.onSelect}
          >
            {busy === c.label && c.busyLabel ? c.busyLabel : c.label}
          </Button>
        ))}
      </div>
    </AlertDialogFrame>
  );
}

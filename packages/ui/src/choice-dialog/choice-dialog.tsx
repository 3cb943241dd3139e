import { AlertDialog } from 'radix-ui';
import { Button } from '../button/button.tsx';
import { cn } from '../lib/cn.ts';
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
  open,
  onOpenChange,
  title,
  description,
  choices,
  cancelLabel = uiMessages.confirm.cancel,
  busy = null,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  choices: readonly Choice[];
  cancelLabel?: string;
  /** The label of the choice that is running, if one is. */
  busy?: string | null;
  className?: string;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (busy && !next ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content
          data-slot="choice-dialog"
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border border-border bg-background p-6 shadow-lg',
            className,
          )}
          aria-busy={busy ? true : undefined}
        >
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          {description ? (
            <AlertDialog.Description className="text-sm text-muted-foreground">
              {description}
            </AlertDialog.Description>
          ) : null}
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
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
} from '@crw/ui';
import { useForm } from 'react-hook-form';
import { portfolioSettingsMsg as t } from '../messages.ts';

/**
 * Deleting a portfolio asks for its identifier to be typed: a mistaken click cannot destroy a business's
 * whole history. Stays open on failure (the caller shows the error) so the person can try again.
 */
export function DeletePortfolioDialog({
  open,
  onOpenChange,
  businessName,
  identifier,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  businessName: string;
  identifier: string;
  onConfirm: () => Promise<void>;
}) {
  const { register, handleSubmit, watch, reset, formState } = useForm<{ confirm: string }>({
    defaultValues: { confirm: '' },
  });
  const matches = watch('confirm').trim() === identifier;
  const { isSubmitting, errors } = formState;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (isSubmitting) return;
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <form noValidate onSubmit={handleSubmit(onConfirm)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t.remove.dialogTitle(businessName)}</DialogTitle>
            <DialogDescription>{t.remove.description}</DialogDescription>
          </DialogHeader>
          <Field label={t.remove.confirmLabel(identifier)} error={errors.confirm?.message}>
            {(p) => (
              <Input
                {...p}
                {...register('confirm', {
                  validate: (v) => v.trim() === identifier || t.remove.mismatch,
                })}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                className="font-mono"
              />
            )}
          </Field>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={isSubmitting}
              onClick={() => {
                reset();
                onOpenChange(false);
              }}
            >
              {t.remove.cancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={!matches || isSubmitting}>
              {isSubmitting ? t.remove.removing : t.remove.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

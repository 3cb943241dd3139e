import { Button, Card, EmptyState, Field, Input, Skeleton, Switch } from '@crw/ui';
import { TriangleAlertIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { DeletePortfolioDialog } from '../../features/portfolio-settings/components/delete-portfolio-dialog.tsx';
import { PortfolioListsFields } from '../../features/portfolio-settings/components/portfolio-lists-fields.tsx';
import { portfolioSettingsMsg as t } from '../../features/portfolio-settings/messages.ts';
import {
  deletePortfolio,
  type PortfolioInput,
  portfolioPermissions,
  setSelfApproval,
  updatePortfolio,
} from '../../features/portfolio-settings/store.ts';
import { portfoliosStore } from '../../features/portfolios/store.ts';
import { toast } from '../../features/system/store.ts';
import { msg } from '../../messages.ts';

interface PortfolioView {
  readonly _id: string;
  readonly identifier: string;
  readonly allowSelfApproval: boolean;
  readonly accountData: { readonly businessName: string };
  readonly productionCycleData: {
    readonly pilaresContenido: readonly string[];
    readonly angulosVenta: readonly string[];
    readonly formatosCreativos: readonly string[];
  };
}

const valuesOf = (p: PortfolioView): PortfolioInput => ({
  businessName: p.accountData.businessName,
  pilaresContenido: [...p.productionCycleData.pilaresContenido],
  angulosVenta: [...p.productionCycleData.angulosVenta],
  formatosCreativos: [...p.productionCycleData.formatosCreativos],
});

/** Settings › General: the business name and the three lists; deleting the portfolio. */
export default function SettingsGeneral() {
  const { active } = useSnapshot(portfoliosStore);
  if (!active) {
    return <EmptyState icon={<TriangleAlertIcon />} title={msg.portfolios.noActive} />;
  }
  // A new form for each portfolio, filled with its current values.
  return <GeneralForm key={active._id} portfolio={active} />;
}

function GeneralForm({ portfolio }: { portfolio: PortfolioView }) {
  const navigate = useNavigate();
  const [permissions, setPermissions] = useState<Set<string> | null | undefined>(undefined);
  const [deleting, setDeleting] = useState(false);
  const { register, control, handleSubmit, reset, formState } = useForm<PortfolioInput>({
    mode: 'onTouched',
    defaultValues: valuesOf(portfolio),
  });
  const { errors, isDirty, isSubmitting } = formState;

  useEffect(() => {
    let current = true;
    void portfolioPermissions(portfolio._id).then((p) => {
      if (current) setPermissions(p);
    });
    return () => {
      current = false;
    };
  }, [portfolio._id]);

  // null: an admin, or not known (the server decides).
  const canEdit = permissions == null || permissions.has('portfolio.edit');
  const canDelete = permissions === null || permissions?.has('portfolio.delete') === true;

  const save = handleSubmit(async (values) => {
    try {
      const updated = await updatePortfolio(portfolio._id, values);
      reset(valuesOf(updated));
      toast.success(t.general.saved);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : msg.portfolios.update);
    }
  });

  const remove = async () => {
    const name = portfolio.accountData.businessName;
    try {
      await deletePortfolio(portfolio._id);
      toast.success(t.remove.removed(name));
      setDeleting(false);
      navigate('/', { replace: true });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : msg.portfolios.remove);
    }
  };

  const locked = !canEdit || isSubmitting;
  return (
    <div className="space-y-6">
      <h2 className="sr-only">{msg.screens.settingsGeneral}</h2>
      <form noValidate onSubmit={save} className="max-w-2xl space-y-6" aria-busy={isSubmitting}>
        {canEdit ? null : (
          <p role="note" className="rounded-md border border-border bg-muted p-3 text-sm">
            {t.general.readOnly}
          </p>
        )}
        <Card className="space-y-5 p-5">
          <Field label={t.fields.businessName} error={errors.businessName?.message}>
            {(p) => (
              <Input
                {...p}
                {...register('businessName', {
                  validate: (v) => v.trim().length > 0 || t.fields.businessNameRequired,
                })}
                disabled={locked}
                maxLength={150}
                autoComplete="organization"
              />
            )}
          </Field>
          <dl className="space-y-1 text-sm">
            <dt className="font-medium">{t.fields.identifier}</dt>
            <dd className="break-all font-mono">{portfolio.identifier}</dd>
            <dd className="text-xs text-muted-foreground">{t.general.identifierReadOnly}</dd>
          </dl>
        </Card>
        <Card className="p-5">
          <PortfolioListsFields control={control} disabled={locked} />
        </Card>
        {canEdit ? (
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              type="button"
              variant="outline"
              disabled={!isDirty || isSubmitting}
              onClick={() => reset()}
            >
              {t.general.discard}
            </Button>
            <Button type="submit" disabled={!isDirty || isSubmitting}>
              {isSubmitting ? t.general.saving : t.general.save}
            </Button>
          </div>
        ) : null}
      </form>

      <SelfApprovalSetting portfolio={portfolio} disabled={!canEdit} />

      <section
        aria-labelledby="delete-portfolio-title"
        className="max-w-2xl space-y-3 rounded-xl border border-destructive/40 p-5"
      >
        <h2 id="delete-portfolio-title" className="text-base font-semibold text-destructive">
          {t.remove.title}
        </h2>
        <p className="text-sm text-muted-foreground">{t.remove.description}</p>
        {permissions === undefined ? (
          <Skeleton className="h-10 w-48" />
        ) : canDelete ? (
          <Button variant="destructive" onClick={() => setDeleting(true)}>
            {t.remove.open}
          </Button>
        ) : (
          <p className="text-sm">{t.remove.noPermission}</p>
        )}
      </section>
      <DeletePortfolioDialog
        open={deleting}
        onOpenChange={setDeleting}
        businessName={portfolio.accountData.businessName}
        identifier={portfolio.identifier}
        onConfirm={remove}
      />
    </div>
  );
}

/** The four-eyes rule of the portfolio's reviews, lifted only for one-person teams (saved at once). */
function SelfApprovalSetting({ portfolio, disabled }: { portfolio: PortfolioView; disabled: boolean }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const change = async (allow: boolean) => {
    setBusy(true);
    try {
      await setSelfApproval(portfolio._id, allow);
      toast.success(allow ? t.review.on : t.review.off);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : msg.portfolios.update);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby={`${id}-title`} className="max-w-2xl">
      <Card className="space-y-3 p-5">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          {t.review.title}
        </h2>
        <div className="flex items-start gap-3">
          <Switch
            id={id}
            aria-labelledby={`${id}-label`}
            checked={portfolio.allowSelfApproval}
            disabled={disabled || busy}
            aria-describedby={`${id}-hint`}
            onCheckedChange={(on) => void change(on)}
          />
          <div className="space-y-1">
            <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium">
              {t.review.selfApproval}
            </label>
            <p id={`${id}-hint`} className="text-xs text-muted-foreground">
              {t.review.selfApprovalHint}
            </p>
          </div>
        </div>
      </Card>
    </section>
  );
}

import * as sdk from '@crw/api-client/sdk';
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
  Select,
} from '@crw/ui';
import { type FormEvent, useState } from 'react';
import { useSnapshot } from 'valtio';
import { productionMsg as t } from '../../../features/production/messages.ts';
import { productionStore, startProduction } from '../../../features/production/store.ts';
import { toast } from '../../../features/system/store.ts';
import { api } from '../../../lib/api.ts';
import { formatDay } from '../../../lib/dates.ts';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Where the focus goes when it closes, when the control that opened it is not a Radix trigger or is gone by
   * then (a dialog opened from a list that closed): the control the person knows (issue 49, point 7).
   */
  returnFocus?: React.RefObject<HTMLElement | null>;
}

/** One way to run a form's submit: busy flag, Spanish error next to the form, no double submit. */
export function useSubmit(action: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, submit };
}

export function FormDialog({
  open,
  onOpenChange,
  returnFocus,
  title,
  description,
  submitLabel,
  busy,
  submitDisabled = false,
  error,
  onSubmit,
  children,
}: DialogProps & {
  title: string;
  description?: string;
  submitLabel: string;
  busy: boolean;
  /** Not submittable yet (e.g. still reading what the form needs). */
  submitDisabled?: boolean;
  error: string | null;
  onSubmit: (e: FormEvent) => void;
  children: React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent returnFocus={returnFocus}>
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            {description ? <DialogDescription>{description}</DialogDescription> : null}
          </DialogHeader>
          {children}
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={busy || submitDisabled} aria-busy={busy}>
              {busy ? t.saving : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function StartProductionDialog({ portfolioId, ...props }: DialogProps & { portfolioId: string }) {
  const [days, setDays] = useState('14');
  const { busy, error, submit } = useSubmit(async () => {
    await startProduction(portfolioId, Number(days));
    toast.success(t.noCycle.started);
    props.onOpenChange(false);
  });
  const invalid = !Number.isInteger(Number(days)) || Number(days) < 1 || Number(days) > 365;
  return (
    <FormDialog
      {...props}
      title={t.noCycle.action}
      description={t.noCycle.description}
      submitLabel={t.noCycle.start}
      busy={busy}
      error={error}
      onSubmit={(e) => (invalid ? e.preventDefault() : void submit(e))}
    >
      <Field label={t.noCycle.daysLabel} error={invalid ? 'Indica un número de días entre 1 y 365' : null}>
        {(a) => (
          <Input
            {...a}
            type="number"
            min={1}
            max={365}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
        )}
      </Field>
    </FormDialog>
  );
}

export function CreateItemDialog({
  cycleId,
  onCreated,
  ...props
}: DialogProps & { cycleId: string; onCreated: (itemId: string) => void }) {
  const [title, setTitle] = useState('');
  const [touched, setTouched] = useState(false);
  const { busy, error, submit } = useSubmit(async () => {
    const item = await api.call(
      sdk.createItem({ client: api.client, path: { id: cycleId }, body: { title: title.trim() } }),
      t.create.error,
    );
    toast.success(t.create.created);
    setTitle('');
    setTouched(false);
    props.onOpenChange(false);
    onCreated(item._id);
  });
  const problem = touched && !title.trim() ? 'Escribe un título' : null;
  return (
    <FormDialog
      {...props}
      title={t.create.title}
      submitLabel={t.create.submit}
      busy={busy}
      error={error}
      onSubmit={(e) => {
        setTouched(true);
        if (!title.trim()) return e.preventDefault();
        void submit(e);
      }}
    >
      <Field label={t.columns.title} error={problem}>
        {(a) => (
          <Input {...a} autoFocus maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
        )}
      </Field>
    </FormDialog>
  );
}

export function StrategyDialog({
  cycleId,
  onCreated,
  ...props
}: DialogProps & { cycleId: string; onCreated: () => void }) {
  const [count, setCount] = useState('12');
  const invalid = !Number.isInteger(Number(count)) || Number(count) < 1 || Number(count) > 100;
  const { busy, error, submit } = useSubmit(async () => {
    const created = await api.call(
      sdk.generateStrategy({
        client: api.client,
        path: { id: cycleId },
        body: { itemsCount: Number(count) },
      }),
      t.strategy.error,
    );
    toast.success(t.strategy.created(created.length));
    props.onOpenChange(false);
    onCreated();
  });
  return (
    <FormDialog
      {...props}
      title={t.strategy.title}
      description={t.strategy.description}
      submitLabel={t.strategy.submit}
      busy={busy}
      error={error}
      onSubmit={(e) => (invalid ? e.preventDefault() : void submit(e))}
    >
      <Field label={t.strategy.count} error={invalid ? 'Indica un número entre 1 y 100' : null}>
        {(a) => (
          <Input
            {...a}
            type="number"
            min={1}
            max={100}
            value={count}
            onChange={(e) => setCount(e.target.value)}
          />
        )}
      </Field>
    </FormDialog>
  );
}

export function MoveItemsDialog({
  itemIds,
  currentCycleId,
  onMoved,
  ...props
}: DialogProps & { itemIds: string[]; currentCycleId: string; onMoved: () => void }) {
  const { cycles } = useSnapshot(productionStore);
  const targets = cycles.filter((c) => c._id !== currentCycleId);
  const [target, setTarget] = useState<string | undefined>();
  const { busy, error, submit } = useSubmit(async () => {
    if (!target) throw new Error(t.bulk.target);
    const moved = await api.call(
      sdk.moveItems({ client: api.client, body: { itemIds, nextCycleId: target } }),
      t.bulk.moveError,
    );
    toast.success(t.bulk.moved(moved.length));
    props.onOpenChange(false);
    onMoved();
  });
  return (
    <FormDialog
      {...props}
      title={t.bulk.moveTitle}
      description={t.bulk.selected(itemIds.length)}
      submitLabel={t.bulk.move}
      busy={busy}
      error={error}
      onSubmit={(e) => void submit(e)}
    >
      <Field label={t.bulk.target}>
        {(a) => (
          <Select
            {...a}
            options={targets.map((c) => ({
              value: c._id,
              label: t.cycles.range(formatDay(c.startDate), formatDay(c.endDate)),
            }))}
            value={target}
            onValueChange={setTarget}
          />
        )}
      </Field>
    </FormDialog>
  );
}

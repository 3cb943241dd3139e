import type { Cycle } from '@crw/api-client';
import { ConfirmDialog, DatePicker, Field, Input } from '@crw/ui';
import { useEffect, useState } from 'react';
import {
  addDays,
  changeCycleEnd,
  createCycleAfter,
  cycleDays,
  deleteCycle,
  fetchLastCycle,
} from '../../../features/production/cycles.ts';
import { productionMsg as t } from '../../../features/production/messages.ts';
import { toast } from '../../../features/system/store.ts';
import { formatDay } from '../../../lib/dates.ts';
import { type DialogProps, FormDialog, useSubmit } from './dialogs.tsx';

const range = (c: Pick<Cycle, 'startDate' | 'endDate'>) =>
  t.cycles.range(formatDay(c.startDate), formatDay(c.endDate));

/**
 * «Nuevo ciclo»: asks how many days it lasts and shows the dates it will get (it starts the day after the last
 * cycle ends). Nothing is created until the person confirms.
 */
export function NewCycleDialog({
  portfolioId,
  onCreated,
  ...props
}: DialogProps & { portfolioId: string; onCreated?: (cycle: Cycle) => void }) {
  const [last, setLast] = useState<Cycle | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [days, setDays] = useState('');
  const { open } = props;

  // The last cycle read when the dialog opens (another person may have added one meanwhile).
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setLast(null);
    setLoadError(null);
    fetchLastCycle(portfolioId, controller.signal)
      .then((found) => {
        setLast(found);
        setDays(String(found ? cycleDays(found) : 14));
      })
      .catch((e: Error) => {
        if (e.name !== 'AbortError') setLoadError(e.message);
      });
    return () => controller.abort();
  }, [open, portfolioId]);

  const n = Number(days);
  const invalid = days.trim() === '' || !Number.isInteger(n) || n < 1 || n > 365;
  const start = last ? addDays(last.endDate, 1) : null;
  const { busy, error, submit } = useSubmit(async () => {
    if (!last) return;
    const cycle = await createCycleAfter(portfolioId, last, n);
    toast.success(t.cycles.createdRange(formatDay(cycle.startDate), formatDay(cycle.endDate)));
    props.onOpenChange(false);
    onCreated?.(cycle);
  });

  return (
    <FormDialog
      {...props}
      title={t.cycles.newCycle}
      description={t.cycles.newCycleDescription}
      submitLabel={t.cycles.create}
      busy={busy}
      submitDisabled={!last}
      error={error ?? loadError}
      onSubmit={(e) => (invalid || !last ? e.preventDefault() : void submit(e))}
    >
      <Field label={t.cycles.durationLabel} error={invalid ? t.cycles.durationError : null}>
        {(a) => (
          <Input
            {...a}
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
        )}
      </Field>
      <p className="text-sm" aria-live="polite" data-testid="new-cycle-dates">
        {start && !invalid ? (
          t.cycles.willRun(formatDay(start), formatDay(addDays(start, n - 1)))
        ) : !last && !loadError ? (
          <span className="text-muted-foreground">{t.cycles.loadingLast}</span>
        ) : null}
      </p>
    </FormDialog>
  );
}

/** Moves the last cycle's end (never before its start). */
export function CycleEndDialog({
  portfolioId,
  cycle,
  ...props
}: DialogProps & { portfolioId: string; cycle: Cycle | null }) {
  const [end, setEnd] = useState<string | null>(cycle?.endDate ?? null);
  const [shown, setShown] = useState(cycle);
  if (shown !== cycle) {
    setShown(cycle);
    setEnd(cycle?.endDate ?? null);
  }
  const { busy, error, submit } = useSubmit(async () => {
    if (!cycle || !end) return;
    const updated = await changeCycleEnd(portfolioId, cycle._id, end);
    toast.success(t.cycles.endChanged(formatDay(updated.endDate)));
    props.onOpenChange(false);
  });
  if (!cycle) return null;
  const invalid = !end || end < cycle.startDate;
  return (
    <FormDialog
      {...props}
      title={t.cycles.editEndLabel(range(cycle))}
      description={t.cycles.editEndDescription(formatDay(cycle.startDate))}
      submitLabel={t.cycles.save}
      busy={busy}
      error={error}
      onSubmit={(e) => (invalid ? e.preventDefault() : void submit(e))}
    >
      <Field label={t.cycles.endLabel} error={end ? null : t.cycles.endRequired}>
        {(a) => (
          <DatePicker {...a} value={end} onValueChange={setEnd} min={cycle.startDate} clearable={false} />
        )}
      </Field>
      {end && !invalid ? (
        <p className="text-sm" aria-live="polite">
          {t.cycles.lasts(cycleDays({ startDate: cycle.startDate, endDate: end }))}
        </p>
      ) : null}
    </FormDialog>
  );
}

/** Deletes the last cycle, when empty, after a confirmation. */
export function DeleteCycleDialog({
  portfolioId,
  cycle,
  onDeleted,
  returnFocus,
  ...props
}: DialogProps & { portfolioId: string; cycle: Cycle | null; onDeleted: (cycle: Cycle) => void }) {
  return (
    <ConfirmDialog
      {...props}
      returnFocus={returnFocus}
      title={cycle ? t.cycles.removeTitle(range(cycle)) : t.cycles.remove}
      description={t.cycles.removeDescription}
      confirmLabel={t.cycles.remove}
      onConfirm={() => {
        if (!cycle) return;
        deleteCycle(portfolioId, cycle._id)
          .then(() => {
            toast.success(t.cycles.removed);
            onDeleted(cycle);
          })
          .catch((e: Error) => toast.error(e.message));
      }}
    />
  );
}

import type { BulkUpdateItemsData } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { ActionBar, Button, ConfirmDialog, DatePicker, Field, Select } from '@crw/ui';
import { memo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { portfoliosStore } from '../../../features/portfolios/store.ts';
import { deleteItem } from '../../../features/production/item.ts';
import { productionMsg as t } from '../../../features/production/messages.ts';
import { clearSelection, selection, useSelection } from '../../../features/production/selection.ts';
import { type ItemQuery, productionStore } from '../../../features/production/store.ts';
import { toast } from '../../../features/system/store.ts';
import { api } from '../../../lib/api.ts';
import { FormDialog, MoveItemsDialog, useSubmit } from './dialogs.tsx';

type BulkSet = BulkUpdateItemsData['body']['set'];
type BulkField = keyof typeof t.bulk.fields;
const fieldOrder: BulkField[] = [
  'publishDate',
  'format',
  'pilar',
  'angulo',
  'funnelPhase',
  'awarenessLevel',
  'assigneeId',
];
const NONE = '__none__';

/** The title of a piece on screen (table, board or calendar), for the refusals' list. */
function titleOf(id: string): string {
  const { table, board, calendar } = productionStore;
  const all: ReadonlyArray<{ _id: string; title: string }> = [
    ...table.items,
    ...calendar.items,
    ...Object.values(board).flatMap((c) => c.items),
  ];
  return all.find((i) => i._id === id)?.title ?? id;
}

/**
 * Sets `set` on the pieces `ids` of the cycle in one call; says how many changed and why the others did not
 * («Se actualizaron 18 piezas · 2 no se pudieron cambiar», then each refusal). Answers the refused ids.
 */
export async function applyBulk(cycleId: string, ids: readonly string[], set: BulkSet) {
  const res = await api.call(
    sdk.bulkUpdateItems({ client: api.client, path: { id: cycleId }, body: { ids: [...ids], set } }),
    t.bulk.editError,
  );
  const summary = t.bulk.result(res.updated.length, res.refused.length);
  if (res.refused.length === 0) toast.success(summary);
  else {
    const reasons = res.refused.map((r) => t.bulk.refusedItem(titleOf(r.id), r.reason));
    toast.warning([summary, ...reasons.slice(0, 5)].join('\n'), 10_000);
  }
  return res;
}

/** Every piece of the cycle that the list's filter shows (for «Seleccionar todas las N»). */
export async function allItemIds(cycleId: string, query: ItemQuery): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; page <= 5; page++) {
    const res = await api.call(
      sdk.listItems({ client: api.client, path: { id: cycleId }, query: { ...query, page, limit: 100 } }),
      t.loadError,
    );
    ids.push(...res.items.map((i) => i._id));
    if (res.items.length < 100 || ids.length >= res.total) break;
  }
  return ids;
}

/**
 * What the selected pieces (table or board) may have done to them at once: each detail of the plan, a move to
 * another cycle and a deletion (confirmed with their count). Within the thumb's reach on a phone (ActionBar). Drawn
 * by the selection, not by the plan's screen around it (a view or filter changed).
 */
export const BulkBar = memo(function BulkBar({
  cycleId,
  onChanged,
}: {
  cycleId: string;
  onChanged: () => void;
}) {
  const { ids } = useSelection();
  const [field, setField] = useState<BulkField | null>(null);
  const [moving, setMoving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (ids.length === 0) return null;

  const remove = async () => {
    const doomed = [...selection.ids];
    let done = 0;
    const failed: string[] = [];
    for (const id of doomed) {
      try {
        await deleteItem(id);
        done += 1;
      } catch (error) {
        failed.push(t.bulk.refusedItem(titleOf(id), (error as Error).message));
      }
    }
    if (failed.length === 0) toast.success(t.bulk.deleted(done));
    else toast.warning([t.bulk.deleted(done), ...failed.slice(0, 5)].join('\n'), 10_000);
    clearSelection();
    onChanged();
  };

  return (
    <>
      <ActionBar
        aria-label={t.bulk.bar}
        className="lg:rounded-lg lg:border lg:border-border lg:bg-muted/50 lg:p-2"
      >
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span role="status" className="pr-1 font-medium">
            {t.bulk.selected(ids.length)}
          </span>
          {fieldOrder.map((f) => (
            <Button key={f} size="sm" variant="outline" onClick={() => setField(f)}>
              {t.bulk.fields[f]}
            </Button>
          ))}
          <Button size="sm" variant="outline" onClick={() => setMoving(true)}>
            {t.bulk.move}
          </Button>
          <Button size="sm" variant="destructive" onClick={() => setDeleting(true)}>
            {t.bulk.delete}
          </Button>
          <Button size="sm" variant="ghost" onClick={clearSelection}>
            {t.bulk.clear}
          </Button>
        </div>
      </ActionBar>
      {field ? (
        <BulkFieldDialog
          field={field}
          cycleId={cycleId}
          ids={ids}
          onOpenChange={(open) => (open ? undefined : setField(null))}
          onDone={onChanged}
        />
      ) : null}
      <MoveItemsDialog
        open={moving}
        onOpenChange={setMoving}
        itemIds={[...ids]}
        currentCycleId={cycleId}
        onMoved={() => {
          clearSelection();
          onChanged();
        }}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t.bulk.deleteTitle(ids.length)}
        description={t.bulk.deleteDescription}
        confirmLabel={t.bulk.delete}
        destructive
        onConfirm={() => void remove()}
      />
    </>
  );
});

/** One detail for every selected piece: a date, or one of the portfolio's values (or none). */
function BulkFieldDialog({
  field,
  cycleId,
  ids,
  onOpenChange,
  onDone,
}: {
  field: BulkField;
  cycleId: string;
  ids: readonly string[];
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const { active } = useSnapshot(portfoliosStore);
  const { members } = useSnapshot(productionStore);
  const [value, setValue] = useState<string | null>(null);
  const data = active?.productionCycleData;
  const values = (list: readonly string[] | undefined, label: (v: string) => string = (v) => v) =>
    (list ?? []).map((v) => ({ value: v, label: label(v) }));
  const options: Record<Exclude<BulkField, 'publishDate'>, { value: string; label: string }[]> = {
    format: values(data?.formatosCreativos),
    pilar: values(data?.pilaresContenido),
    angulo: values(data?.angulosVenta),
    funnelPhase: values(Object.keys(t.funnelPhases), (v) => t.funnelPhases[v]!),
    awarenessLevel: values(Object.keys(t.awarenessLevels), (v) => t.awarenessLevels[v]!),
    assigneeId: members.filter((m) => m.staff).map((m) => ({ value: m._id, label: m.name })),
  };
  const { busy, error, submit } = useSubmit(async () => {
    const set = { [field]: value === NONE ? null : value } as BulkSet;
    // The selection stays: the next detail (a format after the dates, then the owner) is one click away.
    await applyBulk(cycleId, ids, set);
    onOpenChange(false);
    onDone();
  });
  const label = t.bulk.fields[field];
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={t.bulk.editTitle(label, ids.length)}
      submitLabel={t.bulk.apply}
      busy={busy}
      submitDisabled={value === null}
      error={error}
      onSubmit={(e) => void submit(e)}
    >
      <Field label={label}>
        {(a) =>
          field === 'publishDate' ? (
            <DatePicker
              {...a}
              value={value === NONE ? null : value}
              onValueChange={(v) => setValue(v ?? NONE)}
            />
          ) : (
            <Select
              {...a}
              options={[{ value: NONE, label: t.bulk.none }, ...options[field]]}
              value={value ?? undefined}
              onValueChange={setValue}
            />
          )
        }
      </Field>
    </FormDialog>
  );
}

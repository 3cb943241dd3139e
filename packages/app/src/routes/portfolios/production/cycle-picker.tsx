import type { Cycle } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import {
  Button,
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Input,
  useDebouncedValue,
} from '@crw/ui';
import { CalendarRangeIcon, ChevronDownIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { productionMsg as t } from '../../../features/production/messages.ts';
import { productionStore, searchCycles } from '../../../features/production/store.ts';
import { toast } from '../../../features/system/store.ts';
import { api } from '../../../lib/api.ts';
import { formatDay } from '../../../lib/dates.ts';
import { CycleEndDialog, DeleteCycleDialog, NewCycleDialog } from './cycle-dialogs.tsx';
import { CycleList } from './cycle-list.tsx';

/**
 * The chosen cycle; opens a searchable, paginated list (current first; a listbox: ArrowDown from the search, then
 * arrows, Home/End, Enter or Space; Escape closes and focus returns to this button) where the last cycle's end can
 * be changed and, when empty, the cycle deleted; "Nuevo ciclo" (a dialog with its duration and dates) and carry-over.
 */
export function CyclePicker({
  portfolioId,
  selectedId,
  onSelect,
}: {
  portfolioId: string;
  selectedId: string;
  onSelect: (cycleId: string) => void;
}) {
  const snap = useSnapshot(productionStore);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [confirmCarry, setConfirmCarry] = useState(false);
  const [dialog, setDialog] = useState<'new' | 'end' | 'delete' | null>(null);
  // The end and delete dialogs open from the list, which closes: focus comes back to the picker's button.
  const [target, setTarget] = useState<Cycle | null>(null);
  const debounced = useDebouncedValue(search);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const newRef = useRef<HTMLButtonElement>(null);
  // Closed to open another dialog (the last cycle's end or deletion): focus goes there, not back to the trigger.
  const leavingForDialog = useRef(false);

  useEffect(() => {
    if (!open) return;
    setPage(1);
    void searchCycles(portfolioId, debounced).catch((e: Error) => toast.error(e.message));
  }, [open, debounced, portfolioId]);

  const selected =
    snap.cycles.find((c) => c._id === selectedId) ?? (snap.current?._id === selectedId ? snap.current : null);
  const label = selected
    ? t.cycles.range(formatDay(selected.startDate), formatDay(selected.endDate))
    : t.cycles.label;
  // The current cycle first, then the others newest first (as the server answers).
  const listed = [...snap.cycles].sort(
    (a, b) => Number(b._id === snap.current?._id) - Number(a._id === snap.current?._id),
  );
  // The cycle right after the selected one, for "pasar pendientes".
  const next = selected
    ? [...snap.cycles]
        .filter((c) => c.startDate > selected.endDate)
        .sort((a, b) => a.startDate.localeCompare(b.startDate))[0]
    : undefined;

  /** Leaves the list and opens the dialog for the last cycle (one dialog at a time). */
  const act = (kind: 'end' | 'delete', cycle: Cycle) => {
    setTarget(cycle);
    leavingForDialog.current = true;
    setOpen(false);
    setDialog(kind);
  };
  const carryOver = async () => {
    if (!next) return toast.warning(t.cycles.noNext);
    try {
      const moved = await api.call(
        sdk.carryOverPending({
          client: api.client,
          path: { id: selectedId },
          body: { nextCycleId: next._id },
        }),
        t.bulk.moveError,
      );
      toast.success(t.cycles.carried(moved.length));
    } catch (e) {
      toast.error((e as Error).message);
    }
  };

  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="space-y-1">
        <span className="block text-xs font-medium text-muted-foreground" id="cycle-picker-label">
          {t.cycles.label}
        </span>
        <Button
          ref={triggerRef}
          variant="outline"
          aria-labelledby="cycle-picker-label cycle-picker-value"
          onClick={() => setOpen(true)}
        >
          <CalendarRangeIcon aria-hidden="true" />
          <span id="cycle-picker-value">
            {label}
            {selected?._id === snap.current?._id ? ` · ${t.cycles.current}` : ''}
          </span>
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </div>
      <Button ref={newRef} variant="outline" onClick={() => setDialog('new')}>
        {t.cycles.newCycle}
      </Button>
      <Button variant="ghost" onClick={() => (next ? setConfirmCarry(true) : toast.warning(t.cycles.noNext))}>
        {t.cycles.carryOver}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          className="max-w-lg"
          onCloseAutoFocus={(e) => {
            // The trigger is not a Radix `Dialog.Trigger` (it sits outside the dialog's root): focus returns to
            // it by hand, after a choice or Escape.
            e.preventDefault();
            if (!leavingForDialog.current) triggerRef.current?.focus();
            leavingForDialog.current = false;
          }}
        >
          <DialogHeader>
            <DialogTitle>{t.cycles.label}</DialogTitle>
            <DialogDescription>{t.cycles.search}</DialogDescription>
          </DialogHeader>
          <Input
            type="search"
            aria-label={t.cycles.search}
            placeholder="2026-12"
            ref={searchRef}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              // Down from the search goes into the list (then arrows, Home/End, Enter or Space to choose).
              if (e.key === 'ArrowDown' && listed.length > 0) {
                e.preventDefault();
                listRef.current?.focus();
              }
            }}
          />
          <CycleList
            cycles={listed}
            currentId={snap.current?._id}
            selectedId={selectedId}
            busy={snap.cyclesLoading}
            listRef={listRef}
            onLeaveTop={() => searchRef.current?.focus()}
            onChoose={(id) => {
              onSelect(id);
              setOpen(false);
            }}
            onEditEnd={(c) => act('end', c as Cycle)}
            onDelete={(c) => act('delete', c as Cycle)}
          />
          {snap.cycles.length < snap.cyclesTotal ? (
            <Button
              variant="outline"
              disabled={snap.cyclesLoading}
              onClick={() => {
                setPage(page + 1);
                void searchCycles(portfolioId, debounced, page + 1);
              }}
            >
              {t.cycles.more}
            </Button>
          ) : null}
        </DialogContent>
      </Dialog>
      <NewCycleDialog
        portfolioId={portfolioId}
        open={dialog === 'new'}
        onOpenChange={(next) => setDialog(next ? 'new' : null)}
        returnFocus={newRef}
        // The new cycle is the one the person wants to plan next (issue 49, point 7).
        onCreated={(cycle) => onSelect(cycle._id)}
      />
      <CycleEndDialog
        portfolioId={portfolioId}
        cycle={target}
        open={dialog === 'end'}
        onOpenChange={(next) => setDialog(next ? 'end' : null)}
        returnFocus={triggerRef}
      />
      <DeleteCycleDialog
        portfolioId={portfolioId}
        cycle={target}
        open={dialog === 'delete'}
        onOpenChange={(next) => setDialog(next ? 'delete' : null)}
        returnFocus={triggerRef}
        onDeleted={(gone) => {
          // The plan falls back to the current cycle, or the new last one.
          if (gone._id === selectedId) onSelect('');
        }}
      />
      <ConfirmDialog
        open={confirmCarry}
        onOpenChange={setConfirmCarry}
        title={t.cycles.carryOverTitle}
        description={t.cycles.carryOverDescription}
        destructive={false}
        confirmLabel={t.cycles.carryOver}
        onConfirm={() => void carryOver()}
      />
    </div>
  );
}

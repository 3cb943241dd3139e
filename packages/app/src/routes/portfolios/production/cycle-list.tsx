import type { Cycle } from '@crw/api-client';
import { Button, cn } from '@crw/ui';
import { CalendarClockIcon, Trash2Icon } from 'lucide-react';
import type * as React from 'react';
import { useEffect, useId, useState } from 'react';
import { productionMsg as t } from '../../../features/production/messages.ts';
import { formatDay } from '../../../lib/dates.ts';

/** A cycle as listed (the store's snapshot is read-only). */
export type ListedCycle = Readonly<
  Pick<Cycle, '_id' | 'startDate' | 'endDate'> & { isLast?: boolean; itemCount?: number }
>;

export interface CycleListProps {
  /** In the order shown: the current cycle first. */
  cycles: readonly ListedCycle[];
  currentId?: string;
  selectedId: string;
  busy?: boolean;
  onChoose: (cycleId: string) => void;
  onEditEnd: (cycle: ListedCycle) => void;
  onDelete: (cycle: ListedCycle) => void;
  /** ArrowUp on the first cycle (back to the search field). */
  onLeaveTop?: () => void;
  listRef?: React.Ref<HTMLDivElement>;
}

/**
 * The cycles as an ARIA listbox that keeps the focus and points at the active cycle (aria-activedescendant):
 * ArrowUp/ArrowDown move, Home/End go to the ends, Enter or Space choose, ArrowUp on the first returns to the
 * search field; the chosen cycle is `aria-selected`. The last cycle's actions (its end, its deletion when empty)
 * are buttons under the list, since a listbox holds options only.
 */
export function CycleList({
  cycles,
  currentId,
  selectedId,
  busy = false,
  onChoose,
  onEditEnd,
  onDelete,
  onLeaveTop,
  listRef,
}: CycleListProps) {
  const baseId = useId();
  const optionId = (id: string) => `${baseId}-${id}`;
  const [activeId, setActiveId] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const active =
    cycles.find((c) => c._id === activeId) ?? cycles.find((c) => c._id === selectedId) ?? cycles[0];
  const activeIndex = active ? cycles.indexOf(active) : -1;
  const last = cycles.find((c) => c.isLast);
  const range = (c: ListedCycle) => t.cycles.range(formatDay(c.startDate), formatDay(c.endDate));

  useEffect(() => {
    if (!focused || !active) return;
    document.getElementById(`${baseId}-${active._id}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [focused, active, baseId]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!active) return;
    const go = (index: number) => setActiveId(cycles[Math.max(0, Math.min(cycles.length - 1, index))]._id);
    switch (e.key) {
      case 'ArrowDown':
        go(activeIndex + 1);
        break;
      case 'ArrowUp':
        if (activeIndex === 0 && onLeaveTop) onLeaveTop();
        else go(activeIndex - 1);
        break;
      case 'Home':
        go(0);
        break;
      case 'End':
        go(cycles.length - 1);
        break;
      case 'Enter':
      case ' ':
        onChoose(active._id);
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  return (
    <>
      <div
        ref={listRef}
        role="listbox"
        tabIndex={0}
        aria-label={t.cycles.label}
        aria-activedescendant={focused && active ? optionId(active._id) : undefined}
        aria-busy={busy}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        className="max-h-80 space-y-1 overflow-y-auto rounded-md p-0.5 focus-visible:outline-2 focus-visible:outline-ring"
      >
        {cycles.map((c) => (
          // biome-ignore lint/a11y/useFocusableInteractive: options are reached with aria-activedescendant from the listbox, never focused.
          // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox above answers the keyboard for its options.
          <div
            key={c._id}
            id={optionId(c._id)}
            role="option"
            aria-selected={c._id === selectedId}
            data-active={(focused && c._id === active?._id) || undefined}
            onClick={() => onChoose(c._id)}
            className={cn(
              'flex min-w-0 cursor-pointer flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md px-3 py-2 text-left text-sm hover:bg-muted aria-selected:bg-accent',
              'data-active:outline-2 data-active:outline-ring data-active:-outline-offset-2',
            )}
          >
            <span>
              {range(c)}
              {c._id === currentId ? (
                <span className="ml-2 rounded bg-primary/10 px-1.5 py-0.5 text-xs text-primary">
                  {t.cycles.current}
                </span>
              ) : null}
              {c.isLast ? (
                <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">
                  {t.cycles.last}
                </span>
              ) : null}
            </span>
            <span className="text-xs text-muted-foreground">{t.cycles.items(c.itemCount ?? 0)}</span>
          </div>
        ))}
      </div>
      {last ? (
        <div className="flex flex-wrap items-center justify-end gap-2">
          <span className="flex-1 text-xs text-muted-foreground">{t.cycles.lastActions}</span>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t.cycles.editEndLabel(range(last))}
            onClick={() => onEditEnd(last)}
          >
            <CalendarClockIcon aria-hidden="true" />
            {t.cycles.editEnd}
          </Button>
          {(last.itemCount ?? 0) === 0 ? (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t.cycles.removeLabel(range(last))}
              onClick={() => onDelete(last)}
            >
              <Trash2Icon aria-hidden="true" />
              {t.cycles.removeShort}
            </Button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

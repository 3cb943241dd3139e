import { ArrowDownWideNarrowIcon, ArrowUpNarrowWideIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../button/button.tsx';
import { Checkbox } from '../checkbox/checkbox.tsx';
import { ErrorState } from '../error-state/error-state.tsx';
import { Label } from '../label/label.tsx';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';
import { Select } from '../select/select.tsx';
import { Skeleton } from '../skeleton/skeleton.tsx';
import {
  type DataTableProps,
  EmptyBox,
  primaryColumn,
  Refreshing,
  RowCheckbox,
  SelectedCount,
  type Selection,
  t,
} from './data-table-parts.tsx';

// ——— Phone: a list of cards ———

export function DataTableCards<T>(props: DataTableProps<T> & { selection: Selection }) {
  const {
    columns,
    rows,
    getRowId,
    caption,
    sort,
    onSortChange,
    onRowOpen,
    loading = false,
    skeletonRows = 5,
    error = null,
    onRetry,
    empty,
    className,
    selection,
    selectedIds,
  } = props;
  const primary = primaryColumn(columns);
  const sortable = columns.filter((c) => c.sortable);
  const sortId = useId();
  const listId = useId();
  const selectAllId = useId();
  const others = columns.filter((c) => c !== primary && !c.hideOnMobile);
  const showSkeleton = loading && rows.length === 0 && !error;

  return (
    <div data-slot="data-table" data-mobile="" className={cn('flex min-w-0 flex-col gap-3', className)}>
      <SelectedCount selection={selection} count={selectedIds?.size ?? 0} />
      {(selection.enabled && rows.length > 0) || (sortable.length > 0 && onSortChange) ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {selection.enabled && rows.length > 0 ? (
            <div className="flex items-center gap-2 text-sm">
              <Checkbox
                id={selectAllId}
                checked={selection.pageState}
                onClick={(e) => {
                  e.preventDefault();
                  selection.togglePage();
                }}
              />
              <Label htmlFor={selectAllId} className="font-normal">
                {t.selectAll}
              </Label>
            </div>
          ) : (
            <span />
          )}
          {sortable.length > 0 && onSortChange ? (
            <div className="flex items-center gap-1">
              <span id={sortId} className="sr-only">
                {t.sortBy}
              </span>
              <Select
                aria-labelledby={sortId}
                className="h-8 w-auto min-w-36"
                placeholder={t.sortBy}
                value={sort?.key ?? ''}
                options={sortable.map((c) => ({ value: c.key, label: c.header }))}
                onValueChange={(key) => onSortChange({ key, direction: sort?.direction ?? 'asc' })}
              />
              <Button
                variant="outline"
                size="icon-sm"
                disabled={!sort}
                aria-label={sort?.direction === 'desc' ? t.sortDescending : t.sortAscending}
                title={sort?.direction === 'desc' ? t.sortDescending : t.sortAscending}
                onClick={() =>
                  sort &&
                  onSortChange({ key: sort.key, direction: sort.direction === 'asc' ? 'desc' : 'asc' })
                }
              >
                {sort?.direction === 'desc' ? (
                  <ArrowDownWideNarrowIcon aria-hidden="true" />
                ) : (
                  <ArrowUpNarrowWideIcon aria-hidden="true" />
                )}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      <Refreshing show={loading && rows.length > 0 && !error} />
      {error ? (
        <div className="rounded-xl border border-border">
          <ErrorState variant="centered" message={error} onRetry={onRetry} />
        </div>
      ) : showSkeleton ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <span role="status" className="sr-only">
            {uiMessages.loading}
          </span>
          {Array.from({ length: skeletonRows }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity.
            <Skeleton key={i} data-slot="data-table-skeleton" className="h-24 rounded-xl" />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <div className="rounded-xl border border-border">
          <EmptyBox empty={empty} />
        </div>
      ) : (
        <ul id={listId} aria-label={caption} aria-busy={loading || undefined} className="flex flex-col gap-2">
          {rows.map((row, index) => {
            const id = getRowId(row);
            const isSelected = selection.isSelected(id);
            const title = primary ? primary.cell(row) : null;
            return (
              <li
                key={id}
                data-row-id={id}
                data-state={isSelected ? 'selected' : undefined}
                className="rounded-xl border border-border bg-card p-3 text-sm text-card-foreground data-[state=selected]:border-primary/60 data-[state=selected]:bg-accent/60"
              >
                <div className="mb-2 flex items-start gap-3">
                  {selection.enabled ? (
                    <RowCheckbox
                      className="-mt-0.5"
                      table={props}
                      selection={selection}
                      row={row}
                      index={index}
                      id={id}
                    />
                  ) : null}
                  {onRowOpen ? (
                    <button
                      type="button"
                      onClick={() => onRowOpen(id)}
                      className="-my-0.5 min-w-0 flex-1 rounded-sm py-0.5 text-left font-medium break-words hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      {title}
                    </button>
                  ) : (
                    <div className="min-w-0 flex-1 font-medium break-words">{title}</div>
                  )}
                </div>
                <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1.5">
                  {others.map((col) => (
                    <div key={col.key} className="contents">
                      <dt className="text-muted-foreground">{col.header}</dt>
                      <dd className="min-w-0 break-words">{col.cell(row)}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import type * as React from 'react';
import { useId, useRef, useState } from 'react';
import { Checkbox } from '../checkbox/checkbox.tsx';
import { ErrorState } from '../error-state/error-state.tsx';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';
import { Skeleton } from '../skeleton/skeleton.tsx';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../table/table.tsx';
import {
  alignClass,
  ariaSort,
  type DataTableProps,
  EmptyBox,
  nextSort,
  primaryColumn,
  Refreshing,
  RowCheckbox,
  SelectedCount,
  type Selection,
  t,
} from './data-table-parts.tsx';

// ——— Desktop: the table ———

export function DataTableGrid<T>(props: DataTableProps<T> & { selection: Selection }) {
  const {
    columns,
    rows,
    getRowId,
    caption,
    showCaption = false,
    sort,
    onSortChange,
    onRowOpen,
    loading = false,
    skeletonRows = 5,
    error = null,
    onRetry,
    empty,
    maxHeight,
    className,
    selection,
    selectedIds,
  } = props;
  const hintId = useId();
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [active, setActive] = useState(0);
  const activeIndex = Math.min(active, Math.max(0, rows.length - 1));
  const primary = primaryColumn(columns);
  const span = columns.length + (selection.enabled ? 1 : 0);

  const focusRow = (index: number) => {
    const target = bodyRef.current?.querySelectorAll<HTMLElement>('tr[data-row-id]')[index];
    if (!target) return;
    setActive(index);
    target.focus();
  };

  const onRowKeyDown = (e: React.KeyboardEvent<HTMLTableRowElement>, index: number, id: string) => {
    const onRow = e.target === e.currentTarget;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        focusRow(Math.min(rows.length - 1, index + 1));
        break;
      case 'ArrowUp':
        e.preventDefault();
        focusRow(Math.max(0, index - 1));
        break;
      case 'Home':
        if (!onRow) return;
        e.preventDefault();
        focusRow(0);
        break;
      case 'End':
        if (!onRow) return;
        e.preventDefault();
        focusRow(rows.length - 1);
        break;
      case 'Enter':
        if (!onRow || !onRowOpen) return;
        e.preventDefault();
        onRowOpen(id);
        break;
      case ' ':
        if (!onRow || !selection.enabled) return;
        e.preventDefault();
        selection.toggle(id, e.shiftKey);
        break;
    }
  };

  const showSkeleton = loading && rows.length === 0 && !error;

  return (
    <div data-slot="data-table" className={cn('min-w-0', className)}>
      <p id={hintId} className="sr-only">
        {t.hint}
      </p>
      <SelectedCount selection={selection} count={selectedIds?.size ?? 0} />
      <Refreshing show={loading && rows.length > 0 && !error} />
      <div
        data-slot="data-table-scroll"
        className="relative w-full overflow-auto rounded-xl border border-border"
        style={{ maxHeight }}
      >
        <table
          aria-describedby={rows.length > 0 ? hintId : undefined}
          aria-busy={loading || undefined}
          className="w-full caption-bottom border-separate border-spacing-0 text-sm"
        >
          <caption className={showCaption ? 'mt-3 text-sm text-muted-foreground' : 'sr-only'}>
            {caption}
          </caption>
          <TableHeader className="[&_th]:sticky [&_th]:top-0 [&_th]:z-10 [&_th]:border-b [&_th]:border-border [&_th]:bg-muted">
            <tr>
              {selection.enabled ? (
                <TableHead className="w-10 pr-0">
                  <Checkbox
                    aria-label={t.selectAll}
                    checked={selection.pageState}
                    disabled={rows.length === 0}
                    onClick={(e) => {
                      e.preventDefault();
                      selection.togglePage();
                    }}
                  />
                </TableHead>
              ) : null}
              {columns.map((col) => {
                const sorted = sort?.key === col.key ? sort.direction : undefined;
                return (
                  <TableHead
                    key={col.key}
                    scope="col"
                    aria-sort={col.sortable ? (sorted ? ariaSort[sorted] : 'none') : undefined}
                    style={{ width: col.width }}
                    className={cn(alignClass[col.align ?? 'left'], 'whitespace-nowrap')}
                  >
                    {col.sortable && onSortChange ? (
                      <button
                        type="button"
                        onClick={() => onSortChange(nextSort(sort, col.key))}
                        className={cn(
                          '-mx-1.5 inline-flex items-center gap-1 rounded-sm px-1.5 py-1 hover:bg-background/60 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
                          sorted && 'text-foreground',
                        )}
                      >
                        {col.header}
                        {sorted === 'asc' ? (
                          <ArrowUpIcon className="size-3.5" aria-hidden="true" />
                        ) : sorted === 'desc' ? (
                          <ArrowDownIcon className="size-3.5" aria-hidden="true" />
                        ) : (
                          <ArrowUpDownIcon className="size-3.5 opacity-50" aria-hidden="true" />
                        )}
                      </button>
                    ) : (
                      col.header
                    )}
                  </TableHead>
                );
              })}
            </tr>
          </TableHeader>
          <TableBody ref={bodyRef}>
            {error ? (
              <tr>
                <td colSpan={span}>
                  <ErrorState variant="centered" message={error} onRetry={onRetry} />
                </td>
              </tr>
            ) : showSkeleton ? (
              Array.from({ length: skeletonRows }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
                <TableRow key={i} data-slot="data-table-skeleton">
                  {selection.enabled ? (
                    <TableCell className="w-10 pr-0">
                      <Skeleton className="size-4" />
                    </TableCell>
                  ) : null}
                  {columns.map((col) => (
                    <TableCell key={col.key}>
                      <Skeleton className="h-4 w-full max-w-40" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={span}>
                  <EmptyBox empty={empty} />
                </td>
              </tr>
            ) : (
              rows.map((row, index) => {
                const id = getRowId(row);
                const isSelected = selection.isSelected(id);
                return (
                  <TableRow
                    key={id}
                    data-row-id={id}
                    data-state={isSelected ? 'selected' : undefined}
                    tabIndex={index === activeIndex ? 0 : -1}
                    onFocus={() => setActive(index)}
                    onKeyDown={(e) => onRowKeyDown(e, index, id)}
                    className="focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring data-[state=selected]:bg-accent/60 [&>td]:border-b [&>td]:border-border [&:last-child>td]:border-b-0"
                  >
                    {selection.enabled ? (
                      <TableCell className="w-10 pr-0">
                        <RowCheckbox
                          tabIndex={-1}
                          table={props}
                          selection={selection}
                          row={row}
                          index={index}
                          id={id}
                        />
                      </TableCell>
                    ) : null}
                    {columns.map((col) => {
                      const isPrimary = col === primary && Boolean(onRowOpen);
                      return (
                        <TableCell
                          key={col.key}
                          data-primary={isPrimary || undefined}
                          onClick={isPrimary ? () => onRowOpen?.(id) : undefined}
                          className={cn(
                            alignClass[col.align ?? 'left'],
                            isPrimary && 'cursor-pointer font-medium hover:underline',
                          )}
                        >
                          {col.cell(row)}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </table>
        {showSkeleton ? (
          <span role="status" className="sr-only">
            {uiMessages.loading}
          </span>
        ) : null}
      </div>
    </div>
  );
}

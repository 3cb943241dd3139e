import {
  ArrowDownIcon,
  ArrowDownWideNarrowIcon,
  ArrowUpDownIcon,
  ArrowUpIcon,
  ArrowUpNarrowWideIcon,
} from 'lucide-react';
import type * as React from 'react';
import { useId, useRef, useState } from 'react';
import { Button } from '../button/button.tsx';
import { Checkbox } from '../checkbox/checkbox.tsx';
import { EmptyState } from '../empty-state/empty-state.tsx';
import { ErrorState } from '../error-state/error-state.tsx';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { Label } from '../label/label.tsx';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';
import { ProgressBar } from '../progress-bar/progress-bar.tsx';
import { Select } from '../select/select.tsx';
import { Skeleton } from '../skeleton/skeleton.tsx';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../table/table.tsx';

const t = uiMessages.dataTable;

export interface DataTableColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => React.ReactNode;
  sortable?: boolean;
  /** CSS width of the column (a number is pixels). */
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** The cell whose click opens the row (default: the first column). */
  primary?: boolean;
  /** Left out of the phone's cards (e.g. something the card's title already says). */
  hideOnMobile?: boolean;
}

export type SortDirection = 'asc' | 'desc';
export interface DataTableSort {
  key: string;
  direction: SortDirection;
}

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** The table's Spanish name (its caption, visually hidden unless `showCaption`). */
  caption: string;
  showCaption?: boolean;
  /** Controlled sort; a sortable header cycles ascending → descending → none. */
  sort?: DataTableSort;
  onSortChange?: (sort: DataTableSort | undefined) => void;
  /** Controlled selection (it may hold ids of other pages); selection is on when `onSelectionChange` is given. */
  selectedIds?: ReadonlySet<string>;
  onSelectionChange?: (ids: Set<string>) => void;
  /** Names a row for its checkbox ("Seleccionar {label}"); default: the primary cell's text. */
  getRowLabel?: (row: T) => string;
  /** Enter on a focused row, or a click on its primary cell. */
  onRowOpen?: (id: string) => void;
  /** Skeleton rows when there are no rows yet; dimmed rows (aria-busy) while a new page or sort loads. */
  loading?: boolean;
  skeletonRows?: number;
  error?: string | null;
  onRetry?: () => void;
  /** Shown when there are no rows: a text (in an EmptyState) or any node. */
  empty?: React.ReactNode;
  /** Cards instead of a table (stories/tests); by default below 768 px. */
  mobile?: boolean;
  /** Height of the table's own scroll area, inside which the header stays visible. */
  maxHeight?: number | string;
  className?: string;
}

const alignClass = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;
const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

function nextSort(sort: DataTableSort | undefined, key: string): DataTableSort | undefined {
  if (sort?.key !== key) return { key, direction: 'asc' };
  return sort.direction === 'asc' ? { key, direction: 'desc' } : undefined;
}

/**
 * Rows × columns with controlled sort (aria-sort, one button per sortable header), optional selection (checkbox
 * column, "select all on this page" with an indeterminate state, Shift+click or Shift+Space for a range) and
 * rows that open (Enter, or a click on the primary cell). Arrows Up/Down, Home/End move between rows (roving
 * tabindex); Space selects. Loading, empty and error states; a sticky header inside `maxHeight`; on a phone each
 * row is a card of "label: value" lines.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const viewportMobile = useMediaQuery('(max-width: 767px)');
  const mobile = props.mobile ?? viewportMobile;
  const selection = useRangeSelection(props);
  return mobile ? (
    <DataTableCards {...props} selection={selection} />
  ) : (
    <DataTableGrid {...props} selection={selection} />
  );
}

interface Selection {
  enabled: boolean;
  isSelected: (id: string) => boolean;
  pageState: boolean | 'indeterminate';
  togglePage: () => void;
  toggle: (id: string, range: boolean) => void;
}

function useRangeSelection<T>({
  rows,
  getRowId,
  selectedIds,
  onSelectionChange,
}: DataTableProps<T>): Selection {
  const anchor = useRef<string | null>(null);
  const selected = selectedIds ?? new Set<string>();
  const ids = rows.map(getRowId);
  const onPage = ids.filter((id) => selected.has(id)).length;
  return {
    enabled: Boolean(onSelectionChange),
    isSelected: (id) => selected.has(id),
    pageState: onPage === 0 ? false : onPage === ids.length ? true : 'indeterminate',
    togglePage: () => {
      const next = new Set(selected);
      if (onPage === ids.length) for (const id of ids) next.delete(id);
      else for (const id of ids) next.add(id);
      onSelectionChange?.(next);
    },
    toggle: (id, range) => {
      const next = new Set(selected);
      const select = !selected.has(id);
      const from = anchor.current ? ids.indexOf(anchor.current) : -1;
      const to = ids.indexOf(id);
      const span =
        range && from >= 0 && to >= 0 ? ids.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
      for (const each of span) {
        if (select) next.add(each);
        else next.delete(each);
      }
      anchor.current = id;
      onSelectionChange?.(next);
    },
  };
}

function primaryColumn<T>(columns: readonly DataTableColumn<T>[]) {
  return columns.find((c) => c.primary) ?? columns[0];
}

function rowLabel<T>(props: DataTableProps<T>, row: T, index: number): string {
  if (props.getRowLabel) return props.getRowLabel(row);
  const value = primaryColumn(props.columns)?.cell(row);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : t.row(index + 1);
}

function SelectedCount({ selection, count }: { selection: Selection; count: number }) {
  if (!selection.enabled) return null;
  return (
    <span className="sr-only" aria-live="polite">
      {t.selected(count)}
    </span>
  );
}

/** A thin indeterminate bar while rows already shown are being replaced (new page, sort, filters). */
function Refreshing({ show }: { show: boolean }) {
  return (
    <div className="h-1" data-slot="data-table-refreshing">
      {show ? <ProgressBar aria-label={uiMessages.loading} value={null} size="sm" /> : null}
    </div>
  );
}

function EmptyBox({ empty }: { empty: React.ReactNode }) {
  if (typeof empty === 'string' || empty === undefined)
    return <EmptyState title={(empty as string | undefined) ?? t.empty} className="border-0" />;
  return empty;
}

// ——— Desktop: the table ———

function DataTableGrid<T>(props: DataTableProps<T> & { selection: Selection }) {
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
                        <Checkbox
                          tabIndex={-1}
                          aria-label={t.selectRow(rowLabel(props, row, index))}
                          checked={isSelected}
                          onClick={(e) => {
                            e.preventDefault();
                            selection.toggle(id, e.shiftKey);
                          }}
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

// ——— Phone: a list of cards ———

function DataTableCards<T>(props: DataTableProps<T> & { selection: Selection }) {
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
                    <Checkbox
                      className="mt-0.5"
                      aria-label={t.selectRow(rowLabel(props, row, index))}
                      checked={isSelected}
                      onClick={(e) => {
                        e.preventDefault();
                        selection.toggle(id, e.shiftKey);
                      }}
                    />
                  ) : null}
                  {onRowOpen ? (
                    <button
                      type="button"
                      onClick={() => onRowOpen(id)}
                      className="min-w-0 flex-1 rounded-sm text-left font-medium break-words hover:underline focus-visible:outline-2 focus-visible:outline-ring"
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

/** Re-exported for apps that keep the sort in the URL: what a header click does to a sort. */
export { nextSort as nextDataTableSort };

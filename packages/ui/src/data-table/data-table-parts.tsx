import type * as React from 'react';
import { Checkbox } from '../checkbox/checkbox.tsx';
import { EmptyState } from '../empty-state/empty-state.tsx';
import { uiMessages } from '../messages.ts';
import { ProgressBar } from '../progress-bar/progress-bar.tsx';

export const t = uiMessages.dataTable;

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

export const alignClass = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;
export const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

export function nextSort(sort: DataTableSort | undefined, key: string): DataTableSort | undefined {
  if (sort?.key !== key) return { key, direction: 'asc' };
  return sort.direction === 'asc' ? { key, direction: 'desc' } : undefined;
}

export interface Selection {
  enabled: boolean;
  isSelected: (id: string) => boolean;
  pageState: boolean | 'indeterminate';
  togglePage: () => void;
  toggle: (id: string, range: boolean) => void;
}

export function primaryColumn<T>(columns: readonly DataTableColumn<T>[]) {
  return columns.find((c) => c.primary) ?? columns[0];
}

export function rowLabel<T>(props: DataTableProps<T>, row: T, index: number): string {
  if (props.getRowLabel) return props.getRowLabel(row);
  const value = primaryColumn(props.columns)?.cell(row);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : t.row(index + 1);
}

export function SelectedCount({ selection, count }: { selection: Selection; count: number }) {
  if (!selection.enabled) return null;
  return (
    <span className="sr-only" aria-live="polite">
      {t.selected(count)}
    </span>
  );
}

/** A thin indeterminate bar while rows already shown are being replaced (new page, sort, filters). */
export function Refreshing({ show }: { show: boolean }) {
  return (
    <div className="h-1" data-slot="data-table-refreshing">
      {show ? <ProgressBar aria-label={uiMessages.loading} value={null} size="sm" /> : null}
    </div>
  );
}

export function EmptyBox({ empty }: { empty: React.ReactNode }) {
  if (typeof empty === 'string' || empty === undefined)
    return <EmptyState title={(empty as string | undefined) ?? t.empty} className="border-0" />;
  return empty;
}

/**
 * A row's checkbox, named after the row ("Seleccionar …"): a click toggles the row, Shift+click the range from
 * the last one toggled.
 */
export function RowCheckbox<T>({
  table,
  selection,
  row,
  index,
  id,
  ...props
}: Omit<React.ComponentProps<typeof Checkbox>, 'id'> & {
  table: DataTableProps<T>;
  selection: Selection;
  row: T;
  index: number;
  id: string;
}) {
  return (
    <Checkbox
      {...props}
      aria-label={t.selectRow(rowLabel(table, row, index))}
      checked={selection.isSelected(id)}
      onClick={(e) => {
        e.preventDefault();
        selection.toggle(id, e.shiftKey);
      }}
    />
  );
}

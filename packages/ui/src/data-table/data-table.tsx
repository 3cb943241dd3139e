import { useRef } from 'react';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { DataTableCards } from './data-table-cards.tsx';
import { DataTableGrid } from './data-table-grid.tsx';
import { type DataTableProps, nextSort, type Selection } from './data-table-parts.tsx';

export type { DataTableColumn, DataTableProps, DataTableSort, SortDirection } from './data-table-parts.tsx';

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

/** Re-exported for apps that keep the sort in the URL: what a header click does to a sort. */
export { nextSort as nextDataTableSort };

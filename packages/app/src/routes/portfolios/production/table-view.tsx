import type { ProductionItem } from '@crw/api-client';
import {
  Button,
  Checkbox,
  EmptyState,
  Pagination,
  QuickAdd,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  useMediaQuery,
} from '@crw/ui';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { type KeyboardEvent, type MouseEvent, memo, useState } from 'react';
import { productionMsg as t } from '../../../features/production/messages.ts';
import {
  selectIds,
  selectOnly,
  toggleSelected,
  unselectIds,
  useSelection,
} from '../../../features/production/selection.ts';
import { StatusBadge } from '../../../features/production/status-badge.tsx';
import {
  type ItemQuery,
  loadTable,
  quickAddItem,
  TABLE_PAGE,
  usePlanPart,
} from '../../../features/production/store.ts';
import { formatDateTime, formatDay } from '../../../lib/dates.ts';
import { allItemIds } from './bulk-bar.tsx';
import { ItemCardBody, memberName } from './item-card.tsx';

type SortKey = NonNullable<ItemQuery['sort']>;
const columns: Array<{ key: string; label: string; sort?: SortKey }> = [
  { key: 'title', label: t.columns.title, sort: 'title' },
  { key: 'format', label: t.columns.format, sort: 'format' },
  { key: 'pilar', label: t.columns.pilar },
  { key: 'angulo', label: t.columns.angulo },
  { key: 'funnelPhase', label: t.columns.funnelPhase },
  { key: 'awarenessLevel', label: t.columns.awarenessLevel },
  { key: 'publishDate', label: t.columns.publishDate, sort: 'publishDate' },
  { key: 'assignee', label: t.columns.assignee },
  { key: 'status', label: t.columns.status, sort: 'status' },
  { key: 'updated', label: t.columns.updated, sort: 'updatedAt' },
];

type TableViewProps = {
  cycleId: string;
  query: ItemQuery;
  page: number;
  onPage: (page: number) => void;
  onSort: (sort: SortKey, order: 'asc' | 'desc') => void;
  onOpen: (itemId: string) => void;
  onChanged: () => void;
};

/**
 * The cycle's items as a sortable table, under the quick-add line (a draft by its title and Enter, the drawer
 * left shut). The line stays in place whatever the table shows (loading, empty, rows), so its focus is kept from
 * the first piece to the twentieth.
 */
export const TableView = memo(function TableView(props: TableViewProps) {
  const { cycleId, query } = props;
  const draftsShown = !query.status?.length || query.status.includes('draft');
  return (
    <div className="space-y-3">
      {draftsShown ? (
        <QuickAdd
          label={t.create.quickLabel}
          placeholder={t.create.quickPlaceholder}
          maxLength={200}
          onAdd={(title) => quickAddItem(cycleId, query, title)}
          className="max-w-md"
        />
      ) : null}
      <TableRows {...props} />
    </div>
  );
});

/**
 * The table with selection (checkboxes, shift-click for a range) and a bulk move. Arrow keys move between rows,
 * Enter opens one. On a phone the rows become cards.
 */
function TableRows({ cycleId, query, page, onPage, onSort, onOpen }: TableViewProps) {
  const table = usePlanPart('table');
  const members = usePlanPart('members');
  const { ids } = useSelection();
  // One layout drawn, not both with one hidden by CSS (issue 48: the phone's cards doubled the table's work).
  const phone = useMediaQuery('(max-width: 767px)');
  const selected = new Set(ids);
  const [selectingAll, setSelectingAll] = useState(false);
  const items = table.items as ProductionItem[];
  const order = items.map((i) => i._id);

  const toggle = (index: number, shift: boolean) => toggleSelected(order[index]!, shift, order);
  /**
   * A click on a row (not on its title): selects that row alone; Ctrl/⌘-click adds or takes it out; Shift-click
   * the range from the last one.
   */
  const rowClick = (e: MouseEvent, index: number) => {
    if ((e.target as HTMLElement).closest('button,a,input,[role="checkbox"]')) return;
    if (e.shiftKey || e.metaKey || e.ctrlKey) {
      e.preventDefault();
      toggle(index, e.shiftKey);
    } else {
      selectOnly(order[index]!);
    }
  };
  /** A row's (or a phone card's) checkbox: a click toggles it, a shift-click the range from the last one. */
  const rowCheckbox = (item: ProductionItem, index: number) => (
    <Checkbox
      aria-label={`${t.columns.select}: ${item.title}`}
      checked={selected.has(item._id)}
      onClick={(e: MouseEvent) => {
        e.preventDefault();
        toggle(index, e.shiftKey);
      }}
      className="size-6"
    />
  );
  const allOnPage = items.length > 0 && items.every((i) => selected.has(i._id));
  const someOnPage = items.some((i) => selected.has(i._id));
  /** «Seleccionar todas» for the page: above the phone's cards (labelled by `id`) or in the table's header. */
  const selectAll = (id?: string) => (
    <Checkbox
      id={id}
      aria-label={t.columns.selectAll}
      checked={allOnPage ? true : someOnPage ? 'indeterminate' : false}
      onCheckedChange={() => (allOnPage ? unselectIds(order) : selectIds(order, true))}
      className="size-6"
    />
  );
  const rowKeys = (e: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    const rows = [...(e.currentTarget.parentElement?.querySelectorAll<HTMLElement>('tr[data-row]') ?? [])];
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      rows[index + (e.key === 'ArrowDown' ? 1 : -1)]?.focus();
    } else if (e.key === 'Enter' && e.target === e.currentTarget) onOpen(items[index]!._id);
    else if (e.key === ' ' && e.target === e.currentTarget) {
      e.preventDefault();
      toggle(index, e.shiftKey);
    }
  };
  const sortIcon = (key?: SortKey) =>
    !key || query.sort !== key ? ArrowUpDownIcon : query.order === 'desc' ? ArrowDownIcon : ArrowUpIcon;

  if (table.error) {
    return (
      <EmptyState
        title={t.loadError}
        description={table.error}
        action={
          <Button variant="outline" onClick={() => void loadTable(cycleId, query, page)}>
            {t.retry}
          </Button>
        }
      />
    );
  }
  if (table.loading && items.length === 0) {
    return (
      <div aria-busy="true" className="space-y-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        title={query.q || query.status?.length ? t.empty.filtered : t.empty.title}
        description={t.empty.description}
      />
    );
  }

  return (
    <div className="space-y-3">
      {allOnPage && table.total > items.length ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {ids.length >= table.total ? (
            t.bulk.allSelected(table.total)
          ) : (
            <Button
              size="sm"
              variant="outline"
              disabled={selectingAll}
              onClick={() => {
                setSelectingAll(true);
                void allItemIds(cycleId, query)
                  .then((all) => selectIds(all, true))
                  .finally(() => setSelectingAll(false));
              }}
            >
              {t.bulk.selectAllN(table.total)}
            </Button>
          )}
        </p>
      ) : null}
      {phone ? (
        <>
          <div className="flex items-center gap-3 px-3 text-sm">
            {selectAll('table-select-all-phone')}
            <label htmlFor="table-select-all-phone" aria-hidden="true">
              {t.columns.selectAll}
            </label>
          </div>
          <ul className="space-y-2" aria-label={t.views.table}>
            {items.map((item, index) => (
              <li key={item._id} className="flex items-start gap-3 rounded-lg border border-border p-3">
                {rowCheckbox(item, index)}
                <button
                  type="button"
                  className="flex flex-1 flex-col gap-1 text-left text-sm"
                  onClick={() => onOpen(item._id)}
                >
                  <ItemCardBody item={item} members={members} showStatus />
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-border">
          <Table aria-rowcount={table.atLeast ? -1 : table.total}>
            <TableHeader>
              <TableRow>
                <TableHead className="w-10">{selectAll()}</TableHead>
                {columns.map((c) => {
                  const Icon = sortIcon(c.sort);
                  return (
                    <TableHead
                      key={c.key}
                      aria-sort={
                        c.sort && query.sort === c.sort
                          ? query.order === 'desc'
                            ? 'descending'
                            : 'ascending'
                          : undefined
                      }
                    >
                      {c.sort ? (
                        <button
                          type="button"
                          aria-label={t.columns.sortBy(c.label)}
                          className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                          onClick={() =>
                            onSort(c.sort!, query.sort === c.sort && query.order !== 'desc' ? 'desc' : 'asc')
                          }
                        >
                          {c.label}
                          <Icon className="size-3.5" aria-hidden="true" />
                        </button>
                      ) : (
                        c.label
                      )}
                    </TableHead>
                  );
                })}
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((item, index) => (
                <TableRow
                  key={item._id}
                  data-row=""
                  tabIndex={0}
                  aria-selected={selected.has(item._id)}
                  onKeyDown={(e) => rowKeys(e, index)}
                  onClick={(e) => rowClick(e, index)}
                  onDoubleClick={() => onOpen(item._id)}
                  className="cursor-default focus-visible:outline-2 focus-visible:outline-ring aria-selected:bg-accent/50"
                >
                  <TableCell>{rowCheckbox(item, index)}</TableCell>
                  <TableCell className="min-w-48 font-medium">
                    <button
                      type="button"
                      tabIndex={-1}
                      className="text-left hover:underline"
                      onClick={() => onOpen(item._id)}
                    >
                      {item.title}
                    </button>
                  </TableCell>
                  <TableCell>{item.format ?? '—'}</TableCell>
                  <TableCell>{item.pilar ?? '—'}</TableCell>
                  <TableCell>{item.angulo ?? '—'}</TableCell>
                  <TableCell>{item.funnelPhase ? t.funnelPhases[item.funnelPhase] : '—'}</TableCell>
                  <TableCell>{item.awarenessLevel ? t.awarenessLevels[item.awarenessLevel] : '—'}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    {item.publishDate ? formatDay(item.publishDate) : t.noDate}
                  </TableCell>
                  <TableCell>{memberName(members, item.assigneeId)}</TableCell>
                  <TableCell>
                    <StatusBadge status={item.status} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-muted-foreground">
                    {formatDateTime(item.updatedAt)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <Pagination
        page={page}
        limit={TABLE_PAGE}
        total={table.total}
        atLeast={table.atLeast}
        more={table.more}
        onPageChange={onPage}
      />
    </div>
  );
}

import type { ProductionItem } from '@crw/api-client';
import { KanbanBoard, type KanbanColumnData, QuickAdd } from '@crw/ui';
import { memo, useEffect, useMemo, useRef } from 'react';
import { itemStatusLabels, productionMsg as t } from '../../../features/production/messages.ts';
import { toggleSelected, useSelection } from '../../../features/production/selection.ts';
import { statusTone } from '../../../features/production/status-tone.ts';
import {
  type ItemQuery,
  itemStatuses,
  loadColumn,
  quickAddItem,
  setVisibleColumns,
  usePlanPart,
} from '../../../features/production/store.ts';
import { ItemCardBody } from './item-card.tsx';

type ItemStatus = ProductionItem['status'];

/**
 * The plan as a `KanbanBoard`: one column per status with its count («Borrador: 4» for screen readers); each
 * loads its first page, and the next one as its end scrolls into view (or with «Cargar más»). A column of
 * hundreds draws only the cards near its visible part. Keys and the phone's one-column-at-a-time layout are the
 * board's. Memoised: opening a piece (the URL's `item`) does not draw the board again. A filter asks only for the
 * columns in sight (one request each); the others load as they scroll into view.
 */
export const BoardView = memo(function BoardView({
  cycleId,
  query,
  onOpen,
}: {
  cycleId: string;
  query: ItemQuery;
  onOpen: (itemId: string) => void;
}) {
  const board = usePlanPart('board');
  const members = usePlanPart('members');
  // Columns out of sight load when they come into it (a filter asks only for those in sight).
  useEffect(() => () => setVisibleColumns(null), []);
  const { ids } = useSelection();
  // A checkbox on each card (issue 49): the board's order, column by column, is the Shift-click range's. The
  // selection's object changes only with the selection: every card reads it (a context), and a new one at each
  // column's answer drew every card of the board again at each of a filter's answers (issue 48). The cards' order
  // and titles are read from the newest board when asked.
  const cards = useMemo(() => itemStatuses.flatMap((s) => board[s].items as ProductionItem[]), [board]);
  const titles = useMemo(() => new Map(cards.map((c) => [c._id, c.title])), [cards]);
  const latest = useRef({ cards, titles });
  latest.current = { cards, titles };
  const selection = useMemo(() => {
    const chosen = new Set(ids);
    return {
      isSelected: (id: string) => chosen.has(id),
      onToggle: (id: string, range: boolean) =>
        toggleSelected(
          id,
          range,
          latest.current.cards.map((c) => c._id),
        ),
      label: (id: string) => `${t.columns.select}: ${latest.current.titles.get(id) ?? ''}`,
    };
  }, [ids]);
  const columns: KanbanColumnData<ProductionItem>[] = itemStatuses.map((status) => {
    const column = board[status];
    const title = itemStatusLabels[status];
    const loading = column.loading && column.items.length === 0;
    return {
      id: status,
      title,
      count: column.total,
      countAtLeast: column.atLeast,
      label: t.board.column(title, column.total, column.atLeast),
      tone: statusTone[status],
      cards: column.items as ProductionItem[],
      emptyText: t.board.empty,
      loading,
      error: column.error,
      hasMore: column.more,
      loadingMore: column.loading && column.appending,
      // A filter or a refresh with cards shown: they stay, the column is marked busy (no skeletons, no spinner).
      refreshing: column.loading && !column.appending && !loading,
      // A draft by its title and Enter, the focus kept for the next: 20 pieces need 20 titles and 20 Enters.
      top:
        status === 'draft' && !(query.status?.length && !query.status.includes('draft')) ? (
          <QuickAdd
            label={t.create.quickLabel}
            placeholder={t.create.quickPlaceholder}
            maxLength={200}
            onAdd={(title) => quickAddItem(cycleId, query, title)}
          />
        ) : undefined,
    };
  });

  return (
    <KanbanBoard<ProductionItem>
      aria-label={t.views.board}
      columns={columns}
      selection={selection}
      getCardId={(item) => item._id}
      renderCard={(item) => (
        <div data-board-card="" className="flex flex-col gap-2">
          <ItemCardBody item={item} members={members} />
        </div>
      )}
      onCardOpen={(id) => onOpen(id)}
      onVisibleColumnsChange={(ids) => setVisibleColumns(ids as ItemStatus[])}
      onLoadMore={(status) => void loadColumn(cycleId, status as ItemStatus, query, true)}
      onRetry={(status) => void loadColumn(cycleId, status as ItemStatus, query)}
    />
  );
});

import { Button, Skeleton } from '@crw/ui';
import type { KeyboardEvent } from 'react';
import { useSnapshot } from 'valtio';
import { itemStatusLabels, productionMsg as t } from '../../../features/production/messages.ts';
import {
  type ItemQuery,
  itemStatuses,
  loadColumn,
  productionStore,
} from '../../../features/production/store.ts';
import { ItemCardBody } from './item-card.tsx';

/**
 * One column per status with its count; each loads its first page and more on demand. Arrow keys move
 * between cards (up/down in a column, left/right across columns); Enter opens. On a phone the columns scroll
 * sideways one at a time.
 */
export function BoardView({
  cycleId,
  query,
  onOpen,
}: {
  cycleId: string;
  query: ItemQuery;
  onOpen: (itemId: string) => void;
}) {
  const { board } = useSnapshot(productionStore);
  const move = (e: KeyboardEvent<HTMLButtonElement>) => {
    const card = e.currentTarget;
    const column = Number(card.dataset.column);
    const row = Number(card.dataset.row);
    const target = (c: number, r: number) =>
      document.querySelector<HTMLButtonElement>(`[data-board-card][data-column="${c}"][data-row="${r}"]`);
    let next: HTMLButtonElement | null = null;
    if (e.key === 'ArrowDown') next = target(column, row + 1);
    else if (e.key === 'ArrowUp') next = target(column, row - 1);
    else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      for (
        let c = column + (e.key === 'ArrowRight' ? 1 : -1);
        c >= 0 && c < itemStatuses.length;
        c += e.key === 'ArrowRight' ? 1 : -1
      ) {
        next = target(c, Math.min(row, board[itemStatuses[c]!].items.length - 1)) ?? null;
        if (next) break;
      }
    } else return;
    e.preventDefault();
    next?.focus();
    next?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  return (
    <section
      className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-3 md:mx-0 md:px-0"
      aria-label={t.views.board}
    >
      {itemStatuses.map((status, columnIndex) => {
        const column = board[status];
        const label = itemStatusLabels[status];
        return (
          <section
            key={status}
            aria-labelledby={`column-${status}`}
            className="flex w-[85vw] shrink-0 snap-start flex-col gap-2 rounded-xl bg-muted/50 p-2 sm:w-72"
          >
            <h2
              id={`column-${status}`}
              className="flex items-center justify-between px-1 text-sm font-semibold"
            >
              <span>{label}</span>
              <span className="rounded-full bg-background px-2 text-xs tabular-nums">
                <span aria-hidden="true">{column.total}</span>
                <span className="sr-only">{t.board.column(label, column.total)}</span>
              </span>
            </h2>
            {column.error ? (
              <div role="alert" className="space-y-2 p-2 text-sm text-destructive">
                <p>{column.error}</p>
                <Button size="sm" variant="outline" onClick={() => void loadColumn(cycleId, status, query)}>
                  {t.retry}
                </Button>
              </div>
            ) : column.loading && column.items.length === 0 ? (
              <div aria-busy="true" className="space-y-2">
                <Skeleton className="h-20" />
                <Skeleton className="h-20" />
              </div>
            ) : column.items.length === 0 ? (
              <p className="p-3 text-center text-sm text-muted-foreground">{t.board.empty}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {column.items.map((item, row) => (
                  <li key={item._id}>
                    <button
                      type="button"
                      data-board-card=""
                      data-column={columnIndex}
                      data-row={row}
                      onKeyDown={move}
                      onClick={() => onOpen(item._id)}
                      className="flex w-full flex-col gap-2 rounded-lg border border-border bg-background p-3 text-left text-sm shadow-xs hover:border-primary/50 focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      <ItemCardBody item={item} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {column.items.length < column.total ? (
              <Button
                size="sm"
                variant="ghost"
                disabled={column.loading}
                onClick={() => void loadColumn(cycleId, status, query, true)}
              >
                {t.board.loadMore}
              </Button>
            ) : null}
          </section>
        );
      })}
    </section>
  );
}

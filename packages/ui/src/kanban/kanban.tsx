import type * as React from 'react';
import { memo, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';
import { type KanbanSelection, KanbanSelectionContext } from './kanban-card.tsx';
import { KanbanCardList, KanbanColumn, type KanbanColumnProps, toneDot } from './kanban-column.tsx';

const t = uiMessages.kanban;
/** What a board's columns read at event time (the latest props), so a column whose cards did not change is skipped. */
interface BoardCallbacks {
  getCardId: (card: unknown) => string;
  renderCard: (card: unknown, columnId: string) => React.ReactNode;
  onCardOpen: (cardId: string, columnId: string) => void;
  /** The card that is the board's Tab stop now (moved by a focus without drawing the board again). */
  tabStop: string | null;
}

/**
 * One column's cards in a board, drawn again only when its cards change (the same array while unchanged, as a
 * store's snapshot keeps it): a filter that reloads six columns one answer at a time, a piece opened over the
 * board or a card taking the focus does not redraw every card of every column each time. A card drawn later (a
 * column scrolled) asks for the Tab stop as it is then.
 */
const BoardColumnCards = memo(function BoardColumnCards({
  cards,
  columnId,
  callbacks,
}: {
  cards: readonly unknown[];
  columnId: string;
  callbacks: React.RefObject<BoardCallbacks>;
}) {
  return (
    <KanbanCardList
      cards={cards}
      getCardId={(card) => callbacks.current.getCardId(card)}
      renderCard={(card) => callbacks.current.renderCard(card, columnId)}
      onCardOpen={(id) => callbacks.current.onCardOpen(id, columnId)}
      isTabStop={(id) => callbacks.current.tabStop === id}
    />
  );
});

// ——— KanbanBoard ———

/** A column's data: what its `KanbanColumn` shows (see there), and its cards. */
export interface KanbanColumnData<T>
  extends Pick<
    KanbanColumnProps,
    | 'id'
    | 'title'
    | 'count'
    | 'countAtLeast'
    | 'label'
    | 'tone'
    | 'emptyText'
    | 'loading'
    | 'error'
    | 'hasMore'
    | 'loadingMore'
    | 'refreshing'
    | 'top'
  > {
  cards: readonly T[];
}

export interface KanbanBoardProps<T> {
  columns: readonly KanbanColumnData<T>[];
  getCardId: (card: T) => string;
  /** The card's content (no buttons or links inside: the whole card is the button). */
  renderCard: (card: T, column: KanbanColumnData<T>) => React.ReactNode;
  onCardOpen: (cardId: string, columnId: string) => void;
  onLoadMore?: (columnId: string) => void;
  onRetry?: (columnId: string) => void;
  autoLoadMore?: boolean;
  /** One column at a time with tabs (stories/tests); by default below 768 px. */
  mobile?: boolean;
  /** The board's Spanish name ("Tablero del ciclo"). */
  'aria-label': string;
  className?: string;
  /**
   * The columns in sight changed (any part of them inside the board's scroll box): their ids, in the board's
   * order. A filter can then load only those, and the others as they scroll into view.
   */
  onVisibleColumnsChange?: (columnIds: string[]) => void;
  /** Cards that may be selected: a checkbox on each (KanbanCard). */
  selection?: KanbanSelection;
}

/**
 * Columns of cards (one per status). Desktop: the columns side by side, the board scrolls horizontally. Below
 * 768 px: one column per screen with scroll-snap and a row of column tabs to jump. One card is the board's Tab
 * stop; arrows move Up/Down within a column and Left/Right across columns (empty ones skipped), Home/End to the
 * column's ends, Enter or Space opens. No drag and drop: status changes go through the app's dialogs.
 */
export function KanbanBoard<T>({
  columns,
  getCardId,
  renderCard,
  onCardOpen,
  onLoadMore,
  onRetry,
  autoLoadMore,
  mobile: mobileProp,
  'aria-label': ariaLabel,
  onVisibleColumnsChange,
  className,
  selection,
}: KanbanBoardProps<T>) {
  const viewportMobile = useMediaQuery('(max-width: 767px)');
  const mobile = mobileProp ?? viewportMobile;
  const hintId = useId();
  const boardRef = useRef<HTMLDivElement>(null);
  // The card last focused, kept as the Tab stop while it is on the board. Held in a ref, and moved on the cards'
  // elements themselves when a card takes the focus: a click on a card (which opens it) drew the board, its six
  // columns and the cards whose Tab stop changed, in the click's first task (issue 48). A card drawn after that
  // reads the stop from `callbacks`, so its props and the elements agree.
  const activeId = useRef<string | null>(null);
  const [visibleColumn, setVisibleColumn] = useState<string | null>(columns[0]?.id ?? null);

  const allIds = columns.flatMap((c) => c.cards.map(getCardId));
  const tabStop =
    activeId.current && allIds.includes(activeId.current) ? activeId.current : (allIds[0] ?? null);
  // The elements agree with the stop after each render of the board: a stop moved on the elements (below) and then
  // left the board falls back to a card whose props did not change, which React would not set again.
  useLayoutEffect(() => {
    const board = boardRef.current;
    if (!board) return;
    for (const card of board.querySelectorAll<HTMLElement>('[data-slot="kanban-card"][tabindex="0"]'))
      if (card.dataset.cardId !== tabStop) card.tabIndex = -1;
    if (tabStop)
      board
        .querySelector<HTMLElement>(`[data-slot="kanban-card"][data-card-id="${CSS.escape(tabStop)}"]`)
        ?.setAttribute('tabindex', '0');
  });
  const callbacks = useRef<BoardCallbacks>(null as unknown as BoardCallbacks);
  callbacks.current = {
    getCardId: (card) => getCardId(card as T),
    renderCard: (card, columnId) => {
      const column = columns.find((c) => c.id === columnId);
      return column ? renderCard(card as T, column) : null;
    },
    onCardOpen,
    tabStop,
  };

  // Which column fills the phone's screen (for the tabs).
  const columnIds = columns.map((c) => c.id).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: observe again when the set of columns changes.
  useEffect(() => {
    const board = boardRef.current;
    if (!mobile || !board || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries)
          if (e.isIntersecting) setVisibleColumn((e.target as HTMLElement).dataset.columnId ?? null);
      },
      { root: board, threshold: 0.6 },
    );
    for (const col of board.querySelectorAll('[data-slot="kanban-column"]')) io.observe(col);
    return () => io.disconnect();
  }, [mobile, columnIds]);

  // Which columns are in sight at all (desktop and phone), for a caller that loads only those.
  const visibleChange = useRef(onVisibleColumnsChange);
  visibleChange.current = onVisibleColumnsChange;
  const watchVisible = onVisibleColumnsChange !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: observe again when the set of columns changes.
  useEffect(() => {
    const board = boardRef.current;
    if (!watchVisible || !board || typeof IntersectionObserver === 'undefined') return;
    const inSight = new Set<string>();
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const id = (e.target as HTMLElement).dataset.columnId;
          if (id === undefined) continue;
          if (e.isIntersecting) inSight.add(id);
          else inSight.delete(id);
        }
        visibleChange.current?.(columns.map((c) => c.id).filter((id) => inSight.has(id)));
      },
      { root: board, threshold: 0 },
    );
    for (const col of board.querySelectorAll('[data-slot="kanban-column"]')) io.observe(col);
    return () => io.disconnect();
  }, [watchVisible, columnIds]);

  const jumpTo = (columnId: string) => {
    const col = boardRef.current?.querySelector<HTMLElement>(`[data-column-id="${CSS.escape(columnId)}"]`);
    if (!col || !boardRef.current) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    boardRef.current.scrollTo({
      left: col.offsetLeft - boardRef.current.offsetLeft,
      behavior: reduce ? 'auto' : 'smooth',
    });
    setVisibleColumn(columnId);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const card = e.target as HTMLElement;
    if (card.dataset.slot !== 'kanban-card' || !boardRef.current) return;
    const cols = [...boardRef.current.querySelectorAll<HTMLElement>('[data-slot="kanban-column"]')];
    const cards = cols.map((col) => [...col.querySelectorAll<HTMLElement>('[data-slot="kanban-card"]')]);
    const ci = cards.findIndex((list) => list.includes(card));
    if (ci < 0) return;
    const ri = cards[ci].indexOf(card);
    const across = (dir: 1 | -1) => {
      for (let c = ci + dir; c >= 0 && c < cards.length; c += dir)
        if (cards[c].length) return cards[c][Math.min(ri, cards[c].length - 1)];
      return undefined;
    };
    let target: HTMLElement | undefined | null;
    switch (e.key) {
      case 'ArrowUp':
        target = cards[ci][ri - 1];
        break;
      case 'ArrowDown':
        target =
          cards[ci][ri + 1] ??
          cols[ci].querySelector<HTMLElement>('[data-slot="kanban-load-more"]:not(:disabled)');
        break;
      case 'ArrowLeft':
        target = across(-1);
        break;
      case 'ArrowRight':
        target = across(1);
        break;
      case 'Home':
        target = cards[ci][0];
        break;
      case 'End':
        target = cards[ci].at(-1);
        break;
      default:
        return;
    }
    e.preventDefault();
    target?.focus();
  };

  const board = (
    <div
      data-slot="kanban-board"
      data-mobile={mobile || undefined}
      className={cn('flex min-w-0 flex-col gap-2', className)}
    >
      <p id={hintId} className="sr-only">
        {t.hint}
      </p>
      {mobile ? (
        <nav aria-label={t.columns} className="relative -mx-1 overflow-x-auto px-1 pb-1">
          <ul className="flex gap-1.5">
            {columns.map((c) => (
              <li key={c.id} className="shrink-0">
                <button
                  type="button"
                  aria-current={visibleColumn === c.id ? 'true' : undefined}
                  onClick={() => jumpTo(c.id)}
                  className="inline-flex items-center gap-1.5 rounded-full border border-border px-3 py-1.5 text-xs font-medium whitespace-nowrap text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-[current=true]:border-primary aria-[current=true]:bg-primary aria-[current=true]:text-primary-foreground"
                >
                  <span
                    aria-hidden="true"
                    className={cn('size-2 rounded-full', toneDot[c.tone ?? 'default'])}
                  />
                  {t.goToColumn(c.title, t.shownCount(c.count, c.countAtLeast))}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <section
        ref={boardRef}
        aria-label={ariaLabel}
        aria-describedby={hintId}
        // With no card to focus, the board itself takes the focus so it can be scrolled with the keyboard.
        tabIndex={tabStop ? undefined : 0}
        onKeyDown={onKeyDown}
        onFocus={(e) => {
          const card = e.target as HTMLElement;
          const id = card.dataset.cardId;
          if (!id || card.dataset.slot !== 'kanban-card') return;
          activeId.current = id;
          callbacks.current.tabStop = id;
          for (const other of e.currentTarget.querySelectorAll<HTMLElement>(
            '[data-slot="kanban-card"][tabindex="0"]',
          ))
            if (other !== card) other.tabIndex = -1;
          card.tabIndex = 0;
        }}
        className={cn(
          // relative: the containing block of the columns' visually hidden texts (absolutely positioned), so
          // they are clipped with the columns instead of widening the whole page.
          'relative flex items-start overflow-x-auto rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          mobile ? 'snap-x snap-mandatory gap-3 scroll-smooth motion-reduce:scroll-auto' : 'gap-3 pb-2',
        )}
      >
        {columns.map(({ cards, ...column }) => (
          <KanbanColumn
            key={column.id}
            {...column}
            autoLoadMore={autoLoadMore}
            onRetry={onRetry ? () => onRetry(column.id) : undefined}
            onLoadMore={onLoadMore ? () => onLoadMore(column.id) : undefined}
            // A column scrolls on its own below its header, as tall as the screen allows.
            className={cn(
              'max-h-[max(24rem,calc(100dvh-7rem))]',
              mobile ? 'w-full shrink-0 snap-start' : 'w-72 shrink-0',
            )}
            list={
              cards.length > 0 ? (
                <BoardColumnCards cards={cards} columnId={column.id} callbacks={callbacks} />
              ) : undefined
            }
          />
        ))}
      </section>
    </div>
  );
  return selection ? (
    <KanbanSelectionContext.Provider value={selection}>{board}</KanbanSelectionContext.Provider>
  ) : (
    board
  );
}

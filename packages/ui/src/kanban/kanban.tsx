import { LoaderCircleIcon } from 'lucide-react';
import type * as React from 'react';
import { createContext, memo, useContext, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../button/button.tsx';
import { ErrorState } from '../error-state/error-state.tsx';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { cn } from '../lib/cn.ts';
import type { Tone } from '../lib/tone.ts';
import { uiMessages } from '../messages.ts';
import { Skeleton } from '../skeleton/skeleton.tsx';
import { VirtualList } from '../virtual-list/virtual-list.tsx';

const t = uiMessages.kanban;

const toneDot: Record<Tone, string> = {
  default: 'bg-primary',
  info: 'bg-info',
  success: 'bg-success',
  warning: 'bg-warning',
  error: 'bg-destructive',
  muted: 'bg-muted-foreground',
};

// ——— KanbanCard ———

export type KanbanCardProps = Omit<React.ComponentProps<'div'>, 'onClick'> & {
  /** Called on click, Enter or Space. */
  onOpen: () => void;
  /** Whether the card is the board's one Tab stop (roving tabindex). */
  tabbable?: boolean;
  cardId?: string;
  /** Without its own `<li>` (a `VirtualList` draws the item). */
  bare?: boolean;
};

/**
 * A card that opens on click, Enter or Space (role="button"). Its hover colours change at once, without a
 * transition: on a board of hundreds, each frame of a colour transition repaints the board (60–130 ms at 4×). Its
 * content is read as its name, so it must not hold other controls. Inside a `KanbanBoard`, arrows move between
 * cards.
 *
 * `content-visibility: auto`: a card out of sight (below its column's visible part, in a column scrolled off the
 * board) is neither styled, laid out nor painted, only kept at its last size (a guess of 6.5rem until drawn once);
 * it stays in the accessibility tree, in find-in-page and focusable. Each frame of the page then paints and
 * layerizes the cards on screen, not the hundreds loaded.
 */
export function KanbanCard({
  onOpen,
  tabbable = true,
  cardId,
  bare = false,
  className,
  children,
  ...props
}: KanbanCardProps) {
  const card = (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a card holds block content (title, badges), which a <button> may not. */}
      <div
        role="button"
        tabIndex={tabbable ? 0 : -1}
        data-slot="kanban-card"
        data-card-id={cardId}
        onClick={onOpen}
        onKeyDown={(e) => {
          if (e.target !== e.currentTarget) return;
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            onOpen();
          }
        }}
        className={cn(
          'block cursor-pointer rounded-lg border border-border bg-card p-3 text-left text-sm text-card-foreground shadow-xs [contain-intrinsic-size:auto_6.5rem] [content-visibility:auto] hover:border-primary/40 hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          className,
        )}
        {...props}
      >
        {children}
      </div>
    </>
  );
  return bare ? card : <li className="min-w-0 list-none">{card}</li>;
}

// ——— KanbanColumn ———

/** The column's scrolling body, for the `VirtualList` of its cards. */
const ColumnBody = createContext<React.RefObject<HTMLDivElement | null> | null>(null);

export interface KanbanColumnProps {
  id: string;
  title: string;
  /** The column's total (may be more than the cards loaded so far). */
  count: number;
  /**
   * The column's name for screen readers in the screen's own words (e.g. «Borrador: 4» for a board of pieces),
   * read by its group and its heading instead of «Borrador, 4 tarjetas» and the bare number. Nothing visible
   * changes.
   */
  label?: string;
  tone?: Tone;
  /** `KanbanCard`s. */
  children?: React.ReactNode;
  /**
   * The column's list instead of `children` in a `<ul>`: a `KanbanCardList`, which draws only the cards near
   * the viewport when the column holds hundreds.
   */
  list?: React.ReactNode;
  /** Shown when the column has no cards (default "Sin tarjetas"). */
  emptyText?: string;
  /** First page loading: skeleton cards. */
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** More cards exist: a "Cargar más" button, and a sentinel that loads them when scrolled into view. */
  hasMore?: boolean;
  loadingMore?: boolean;
  /**
   * The cards shown are being replaced (a filter, a refresh): they stay visible, the column is marked busy
   * (`aria-busy`), and «Cargar más» waits. No skeleton, no spinner and no style of its own: a board of six columns
   * refreshing draws once, not a frame per animation step, and restyles none of its cards.
   */
  refreshing?: boolean;
  onLoadMore?: () => void;
  /** Drawn between the header and the cards, outside their scrolling body (a quick-add line). */
  top?: React.ReactNode;
  /** Load the next page as soon as the end of the column scrolls into view (default true). */
  autoLoadMore?: boolean;
  className?: string;
}

/** One status column: header (tone dot, title, count), its cards, and the load-more footer. */
export function KanbanColumn({
  id,
  title,
  count,
  label,
  tone = 'default',
  children,
  list,
  emptyText = t.empty,
  loading = false,
  error = null,
  onRetry,
  hasMore = false,
  loadingMore = false,
  refreshing = false,
  onLoadMore,
  top,
  autoLoadMore = true,
  className,
}: KanbanColumnProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const onLoadMoreRef = useRef(onLoadMore);
  onLoadMoreRef.current = onLoadMore;
  const hasCards = Boolean(list) || (Array.isArray(children) ? children.length > 0 : Boolean(children));

  // The next page comes while the column's last cards are still a screen away: the sentinel at the end of the
  // column's own scrolling body is watched against that body (no layout read here: an observer, not a measure).
  useEffect(() => {
    const el = sentinel.current;
    if (
      !el ||
      !autoLoadMore ||
      !hasMore ||
      loadingMore ||
      refreshing ||
      loading ||
      typeof IntersectionObserver === 'undefined'
    )
      return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          onLoadMoreRef.current?.();
        }
      },
      { root: body.current, rootMargin: '0px 0px 400px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [autoLoadMore, hasMore, loadingMore, refreshing, loading]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: a column is a named group of cards, not a form <fieldset>.
    <div
      role="group"
      aria-label={label ?? `${title}, ${t.count(count)}`}
      aria-busy={loading || loadingMore || refreshing || undefined}
      data-slot="kanban-column"
      data-column-id={id}
      className={cn('flex min-w-0 flex-col gap-2 rounded-xl bg-muted/50 p-2', className)}
    >
      <h3 className="flex items-center gap-2 px-1 py-1 text-sm font-semibold">
        <span aria-hidden="true" className={cn('size-2.5 shrink-0 rounded-full', toneDot[tone])} />
        <span aria-hidden={label ? true : undefined} className="min-w-0 truncate" title={title}>
          {title}
        </span>
        <span
          aria-hidden={label ? true : undefined}
          className="ml-auto rounded-full bg-background px-2 py-0.5 text-xs font-medium text-muted-foreground tabular-nums"
        >
          {count}
        </span>
        {label ? <span className="sr-only">{label}</span> : null}
      </h3>
      {top}
      <ColumnBody.Provider value={body}>
        <div
          ref={body}
          data-slot="kanban-column-body"
          // Busy: nothing drawn. Not a dimmed body (an opacity over hundreds of cards makes each column a compositing
          // layer of its own for the time of the load: 150 ms of layerizing at 4×), nor a progress cursor (inherited:
          // every card of the six columns restyled as the load starts and again as it ends, 10 ms each at 4×).
          className="-mx-1 flex min-h-0 flex-col gap-2 overflow-y-auto overscroll-contain px-1 py-0.5"
        >
          {error ? (
            <ErrorState variant="compact" message={error} onRetry={onRetry} />
          ) : loading ? (
            <div className="flex flex-col gap-2">
              <span className="sr-only" role="status">
                {uiMessages.loading}
              </span>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-20 rounded-lg bg-background" />
              ))}
            </div>
          ) : hasCards ? (
            (list ?? <ul className="flex flex-col gap-2">{children}</ul>)
          ) : (
            <p className="rounded-lg border border-dashed border-border px-3 py-6 text-center text-sm text-muted-foreground">
              {emptyText}
            </p>
          )}
          {hasMore && !loading && !error ? (
            <>
              {loadingMore ? <Skeleton className="h-16 rounded-lg bg-background" /> : null}
              <div ref={sentinel} aria-hidden="true" className="h-px" />
              <Button
                variant="ghost"
                size="sm"
                data-slot="kanban-load-more"
                disabled={loadingMore || refreshing}
                onClick={onLoadMore}
                className="w-full"
              >
                {loadingMore ? (
                  <>
                    <LoaderCircleIcon
                      className="animate-spin motion-reduce:animate-none"
                      aria-hidden="true"
                    />
                    {t.loadingMore}
                  </>
                ) : (
                  t.loadMore
                )}
              </Button>
            </>
          ) : null}
        </div>
      </ColumnBody.Provider>
    </div>
  );
}

export interface KanbanCardListProps<T> {
  cards: readonly T[];
  getCardId: (card: T) => string;
  renderCard: (card: T) => React.ReactNode;
  onCardOpen: (cardId: string) => void;
  /** The card that is the board's Tab stop. */
  tabStop?: string | null;
}

/**
 * A column's cards inside a `KanbanColumn` (its `list`): all of them while they are few, only those near the
 * column's visible part once there are hundreds (a `VirtualList` on the column's scrolling body).
 */
export function KanbanCardList<T>({
  cards,
  getCardId,
  renderCard,
  onCardOpen,
  tabStop,
}: KanbanCardListProps<T>) {
  const body = useContext(ColumnBody);
  return (
    <VirtualList
      items={cards}
      getKey={(card) => getCardId(card)}
      getScrollElement={body ? () => body.current : undefined}
      estimateSize={104}
      gap={8}
      renderItem={(card) => {
        const id = getCardId(card);
        return (
          <KanbanCard bare cardId={id} tabbable={id === tabStop} onOpen={() => onCardOpen(id)}>
            {renderCard(card)}
          </KanbanCard>
        );
      }}
    />
  );
}

/** What a board's columns read at event time (the latest props), so a column whose cards did not change is skipped. */
interface BoardCallbacks {
  getCardId: (card: unknown) => string;
  renderCard: (card: unknown, columnId: string) => React.ReactNode;
  onCardOpen: (cardId: string, columnId: string) => void;
}

/**
 * One column's cards in a board, drawn again only when its cards (the same array while unchanged, as a store's
 * snapshot keeps it) or its Tab stop change: a filter that reloads six columns one answer at a time, or a piece
 * opened over the board, does not redraw every card of every column each time.
 */
const BoardColumnCards = memo(function BoardColumnCards({
  cards,
  columnId,
  tabStop,
  callbacks,
}: {
  cards: readonly unknown[];
  columnId: string;
  tabStop: string | null;
  callbacks: React.RefObject<BoardCallbacks>;
}) {
  return (
    <KanbanCardList
      cards={cards}
      getCardId={(card) => callbacks.current.getCardId(card)}
      renderCard={(card) => callbacks.current.renderCard(card, columnId)}
      onCardOpen={(id) => callbacks.current.onCardOpen(id, columnId)}
      tabStop={tabStop}
    />
  );
});

// ——— KanbanBoard ———

export interface KanbanColumnData<T> {
  id: string;
  title: string;
  count: number;
  /** The column's name for screen readers in the screen's own words (see `KanbanColumn`). */
  label?: string;
  tone?: Tone;
  cards: readonly T[];
  emptyText?: string;
  loading?: boolean;
  error?: string | null;
  hasMore?: boolean;
  loadingMore?: boolean;
  refreshing?: boolean;
  /** Drawn above the column's cards (see `KanbanColumn`'s `top`). */
  top?: React.ReactNode;
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
  className,
}: KanbanBoardProps<T>) {
  const viewportMobile = useMediaQuery('(max-width: 767px)');
  const mobile = mobileProp ?? viewportMobile;
  const hintId = useId();
  const boardRef = useRef<HTMLDivElement>(null);
  // The card last focused, kept as the Tab stop while it is on the board. Held in a ref: focusing the card that
  // already is the Tab stop (a click on the first card, say) draws nothing again; another one draws the board.
  const activeId = useRef<string | null>(null);
  const [, redraw] = useState(0);
  const [visibleColumn, setVisibleColumn] = useState<string | null>(columns[0]?.id ?? null);

  const allIds = columns.flatMap((c) => c.cards.map(getCardId));
  const tabStop =
    activeId.current && allIds.includes(activeId.current) ? activeId.current : (allIds[0] ?? null);
  const callbacks = useRef<BoardCallbacks>(null as unknown as BoardCallbacks);
  callbacks.current = {
    getCardId: (card) => getCardId(card as T),
    renderCard: (card, columnId) => {
      const column = columns.find((c) => c.id === columnId);
      return column ? renderCard(card as T, column) : null;
    },
    onCardOpen,
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

  return (
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
                  {t.goToColumn(c.title, c.count)}
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
          const id = (e.target as HTMLElement).dataset.cardId;
          if (!id) return;
          activeId.current = id;
          if (id !== tabStop) redraw((n) => n + 1);
        }}
        className={cn(
          // relative: the containing block of the columns' visually hidden texts (absolutely positioned), so
          // they are clipped with the columns instead of widening the whole page.
          'relative flex items-start overflow-x-auto rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          mobile ? 'snap-x snap-mandatory gap-3 scroll-smooth motion-reduce:scroll-auto' : 'gap-3 pb-2',
        )}
      >
        {columns.map((column) => (
          <KanbanColumn
            key={column.id}
            id={column.id}
            title={column.title}
            count={column.count}
            label={column.label}
            tone={column.tone}
            emptyText={column.emptyText}
            loading={column.loading}
            error={column.error}
            hasMore={column.hasMore}
            loadingMore={column.loadingMore}
            refreshing={column.refreshing}
            top={column.top}
            autoLoadMore={autoLoadMore}
            onRetry={onRetry ? () => onRetry(column.id) : undefined}
            onLoadMore={onLoadMore ? () => onLoadMore(column.id) : undefined}
            // A column scrolls on its own below its header, as tall as the screen allows.
            className={cn(
              'max-h-[max(24rem,calc(100dvh-7rem))]',
              mobile ? 'w-full shrink-0 snap-start' : 'w-72 shrink-0',
            )}
            list={
              column.cards.length > 0 ? (
                <BoardColumnCards
                  cards={column.cards}
                  columnId={column.id}
                  tabStop={tabStop && column.cards.some((c) => getCardId(c) === tabStop) ? tabStop : null}
                  callbacks={callbacks}
                />
              ) : undefined
            }
          />
        ))}
      </section>
    </div>
  );
}

import type * as React from 'react';
import { createContext, useContext, useRef } from 'react';
import { LoadMoreButton } from '../button/load-more-button.tsx';
import { ErrorState } from '../error-state/error-state.tsx';
import { useLoadMoreOnView } from '../hooks/use-load-more-on-view.ts';
import { cn } from '../lib/cn.ts';
import type { Tone } from '../lib/tone.ts';
import { uiMessages } from '../messages.ts';
import { Skeleton } from '../skeleton/skeleton.tsx';
import { VirtualList } from '../virtual-list/virtual-list.tsx';
import { KanbanCard } from './kanban-card.tsx';

const t = uiMessages.kanban;

/** The colour dot of a column's tone (its header, and the phone's column tabs). */
export const toneDot: Record<Tone, string> = {
  default: 'bg-primary',
  info: 'bg-info',
  success: 'bg-success',
  warning: 'bg-warning',
  error: 'bg-destructive',
  muted: 'bg-muted-foreground',
};

// ——— KanbanColumn ———

/** The column's scrolling body, for the `VirtualList` of its cards. */
const ColumnBody = createContext<React.RefObject<HTMLDivElement | null> | null>(null);

export interface KanbanColumnProps {
  id: string;
  title: string;
  /** The column's total (may be more than the cards loaded so far). */
  count: number;
  /** `count` is a lower bound (a capped count): shown as «1000+». */
  countAtLeast?: boolean;
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
  countAtLeast = false,
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
  const hasCards = Boolean(list) || (Array.isArray(children) ? children.length > 0 : Boolean(children));

  // The next page comes while the column's last cards are still a screen away: the sentinel at the end of the
  // column's own scrolling body is watched against that body.
  useLoadMoreOnView(sentinel, body, onLoadMore, {
    enabled: autoLoadMore && hasMore && !loadingMore && !refreshing && !loading,
    rootMargin: '0px 0px 400px 0px',
  });

  return (
    // biome-ignore lint/a11y/useSemanticElements: a column is a named group of cards, not a form <fieldset>.
    <div
      role="group"
      aria-label={label ?? `${title}, ${t.count(count, countAtLeast)}`}
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
          {t.shownCount(count, countAtLeast)}
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
              <LoadMoreButton
                loading={loadingMore}
                data-slot="kanban-load-more"
                disabled={loadingMore || refreshing}
                onClick={onLoadMore}
                className="w-full"
              />
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
  /** Whether a card is the Tab stop, asked as each card is drawn (a board that moves its stop without drawing). */
  isTabStop?: (cardId: string) => boolean;
}

/**
 * Up to this many cards a column draws them all (find-in-page, every Tab stop); past it, only those near its
 * visible part: a board's first page of 20 a column draws ~8 of them on a laptop's screen, and a filter or a view
 * switch mounts that many (issue 48).
 */
const BOARD_ALL_DRAWN = 12;

/**
 * A column's cards inside a `KanbanColumn` (its `list`): all of them while they are few, only those near the
 * column's visible part once there are more (a `VirtualList` on the column's scrolling body, three cards of
 * overscan above and below).
 */
export function KanbanCardList<T>({
  cards,
  getCardId,
  renderCard,
  onCardOpen,
  tabStop,
  isTabStop,
}: KanbanCardListProps<T>) {
  const body = useContext(ColumnBody);
  return (
    <VirtualList
      items={cards}
      getKey={(card) => getCardId(card)}
      getScrollElement={body ? () => body.current : undefined}
      estimateSize={104}
      gap={8}
      threshold={BOARD_ALL_DRAWN}
      overscan={3}
      renderItem={(card) => {
        const id = getCardId(card);
        return (
          <KanbanCard
            bare
            cardId={id}
            tabbable={isTabStop ? isTabStop(id) : id === tabStop}
            onOpen={() => onCardOpen(id)}
          >
            {renderCard(card)}
          </KanbanCard>
        );
      }}
    />
  );
}

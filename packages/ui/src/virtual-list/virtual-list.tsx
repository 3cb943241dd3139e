import type * as React from 'react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { useVirtualRange } from './use-virtual-range.ts';

export interface VirtualListProps<T> extends Omit<React.ComponentProps<'ul'>, 'children'> {
  items: readonly T[];
  getKey: (item: T, index: number) => string;
  /** The content of the item's `<li>`. */
  renderItem: (item: T, index: number) => React.ReactNode;
  /**
   * The element that scrolls the list (a column's body). Without it the list scrolls itself: give it a
   * height (`scrollClassName`, e.g. `max-h-96`).
   */
  getScrollElement?: () => HTMLElement | null;
  /** Classes of the list's own scroll box (only without `getScrollElement`). */
  scrollClassName?: string;
  /** Rendered after the list, inside the scroll box (a «Cargar más» button, a sentinel). */
  footer?: React.ReactNode;
  /** A first guess of an item's height in px; each item is measured once drawn (default 96). */
  estimateSize?: number;
  /**
   * A first guess of the scroll box's height in px, for the list's first draw (before the box is measured): a
   * list in a short box draws no more than it shows (default 800).
   */
  viewportEstimate?: number;
  /** The gap between items in px, as the list's `gap-*` class draws it (default 8, `gap-2`). */
  gap?: number;
  /** Items drawn above and below the visible ones (default 6). */
  overscan?: number;
  /** Up to this many items are all drawn (no virtualisation: find-in-page and every Tab stop) (default 60). */
  threshold?: number;
  /** Classes of each `<li>`. */
  itemClassName?: string;
}

/** An item's content as the list last drew it, and the item and place it was drawn for. */
interface Drawn<T> {
  item: T;
  index: number;
  node: React.ReactNode;
}

/**
 * A list that draws only the items near the viewport once it holds more than `threshold`: a column of hundreds
 * of cards, an inbox of thousands of notifications. The items stay in the document's flow (a `<ul>` padded
 * above and below by the height of the items not drawn), each `<li>` measured as drawn, so cards of any height
 * and the list's `gap` work as without it. Screen readers hear each item's place in the whole list
 * (`aria-setsize`, `aria-posinset`).
 */
export function VirtualList<T>({
  items,
  getKey,
  renderItem,
  getScrollElement,
  scrollClassName,
  footer,
  estimateSize = 96,
  viewportEstimate = 800,
  gap = 8,
  overscan = 6,
  threshold = 60,
  itemClassName,
  className,
  style,
  ...props
}: VirtualListProps<T>) {
  const ownScroll = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const virtual = items.length > threshold;
  // Found after the commit: a scroll box that is an ancestor (a column's body) gets its ref after this list's
  // layout effects have run.
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  // Where the list starts in its scroll box (below a column's header, say).
  const [margin, setMargin] = useState(0);
  useEffect(() => {
    const el = getScrollElement ? getScrollElement() : ownScroll.current;
    if (el !== scroller) setScroller(el);
  });
  // Measured when the list turns virtual (a layout read: not on every commit of a short list).
  useEffect(() => {
    const list = listRef.current;
    if (!virtual || !scroller || !list) return;
    setMargin(
      Math.round(
        list.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop,
      ),
    );
  }, [virtual, scroller]);
  // Each item's content as last drawn, reused while the list draws again for its own reasons (an item measured, a
  // scroll) with the same item at the same place and the same `renderItem`: React then leaves that item as it is.
  // A column scrolled drew every card in sight again at each step, and each measure after a filter drew them twice
  // (issue 48). A new `renderItem` (the caller drew) draws them all, as before.
  const drawn = useRef<{ renderItem: unknown; byKey: Map<string, Drawn<T>> }>({
    renderItem: null,
    byKey: new Map(),
  });
  const reuse = drawn.current.renderItem === renderItem ? drawn.current.byKey : null;
  const nextDrawn = new Map<string, Drawn<T>>();
  const draw = (item: T, index: number, key: string) => {
    const before = reuse?.get(key);
    const node =
      before && before.item === item && before.index === index ? before.node : renderItem(item, index);
    nextDrawn.set(key, { item, index, node });
    return node;
  };
  useLayoutEffect(() => {
    drawn.current = { renderItem, byKey: nextDrawn };
  });

  // The item that took the focus at the edge of what is drawn (its place), for the range to draw its neighbour.
  // Only then: a card clicked among drawn ones (a piece opened) draws nothing.
  const [focused, setFocused] = useState<number | null>(null);
  const onFocus = (e: React.FocusEvent<HTMLUListElement>) => {
    props.onFocus?.(e);
    const li = (e.target as HTMLElement).closest('li[aria-posinset]');
    if (li?.parentElement !== e.currentTarget) return;
    const index = Number(li.getAttribute('aria-posinset')) - 1;
    const atEdge =
      (!li.nextElementSibling && index < items.length - 1) || (!li.previousElementSibling && index > 0);
    if (atEdge) setFocused(index);
  };
  const onBlur = (e: React.FocusEvent<HTMLUListElement>) => {
    props.onBlur?.(e);
    if (focused !== null && !e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(null);
  };

  const range = useVirtualRange({
    keys: virtual ? items.map((item, index) => getKey(item, index)) : [],
    scroller,
    margin,
    estimate: estimateSize,
    viewportEstimate,
    focused,
    gap,
    overscan,
    enabled: virtual,
  });

  let list: React.ReactNode;
  if (!virtual) {
    list = (
      <ul
        ref={listRef}
        data-slot="virtual-list"
        className={cn('flex flex-col', className)}
        style={{ gap, ...style }}
        {...props}
      >
        {items.map((item, index) => {
          const key = getKey(item, index);
          return (
            <li key={key} className={cn('min-w-0 list-none', itemClassName)}>
              {draw(item, index, key)}
            </li>
          );
        })}
      </ul>
    );
  } else {
    list = (
      <ul
        ref={listRef}
        data-slot="virtual-list"
        data-virtual=""
        className={cn('flex flex-col', className)}
        style={{ gap, paddingTop: range.before, paddingBottom: range.after, ...style }}
        {...props}
        onFocus={onFocus}
        onBlur={onBlur}
      >
        {items.slice(range.start, range.end + 1).map((item, i) => {
          const index = range.start + i;
          const key = getKey(item, index);
          return (
            <li
              key={key}
              ref={range.measure(key)}
              aria-setsize={items.length}
              aria-posinset={index + 1}
              className={cn('min-w-0 list-none', itemClassName)}
            >
              {draw(item, index, key)}
            </li>
          );
        })}
      </ul>
    );
  }

  if (getScrollElement)
    return (
      <>
        {list}
        {footer}
      </>
    );
  return (
    // A scroll box reachable with the keyboard (arrows and Page Down scroll it), named as its list.
    <section
      ref={ownScroll}
      aria-label={props['aria-label']}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus (WCAG 2.1.1).
      tabIndex={0}
      data-slot="virtual-list-scroll"
      className={cn(
        'overflow-y-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        scrollClassName,
      )}
    >
      {list}
      {footer}
    </section>
  );
}

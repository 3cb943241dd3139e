import { useVirtualizer } from '@tanstack/react-virtual';
import type * as React from 'react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../packages/ui/src/lib/cn.ts';

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
  /** The gap between items in px, as the list's `gap-*` class draws it (default 8, `gap-2`). */
  gap?: number;
  /** Items drawn above and below the visible ones (default 6). */
  overscan?: number;
  /** Up to this many items are all drawn (no virtualisation: find-in-page and every Tab stop) (default 60). */
  threshold?: number;
  /** Classes of each `<li>`. */
  itemClassName?: string;
}

/**
 * A list that draws only the items near the viewport once it holds more than `threshold`: a column of hundreds
 * of cards, an inbox of thousands of notifications. The items stay in the document's flow (a `<ul>` padded
 * above and below by the height of the items not drawn), each `<li>` measured as drawn, so cards of any height
 * and the list's `gap` work as without it. Screen readers hear each item's place in the whole list
 * (`aria-setsize`, `aria-posinset`).
 *
 * The range is `@tanstack/react-virtual`'s: the candidate of issue 48, point 3, kept here for
 * `npm run measure-parts` beside packages/ui's hand-written range (see docs/decisions.md, which tells why the
 * design system kept its own).
 */
export function VirtualList<T>({
  items,
  getKey,
  renderItem,
  getScrollElement,
  scrollClassName,
  footer,
  estimateSize = 96,
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
  const virtualizer = useVirtualizer({
    count: virtual ? items.length : 0,
    getScrollElement: () => scroller,
    getItemKey: (index) => getKey(items[index] as T, index),
    estimateSize: () => estimateSize,
    gap,
    overscan,
    scrollMargin: margin,
    enabled: virtual,
    // Before the scroll box is known, a screenful is drawn (not nothing) so the first paint has cards.
    initialRect: { width: 0, height: 800 },
  });
  const drawn = virtual ? virtualizer.getVirtualItems() : [];
  const first = drawn[0];
  const last = drawn[drawn.length - 1];
  const before = first ? first.start - margin : 0;
  const after = last ? Math.max(0, virtualizer.getTotalSize() - (last.end - margin)) : 0;

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
        {items.map((item, index) => (
          <li key={getKey(item, index)} className={cn('min-w-0 list-none', itemClassName)}>
            {renderItem(item, index)}
          </li>
        ))}
      </ul>
    );
  } else {
    list = (
      <ul
        ref={listRef}
        data-slot="virtual-list"
        data-virtual=""
        className={cn('flex flex-col', className)}
        style={{ gap, paddingTop: before, paddingBottom: after, ...style }}
        {...props}
      >
        {drawn.map((row) => {
          const item = items[row.index] as T;
          return (
            <li
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              aria-setsize={items.length}
              aria-posinset={row.index + 1}
              className={cn('min-w-0 list-none', itemClassName)}
            >
              {renderItem(item, row.index)}
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

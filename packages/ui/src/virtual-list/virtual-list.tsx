import { useVirtualizer } from '@tanstack/react-virtual';
import type * as React from 'react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';

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
  // Where the list starts in its scroll box (below a column's header, say), measured after each commit.
  const [margin, setMargin] = useState(0);
  useEffect(() => {
    const el = getScrollElement ? getScrollElement() : ownScroll.current;
    if (el !== scroller) setScroller(el);
    const list = listRef.current;
    if (!el || !list) return;
    const top = Math.round(list.getBoundingClientRect().top - el.getBoundingClientRect().top + el.scrollTop);
    if (top !== margin) setMargin(top);
  });
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller,
    estimateSize: () => estimateSize,
    getItemKey: (index) => getKey(items[index] as T, index),
    gap,
    overscan,
    // Always on, so it follows the scroll position before the list grows past `threshold` (switching it on
    // then would start from the top and jump the list there).
    enabled: true,
    scrollMargin: margin,
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
        {items.map((item, index) => (
          <li key={getKey(item, index)} className={cn('min-w-0 list-none', itemClassName)}>
            {renderItem(item, index)}
          </li>
        ))}
      </ul>
    );
  } else {
    const rows = virtualizer.getVirtualItems();
    const margin = virtualizer.options.scrollMargin;
    // No rows yet (the scroll box not measured): the whole height as padding, so the box keeps its scroll.
    const before = rows.length ? (rows[0]?.start ?? 0) - margin : 0;
    const after = virtualizer.getTotalSize() - (rows.length ? (rows.at(-1)?.end ?? 0) - margin : 0);
    list = (
      <ul
        ref={listRef}
        data-slot="virtual-list"
        data-virtual=""
        className={cn('flex flex-col', className)}
        style={{ gap, paddingTop: before, paddingBottom: Math.max(0, after), ...style }}
        {...props}
      >
        {rows.map((row) => {
          const item = items[row.index] as T;
          return (
            <li
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
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

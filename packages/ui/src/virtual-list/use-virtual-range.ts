import { useEffect, useRef, useState } from 'react';

/** What a virtual list draws: items `start`–`end` (inclusive), with this much space above and below them. */
export interface VirtualRange {
  start: number;
  end: number;
  before: number;
  after: number;
  /** Give it to each drawn item's element: its height is measured (and followed as it changes). */
  measure: (key: string) => (el: HTMLElement | null) => void;
}

/**
 * The items of a list near its scroll box's visible part. Heights are guessed (`estimate`) until each item is
 * drawn and measured (a ResizeObserver follows later changes); positions are the running sum of heights and
 * gaps, and the visible ones are found by binary search, so a list of 10,000 costs a sum per change, not a
 * layout. Small and ours rather than a library: the design system's catalogue has a download budget.
 */
export function useVirtualRange(opts: {
  keys: readonly string[];
  scroller: HTMLElement | null;
  /** Where the list starts inside the scroll box, in px. */
  margin: number;
  estimate: number;
  /** The scroll box's height in px until it is measured (its first draw). */
  viewportEstimate: number;
  /**
   * The item that holds the focus, if drawn: its neighbours are drawn too, so that an arrow key always finds the
   * next one, however fast the keys come (a scroll's redraw can come after the next key on a busy phone).
   */
  focused: number | null;
  gap: number;
  overscan: number;
  enabled: boolean;
}): VirtualRange {
  const { keys, scroller, margin, estimate, viewportEstimate, focused, gap, overscan, enabled } = opts;
  const sizes = useRef(new Map<string, number>());
  const [, setVersion] = useState(0);
  const [view, setView] = useState({ top: 0, height: 0 });
  const frame = useRef(0);
  const schedule = useRef(() => {});
  schedule.current = () => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      setVersion((v) => v + 1);
    });
  };

  // The scroll box's position and height, followed.
  useEffect(() => {
    if (!scroller || !enabled) return;
    const read = () => setView({ top: scroller.scrollTop, height: scroller.clientHeight });
    read();
    scroller.addEventListener('scroll', read, { passive: true });
    const ro = new ResizeObserver(read);
    ro.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', read);
      ro.disconnect();
    };
  }, [scroller, enabled]);

  // Drawn items, measured as they change.
  const observed = useRef(new Map<Element, string>());
  const [ro] = useState(() =>
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver((entries) => {
          let changed = false;
          for (const e of entries) {
            const key = observed.current.get(e.target);
            const h = (e.target as HTMLElement).offsetHeight;
            if (key !== undefined && h > 0 && sizes.current.get(key) !== h) {
              sizes.current.set(key, h);
              changed = true;
            }
          }
          if (changed) schedule.current();
        }),
  );
  useEffect(
    () => () => {
      ro?.disconnect();
      cancelAnimationFrame(frame.current);
    },
    [ro],
  );
  const refs = useRef(new Map<string, (el: HTMLElement | null) => void>());
  const measure = (key: string) => {
    let ref = refs.current.get(key);
    if (!ref) {
      let current: HTMLElement | null = null;
      ref = (el) => {
        if (current) {
          ro?.unobserve(current);
          observed.current.delete(current);
        }
        current = el;
        if (el) {
          observed.current.set(el, key);
          ro?.observe(el);
        }
      };
      refs.current.set(key, ref);
    }
    return ref;
  };

  const n = keys.length;
  if (!enabled || n === 0) return { start: 0, end: n - 1, before: 0, after: 0, measure };
  // offsets[i]: where item i starts; offsets[n]: the whole height (plus one gap).
  const offsets = new Float64Array(n + 1);
  for (let i = 0; i < n; i++)
    offsets[i + 1] = (offsets[i] ?? 0) + (sizes.current.get(keys[i] ?? '') ?? estimate) + gap;
  const total = Math.max(0, (offsets[n] ?? 0) - gap);
  const top = view.top - margin;
  const bottom = top + (view.height || scroller?.clientHeight || viewportEstimate);
  // The first item ending below `top`, the last starting above `bottom`.
  const search = (y: number) => {
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((offsets[mid + 1] ?? 0) - gap <= y) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  let start = Math.max(0, search(top) - overscan);
  let end = Math.min(n - 1, search(bottom) + overscan);
  if (focused !== null && focused >= start && focused <= end) {
    start = Math.max(0, Math.min(start, focused - 1));
    end = Math.min(n - 1, Math.max(end, focused + 1));
  }
  return {
    start,
    end,
    before: offsets[start] ?? 0,
    after: Math.max(0, total - ((offsets[end + 1] ?? 0) - gap)),
    measure,
  };
}

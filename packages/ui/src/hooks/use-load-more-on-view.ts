import { type RefObject, useEffect, useRef } from 'react';

/**
 * Asks for the next page once `sentinel` (an element at the end of a list) comes within `rootMargin` of
 * `root`'s visible part: an observer, no layout read. Watches only while `enabled` (more to load and nothing
 * loading), and stops at the first sighting until `enabled` turns on again.
 */
export function useLoadMoreOnView(
  sentinel: RefObject<Element | null>,
  root: RefObject<Element | null>,
  onLoadMore: (() => void) | undefined,
  { enabled, rootMargin }: { enabled: boolean; rootMargin: string },
) {
  const latest = useRef(onLoadMore);
  latest.current = onLoadMore;
  useEffect(() => {
    const el = sentinel.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          latest.current?.();
        }
      },
      { root: root.current, rootMargin },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [enabled, rootMargin, sentinel, root]);
}

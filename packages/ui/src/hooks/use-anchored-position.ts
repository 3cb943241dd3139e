import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** Where a panel of `width` px goes: below its anchor, right edges aligned, `gap` px below and `padding` px in. */
export interface AnchoredPosition {
  top: number;
  right: number;
}

export function placeBelowEnd(
  anchor: Pick<DOMRect, 'bottom' | 'right'>,
  viewportWidth: number,
  width: number,
  gap = 8,
  padding = 8,
): AnchoredPosition {
  let right = Math.max(padding, viewportWidth - anchor.right);
  // Shifted right (in) when its left edge would leave the screen.
  if (viewportWidth - right - width < padding) right = Math.max(padding, viewportWidth - padding - width);
  return { top: Math.round(anchor.bottom + gap), right: Math.round(right) };
}

/**
 * A fixed panel below the end of its anchor, without a positioning library's work when it opens (issue 48): the
 * anchor is measured once by `measure` (call it in the anchor's click, where the layout is still clean) or, when
 * the panel is opened otherwise, before its first paint; then again on a resize or a scroll, at most once a frame.
 * Radix's popper measured the panel itself on mount and on every frame after (a forced style recalculation and
 * layout of the fresh panel, ~60 ms at 4× CPU for the notifications' list).
 */
export function useAnchoredPosition(open: boolean, width: (viewportWidth: number) => number) {
  const anchor = useRef<HTMLElement | null>(null);
  const [position, setPosition] = useState<AnchoredPosition | null>(null);
  const placed = useRef(false);
  placed.current = position !== null;
  const widthRef = useRef(width);
  widthRef.current = width;
  const measure = useCallback(() => {
    const el = anchor.current;
    if (!el) return;
    const viewport = document.documentElement.clientWidth;
    const next = placeBelowEnd(el.getBoundingClientRect(), viewport, widthRef.current(viewport));
    setPosition((p) => (p && p.top === next.top && p.right === next.right ? p : next));
  }, []);

  useLayoutEffect(() => {
    if (!open) {
      setPosition(null);
      return;
    }
    if (!placed.current) measure();
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    window.addEventListener('resize', schedule);
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, { capture: true });
    };
  }, [open, measure]);

  return { anchor, position, measure };
}

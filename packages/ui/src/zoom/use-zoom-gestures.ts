import type * as React from 'react';
import { type Dispatch, type SetStateAction, useEffect, useRef } from 'react';
import { panBy, type ZoomView, zoomAt } from './zoom.ts';

interface Point {
  x: number;
  y: number;
}

/** Beyond this many pixels a press is a drag (it pans) and no longer a click. */
const DRAG_THRESHOLD = 4;

/**
 * Wheel and pinch zoom about the pointer, drag to pan, for a pane whose content is transformed by a
 * `ZoomView`. The pointer is captured only once a press becomes a drag, so a plain click still reaches what
 * is under it (a pin, the image that places one); `dragged()` says whether the last press was a drag.
 */
export function useZoomGestures(
  ref: React.RefObject<HTMLElement | null>,
  onViewChange: Dispatch<SetStateAction<ZoomView>>,
) {
  const pointers = useRef(new Map<number, Point>());
  const travel = useRef(0);

  // React's wheel listener is passive; this one must be able to stop the page from scrolling.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      const factor = Math.exp(-e.deltaY * 0.002);
      const r = el.getBoundingClientRect();
      const cx = (e.clientX - r.left) / r.width - 0.5;
      const cy = (e.clientY - r.top) / r.height - 0.5;
      onViewChange((v) => {
        const next = zoomAt(v, factor, cx, cy);
        return next.scale === v.scale && next.x === v.x && next.y === v.y ? v : next;
      });
      // Scrolling down at fit size scrolls the page, as it would over any picture.
      if (factor > 1 || el.dataset.zoomed === 'true') e.preventDefault();
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [ref, onViewChange]);

  const onPointerDown = (e: React.PointerEvent<HTMLElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 1) travel.current = 0;
  };

  const onPointerMove = (e: React.PointerEvent<HTMLElement>) => {
    const previous = pointers.current.get(e.pointerId);
    if (!previous) return;
    const r = e.currentTarget.getBoundingClientRect();
    const current = { x: e.clientX, y: e.clientY };
    const wasDrag = travel.current > DRAG_THRESHOLD;
    travel.current += Math.hypot(current.x - previous.x, current.y - previous.y);
    if (!wasDrag && travel.current > DRAG_THRESHOLD) {
      try {
        e.currentTarget.setPointerCapture(e.pointerId);
      } catch {
        // A synthetic or already finished pointer cannot be captured; the drag still works inside the pane.
      }
    }
    const others = [...pointers.current].filter(([id]) => id !== e.pointerId).map(([, p]) => p);
    pointers.current.set(e.pointerId, current);
    if (others.length === 0) {
      onViewChange((v) => panBy(v, (current.x - previous.x) / r.width, (current.y - previous.y) / r.height));
    } else {
      // Pinch: the distance to the other finger sets the zoom, their midpoint stays still.
      const other = others[0]!;
      const before = Math.hypot(previous.x - other.x, previous.y - other.y);
      const now = Math.hypot(current.x - other.x, current.y - other.y);
      if (before < 1) return;
      const cx = ((current.x + other.x) / 2 - r.left) / r.width - 0.5;
      const cy = ((current.y + other.y) / 2 - r.top) / r.height - 0.5;
      onViewChange((v) => zoomAt(v, now / before, cx, cy));
    }
  };

  const onPointerEnd = (e: React.PointerEvent<HTMLElement>) => {
    pointers.current.delete(e.pointerId);
  };

  return {
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
    },
    /** Whether the press that just ended moved the view (its click should do nothing). */
    dragged: () => travel.current > DRAG_THRESHOLD,
  };
}

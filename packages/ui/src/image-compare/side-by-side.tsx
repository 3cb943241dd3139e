import { ZoomInIcon, ZoomOutIcon } from 'lucide-react';
import type * as React from 'react';
import { type Dispatch, type SetStateAction, useEffect, useId, useRef, useState } from 'react';
import { Button, IconButton } from '../button/button.tsx';
import { uiMessages } from '../messages.ts';
import { ImageLabel } from './image-label.tsx';
import type { CompareImage } from './use-image-pair.ts';
import { FIT, MAX_SCALE, MIN_SCALE, panBy, viewTransform, ZOOM_STEP, type ZoomView, zoomAt } from './zoom.ts';

const t = uiMessages.imageCompare;
const percent = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 0 });
/** Keyboard pan step, a tenth of the pane. */
const PAN_STEP = 0.1;

/** Keys of the viewer: + − 0 zoom; the arrows move the view the way they point (the image the other way). */
const keyActions: Record<string, (v: ZoomView) => ZoomView> = {
  '+': (v) => zoomAt(v, ZOOM_STEP),
  '=': (v) => zoomAt(v, ZOOM_STEP),
  '-': (v) => zoomAt(v, 1 / ZOOM_STEP),
  '0': () => FIT,
  ArrowLeft: (v) => panBy(v, PAN_STEP, 0),
  ArrowRight: (v) => panBy(v, -PAN_STEP, 0),
  ArrowUp: (v) => panBy(v, 0, PAN_STEP),
  ArrowDown: (v) => panBy(v, 0, -PAN_STEP),
};

/** Both images side by side (stacked in a narrow container) with one zoom and pan for the two. */
export function SideBySide({
  before,
  after,
  labels,
  aspectRatio,
}: {
  before: CompareImage;
  after: CompareImage;
  labels: { before: string; after: string };
  aspectRatio: number;
}) {
  const [view, setView] = useState<ZoomView>(FIT);
  const hintId = useId();

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const action = keyActions[e.key];
    // Leave the arrows to the page (and to the buttons) while nothing can pan.
    if (!action || (e.key.startsWith('Arrow') && view.scale === 1)) return;
    e.preventDefault();
    setView(action);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: an image viewer, not a form, so no fieldset.
    <div
      role="group"
      aria-label={t.viewer}
      aria-describedby={hintId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the viewer takes the focus so + − 0 and the arrows reach it.
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-slot="image-compare-side-by-side"
      className="flex flex-col gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <div className="flex items-center gap-1">
        <IconButton
          label={t.zoomOut}
          size="icon-sm"
          variant="outline"
          disabled={view.scale <= MIN_SCALE}
          onClick={() => setView((v) => zoomAt(v, 1 / ZOOM_STEP))}
        >
          <ZoomOutIcon />
        </IconButton>
        <output
          aria-label={t.zoomLevel}
          className="min-w-14 text-center text-sm tabular-nums text-muted-foreground"
        >
          {percent.format(view.scale)}
        </output>
        <IconButton
          label={t.zoomIn}
          size="icon-sm"
          variant="outline"
          disabled={view.scale >= MAX_SCALE}
          onClick={() => setView((v) => zoomAt(v, ZOOM_STEP))}
        >
          <ZoomInIcon />
        </IconButton>
        <Button size="sm" variant="ghost" disabled={view.scale === 1} onClick={() => setView(FIT)}>
          {t.fit}
        </Button>
      </div>
      <div className="grid gap-2 @lg:grid-cols-2">
        <ZoomPane
          image={before}
          label={labels.before}
          view={view}
          onViewChange={setView}
          aspectRatio={aspectRatio}
        />
        <ZoomPane
          image={after}
          label={labels.after}
          view={view}
          onViewChange={setView}
          aspectRatio={aspectRatio}
        />
      </div>
      <p id={hintId} className="sr-only">
        {t.viewerHint}
      </p>
    </div>
  );
}

interface Point {
  x: number;
  y: number;
}

/** One pane: wheel and pinch zoom about the pointer, drag to pan; every change goes to the shared view. */
function ZoomPane({
  image,
  label,
  view,
  onViewChange,
  aspectRatio,
}: {
  image: CompareImage;
  label: string;
  view: ZoomView;
  onViewChange: Dispatch<SetStateAction<ZoomView>>;
  aspectRatio: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const zoomed = view.scale > 1;

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
  }, [onViewChange]);

  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    try {
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // A synthetic or already finished pointer cannot be captured; the drag still works inside the pane.
    }
  };

  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    const previous = pointers.current.get(e.pointerId);
    if (!previous) return;
    const r = e.currentTarget.getBoundingClientRect();
    const current = { x: e.clientX, y: e.clientY };
    const others = [...pointers.current].filter(([id]) => id !== e.pointerId).map(([, p]) => p);
    pointers.current.set(e.pointerId, current);
    if (others.length === 0) {
      onViewChange((v) => panBy(v, (current.x - previous.x) / r.width, (current.y - previous.y) / r.height));
    } else {
      // Pinch: the distance to the other finger sets the zoom, their midpoint stays still.
      const other = others[0];
      const before = Math.hypot(previous.x - other.x, previous.y - other.y);
      const now = Math.hypot(current.x - other.x, current.y - other.y);
      if (before < 1) return;
      const cx = ((current.x + other.x) / 2 - r.left) / r.width - 0.5;
      const cy = ((current.y + other.y) / 2 - r.top) / r.height - 0.5;
      onViewChange((v) => zoomAt(v, now / before, cx, cy));
    }
  };

  const onPointerEnd = (e: React.PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(e.pointerId);
  };

  return (
    <div
      ref={ref}
      data-slot="image-compare-pane"
      data-scale={view.scale}
      data-zoomed={zoomed}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      className={`relative overflow-hidden rounded-md border border-border bg-muted select-none ${
        zoomed ? 'cursor-grab touch-none active:cursor-grabbing' : 'touch-pan-y'
      }`}
      style={{ aspectRatio }}
    >
      <div
        data-slot="image-compare-pane-content"
        className="size-full will-change-transform"
        style={{ transform: viewTransform(view) }}
      >
        <img
          src={image.src}
          alt={image.alt}
          crossOrigin="anonymous"
          draggable={false}
          className="pointer-events-none size-full object-contain"
        />
      </div>
      <ImageLabel className="top-2 left-2">{label}</ImageLabel>
    </div>
  );
}

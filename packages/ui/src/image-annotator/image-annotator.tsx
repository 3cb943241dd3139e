import type * as React from 'react';
import { useId, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';
import { useZoomGestures } from '../zoom/use-zoom-gestures.ts';
import { FIT, viewTransform, type ZoomView } from '../zoom/zoom.ts';
import { ZoomToolbar, zoomKey } from '../zoom/zoom-toolbar.tsx';
import { type AnnotatorProps, clampUnit, PinDraft, PinLayer, type Point, pointIn } from './pin.tsx';

const t = uiMessages.annotator;

export type AnnotationPin = {
  id: string;
  /** 0–1 across the image, from the left. */
  x: number;
  /** 0–1 down the image, from the top. */
  y: number;
  /** What the pin says, for its accessible name. */
  label: string;
  /** Its number where several images share one numbering (default: its place here, from 1). */
  number?: number;
};

/** A click (or Enter on the image) places the draft there; without `onPlace` the image only shows pins. */
export type ImageAnnotatorProps = AnnotatorProps<AnnotationPin, Point>;

/** The draft moved by an arrow key (1 % a step, 10 % with Shift), or null for any other key. */
export function movedDraft(draft: Point, e: { key: string; shiftKey: boolean }): Point | null {
  const step = e.shiftKey ? 0.1 : 0.01;
  const delta: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const d = delta[e.key];
  return d ? { x: clampUnit(draft.x + d[0]), y: clampUnit(draft.y + d[1]) } : null;
}

/**
 * An image with numbered pins at normalised points (0–1, so they hold at any size and zoom) and, when
 * `onPlace` is given, a click or Enter to place a new one; the arrow keys move it (without it, only the pins). Zoom with the toolbar, the
 * wheel, a pinch or + − 0; drag to pan. Pins are buttons: a click or Enter selects their comment.
 */
export function ImageAnnotator({
  src,
  alt,
  pins,
  draft,
  onPlace,
  onMoveDraft,
  highlighted,
  onSelectPin,
  className,
  ...props
}: ImageAnnotatorProps) {
  const [view, setView] = useState<ZoomView>(FIT);
  const viewport = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const { handlers, dragged } = useZoomGestures(viewport, setView);
  const hintId = useId();
  const zoomed = view.scale > 1;

  const place = (e: React.MouseEvent<HTMLButtonElement>) => {
    // A keyboard "click" has no position: the centre, then the arrows move it.
    if (e.detail === 0) return onPlace?.({ x: 0.5, y: 0.5 });
    // A press that panned the view places nothing.
    if (dragged()) return;
    // The stage's box is the image as transformed: the point is found at any zoom.
    const box = stage.current!.getBoundingClientRect();
    onPlace?.(pointIn(box, e));
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    const moved = draft && onMoveDraft && e.target === e.currentTarget ? movedDraft(draft, e) : null;
    if (moved) {
      e.preventDefault();
      return onMoveDraft?.(moved);
    }
    const action = zoomKey(e, view);
    if (!action) return;
    e.preventDefault();
    setView(action);
  };
  const image = <img src={src} alt={alt} className="block h-auto w-full select-none" draggable={false} />;
  // Pins keep their size whatever the zoom.
  const unscale = 1 / view.scale;

  return (
    <figure
      data-slot="image-annotator"
      className={cn('space-y-2', className)}
      aria-describedby={hintId}
      {...props}
    >
      <ZoomToolbar view={view} onViewChange={setView} />
      <div
        ref={viewport}
        data-slot="image-annotator-viewport"
        data-zoomed={zoomed}
        {...handlers}
        className={cn(
          'relative overflow-hidden rounded-md border border-border bg-muted',
          zoomed ? 'touch-none' : 'touch-pan-y',
        )}
      >
        <div
          ref={stage}
          data-slot="image-annotator-stage"
          data-scale={view.scale}
          className="relative will-change-transform"
          style={{ transform: viewTransform(view) }}
        >
          {onPlace ? (
            <button
              type="button"
              aria-label={t.place(alt)}
              onClick={place}
              onKeyDown={onKeyDown}
              className={cn(
                'block w-full focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                zoomed ? 'cursor-grab active:cursor-grabbing' : 'cursor-crosshair',
              )}
            >
              {image}
            </button>
          ) : (
            image
          )}
          <PinLayer
            pins={pins.map((pin, i) => ({ ...pin, number: pin.number ?? i + 1 }))}
            highlighted={highlighted}
            onSelectPin={onSelectPin}
            scale={unscale}
          />
          {draft ? <PinDraft point={draft} scale={unscale} /> : null}
        </div>
      </div>
      <figcaption id={hintId} className="sr-only">
        {t.zoomHint}
      </figcaption>
    </figure>
  );
}

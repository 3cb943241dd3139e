import type * as React from 'react';
import { type Dispatch, type SetStateAction, useId, useRef, useState } from 'react';
import { uiMessages } from '../messages.ts';
import { useZoomGestures } from '../zoom/use-zoom-gestures.ts';
import { FIT, viewTransform, type ZoomView } from '../zoom/zoom.ts';
import { ZoomToolbar, zoomKey } from '../zoom/zoom-toolbar.tsx';
import { ComparePins } from './compare-pins.tsx';
import { CompareImg, ImageLabel } from './image-label.tsx';
import type { CompareImage } from './use-image-pair.ts';

const t = uiMessages.imageCompare;
const sides = ['before', 'after'] as const;

/** Both images side by side (stacked in a narrow container) with one zoom and pan for the two. */
export function SideBySide({
  before,
  after,
  labels,
  aspectRatio,
  ratios,
}: {
  before: CompareImage;
  after: CompareImage;
  labels: { before: string; after: string };
  aspectRatio: number;
  /** Each image's own width / height, to place its pins on the part of the pane it fills. */
  ratios: { before: number; after: number };
}) {
  const [view, setView] = useState<ZoomView>(FIT);
  const hintId = useId();

  const onKeyDown = (e: React.KeyboardEvent) => {
    // Leave the arrows to the page (and to the buttons) while nothing can pan.
    const action = zoomKey(e, view);
    if (!action) return;
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
      <ZoomToolbar view={view} onViewChange={setView} />
      <div className="grid gap-2 @lg:grid-cols-2">
        {sides.map((side) => (
          <ZoomPane
            key={side}
            image={side === 'before' ? before : after}
            label={labels[side]}
            view={view}
            onViewChange={setView}
            aspectRatio={aspectRatio}
            imageRatio={ratios[side]}
          />
        ))}
      </div>
      <p id={hintId} className="sr-only">
        {t.viewerHint}
      </p>
    </div>
  );
}

/** One pane: wheel and pinch zoom about the pointer, drag to pan; every change goes to the shared view. */
function ZoomPane({
  image,
  label,
  view,
  onViewChange,
  aspectRatio,
  imageRatio,
}: {
  image: CompareImage;
  label: string;
  view: ZoomView;
  onViewChange: Dispatch<SetStateAction<ZoomView>>;
  aspectRatio: number;
  imageRatio: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { handlers } = useZoomGestures(ref, onViewChange);
  const zoomed = view.scale > 1;

  return (
    <div
      ref={ref}
      data-slot="image-compare-pane"
      data-scale={view.scale}
      data-zoomed={zoomed}
      {...handlers}
      className={`relative overflow-hidden rounded-md border border-border bg-muted select-none ${
        zoomed ? 'cursor-grab touch-none active:cursor-grabbing' : 'touch-pan-y'
      }`}
      style={{ aspectRatio }}
    >
      <div
        data-slot="image-compare-pane-content"
        className="relative size-full will-change-transform"
        style={{ transform: viewTransform(view) }}
      >
        <CompareImg
          image={image}
          draggable={false}
          className="pointer-events-none size-full object-contain"
        />
        <ComparePins image={image} boxRatio={aspectRatio} imageRatio={imageRatio} scale={1 / view.scale} />
      </div>
      <ImageLabel className="top-2 left-2">{label}</ImageLabel>
    </div>
  );
}

import { ChevronsLeftRightIcon } from 'lucide-react';
import type * as React from 'react';
import { useRef, useState } from 'react';
import { lazy } from '../lib/lazy.ts';
import { uiMessages } from '../messages.ts';
import { ComparePins } from './compare-pins.tsx';
import { CompareImg, ImageLabel } from './image-label.tsx';
import type { CompareImage } from './use-image-pair.ts';

const t = uiMessages.imageCompare;
const percent = lazy(() => new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 0 }));
const clamp = (v: number) => Math.min(100, Math.max(0, v));

/** Keys of the divider, as for any horizontal slider (WAI-ARIA APG). */
const keySteps: Record<string, (v: number) => number> = {
  ArrowRight: (v) => v + 1,
  ArrowUp: (v) => v + 1,
  ArrowLeft: (v) => v - 1,
  ArrowDown: (v) => v - 1,
  PageUp: (v) => v + 10,
  PageDown: (v) => v - 10,
  Home: () => 0,
  End: () => 100,
};

/**
 * The two images overlaid: `before` to the left of a divider, `after` to its right. The divider is a slider
 * (0–100) the user drags, or moves with the arrows, Page Up/Down, Home and End.
 */
export function Wipe({
  before,
  after,
  labels,
  aspectRatio,
  ratios,
  defaultPosition = 50,
}: {
  before: CompareImage;
  after: CompareImage;
  labels: { before: string; after: string };
  aspectRatio: number;
  /** Each image's own width / height, to place its pins on the part of the stage it fills. */
  ratios: { before: number; after: number };
  defaultPosition?: number;
}) {
  const [position, setPosition] = useState(() => clamp(defaultPosition));
  const stage = useRef<HTMLDivElement>(null);
  const handle = useRef<HTMLDivElement>(null);
  const dragging = useRef<number | null>(null);
  const value = Math.round(position);

  const moveTo = (clientX: number) => {
    const r = stage.current?.getBoundingClientRect();
    if (r && r.width > 0) setPosition(clamp(((clientX - r.left) / r.width) * 100));
  };

  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    e.preventDefault(); // no text selection or image drag; focus goes to the divider below
    dragging.current = e.pointerId;
    try {
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // A synthetic or finished pointer cannot be captured; dragging inside the stage still works.
    }
    handle.current?.focus();
    moveTo(e.clientX);
  };

  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    if (dragging.current === e.pointerId) moveTo(e.clientX);
  };

  const onPointerEnd = (e: React.PointerEvent<HTMLDivElement>) => {
    if (dragging.current === e.pointerId) dragging.current = null;
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const step = keySteps[e.key];
    if (!step) return;
    e.preventDefault();
    setPosition((p) => clamp(step(Math.round(p))));
  };

  return (
    <div
      ref={stage}
      data-slot="image-compare-wipe"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      className="relative cursor-ew-resize touch-pan-y overflow-hidden rounded-md border border-border bg-muted select-none"
      style={{ aspectRatio }}
    >
      <CompareImg
        image={before}
        draggable={false}
        className="pointer-events-none absolute inset-0 size-full object-contain"
      />
      <CompareImg
        image={after}
        draggable={false}
        data-slot="image-compare-wipe-after"
        className="pointer-events-none absolute inset-0 size-full object-contain"
        style={{ clipPath: `inset(0 0 0 ${position}%)` }}
      />
      {/* Each side's pins where that side shows. */}
      <ComparePins
        image={before}
        boxRatio={aspectRatio}
        imageRatio={ratios.before}
        clipPath={`inset(0 ${100 - position}% 0 0)`}
      />
      <ComparePins
        image={after}
        boxRatio={aspectRatio}
        imageRatio={ratios.after}
        clipPath={`inset(0 0 0 ${position}%)`}
      />
      <ImageLabel className="top-2 left-2">{labels.before}</ImageLabel>
      <ImageLabel className="top-2 right-2">{labels.after}</ImageLabel>
      <div
        ref={handle}
        role="slider"
        tabIndex={0}
        aria-label={t.wipePosition}
        aria-orientation="horizontal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={percent().format(value / 100)}
        onKeyDown={onKeyDown}
        data-slot="image-compare-wipe-handle"
        className="group absolute inset-y-0 z-20 flex w-11 -translate-x-1/2 touch-none justify-center outline-none"
        style={{ left: `${position}%` }}
      >
        <span aria-hidden="true" className="h-full w-0.5 bg-background shadow-[0_0_0_1px_rgb(0_0_0/0.35)]" />
        <span
          aria-hidden="true"
          className="absolute top-1/2 grid size-9 -translate-y-1/2 place-items-center rounded-full border border-border bg-background text-foreground shadow-md group-focus-visible:outline-2 group-focus-visible:outline-offset-2 group-focus-visible:outline-ring"
        >
          <ChevronsLeftRightIcon className="size-4" />
        </span>
      </div>
    </div>
  );
}

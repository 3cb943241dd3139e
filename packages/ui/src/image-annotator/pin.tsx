import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';

const t = uiMessages.annotator;

export type Point = { x: number; y: number };

export const clampUnit = (n: number) => Math.min(1, Math.max(0, n));

/** Where a click fell in a box, from 0 to 1 across and down (clamped to the box). */
export function pointIn(box: DOMRect, e: { clientX: number; clientY: number }): Point {
  return {
    x: clampUnit((e.clientX - box.left) / box.width),
    y: clampUnit((e.clientY - box.top) / box.height),
  };
}

/**
 * What an annotator takes, for its pins `P` and its draft `D`: an image's or a video's source and Spanish
 * description, the pins shown, the draft being written, and the callbacks that place and move it.
 */
export type AnnotatorProps<P, D extends Point> = Omit<
  React.ComponentProps<'figure'>,
  'children' | 'onSelect'
> & {
  src: string;
  alt: string;
  pins: readonly P[];
  /** The pin being written (not saved yet), shown apart. */
  draft?: D | null;
  /** Places the draft where the user clicked (or, with Enter, in the middle); without it, only the pins show. */
  onPlace?: (point: D) => void;
  /** Moves the draft with the arrow keys (1 % a step, 10 % with Shift). */
  onMoveDraft?: (point: D) => void;
  highlighted?: string | null;
  /** A pin's click selects its comment; without it the pins are only markers. */
  onSelectPin?: (id: string) => void;
};

/**
 * A numbered pin at a normalised point; `scale` undoes the zoom of what it sits on. Without `onClick` it is
 * only a marker (named for assistive technology, not a control).
 */
export function Pin({
  number,
  label,
  point,
  pressed,
  scale = 1,
  onClick,
}: {
  number: number;
  label: string;
  point: Point;
  pressed: boolean;
  scale?: number;
  onClick?: () => void;
}) {
  const style = {
    left: `${point.x * 100}%`,
    top: `${point.y * 100}%`,
    scale: String((pressed ? 1.25 : 1) * scale),
  };
  const look = cn(
    'pointer-events-auto absolute grid size-7 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full border-2 border-white bg-primary text-xs font-semibold text-primary-foreground shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    pressed && 'bg-warning text-warning-foreground',
  );
  if (!onClick)
    return (
      <span
        role="img"
        data-slot="pin"
        aria-label={t.pin(number, label)}
        style={style}
        className={cn(look, 'pointer-events-none')}
      >
        <span aria-hidden="true">{number}</span>
      </span>
    );
  return (
    <button
      type="button"
      aria-label={t.pin(number, label)}
      aria-pressed={pressed}
      data-slot="pin"
      onClick={onClick}
      style={style}
      className={look}
    >
      {number}
    </button>
  );
}

/** The pin being written, not saved yet. */
export function PinDraft({ point, scale = 1 }: { point: Point; scale?: number }) {
  return (
    <span
      data-slot="image-annotator-draft"
      style={{ left: `${point.x * 100}%`, top: `${point.y * 100}%`, scale: String(scale) }}
      className="pointer-events-none absolute grid size-7 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full border-2 border-dashed border-primary bg-background/80 text-xs font-semibold text-primary"
    >
      +<span className="sr-only">{t.draft}</span>
    </span>
  );
}

/** A numbered marker to draw: where (0–1 across and down), its number and what it says. */
export type PinMark = Point & { id: string; number: number; label: string };

/**
 * The one way numbered markers are drawn over an image: a layer the size of the image (its box, or the part of
 * it the image fills) with a pin at each point. Pins are buttons when `onSelectPin` is given, to select their
 * comment; `scale` undoes the zoom of what the layer sits on.
 */
export function PinLayer({
  pins,
  highlighted = null,
  onSelectPin,
  scale = 1,
  className,
  style,
}: {
  pins: readonly PinMark[];
  highlighted?: string | null;
  onSelectPin?: (id: string) => void;
  scale?: number;
  className?: string;
  style?: React.CSSProperties;
}) {
  if (pins.length === 0) return null;
  return (
    <div
      data-slot="pin-layer"
      className={cn('pointer-events-none absolute inset-0', className)}
      style={style}
    >
      {pins.map((pin) => (
        <Pin
          key={pin.id}
          number={pin.number}
          label={pin.label}
          point={pin}
          pressed={highlighted === pin.id}
          scale={scale}
          onClick={onSelectPin ? () => onSelectPin(pin.id) : undefined}
        />
      ))}
    </div>
  );
}

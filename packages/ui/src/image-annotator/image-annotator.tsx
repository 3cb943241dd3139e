import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';

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

export type ImageAnnotatorProps = Omit<React.ComponentProps<'figure'>, 'children' | 'onSelect'> & {
  src: string;
  alt: string;
  pins: readonly AnnotationPin[];
  /** The pin being written (not saved yet), shown apart. */
  draft?: { x: number; y: number } | null;
  /** A click (or Enter on the image) places the draft there; without it the image only shows pins. */
  onPlace?: (point: { x: number; y: number }) => void;
  /** Moves the draft with the arrow keys (1 % a step, 10 % with Shift). */
  onMoveDraft?: (point: { x: number; y: number }) => void;
  highlighted?: string | null;
  onSelectPin?: (id: string) => void;
};

const clamp = (n: number) => Math.min(1, Math.max(0, n));

/**
 * An image with numbered pins at normalised points (0–1, so they hold at any size) and, when `onPlace` is
 * given, a click or Enter to place a new one; the arrow keys move it. Pins are buttons: a click or Enter
 * selects the comment they belong to.
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
  const place = (e: React.MouseEvent<HTMLButtonElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    // A keyboard "click" has no position: the centre, then the arrows move it.
    const keyboard = e.detail === 0;
    onPlace?.({
      x: keyboard ? 0.5 : clamp((e.clientX - box.left) / box.width),
      y: keyboard ? 0.5 : clamp((e.clientY - box.top) / box.height),
    });
  };
  const move = (e: React.KeyboardEvent) => {
    if (!draft || !onMoveDraft) return;
    const step = e.shiftKey ? 0.1 : 0.01;
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const d = delta[e.key];
    if (!d) return;
    e.preventDefault();
    onMoveDraft({ x: clamp(draft.x + d[0]), y: clamp(draft.y + d[1]) });
  };
  const image = <img src={src} alt={alt} className="block h-auto w-full select-none" draggable={false} />;

  return (
    <figure
      data-slot="image-annotator"
      className={cn('relative overflow-hidden rounded-md border border-border bg-muted', className)}
      {...props}
    >
      {onPlace ? (
        <button
          type="button"
          aria-label={t.place(alt)}
          onClick={place}
          onKeyDown={move}
          className="block w-full cursor-crosshair focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {image}
        </button>
      ) : (
        image
      )}
      {pins.map((pin, i) => (
        <button
          key={pin.id}
          type="button"
          aria-label={t.pin(pin.number ?? i + 1, pin.label)}
          aria-pressed={highlighted === pin.id}
          onClick={() => onSelectPin?.(pin.id)}
          style={{ left: `${pin.x * 100}%`, top: `${pin.y * 100}%` }}
          className={cn(
            'absolute grid size-7 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full border-2 border-white bg-primary text-xs font-semibold text-primary-foreground shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            highlighted === pin.id && 'scale-125 bg-warning text-warning-foreground',
          )}
        >
          {pin.number ?? i + 1}
        </button>
      ))}
      {draft ? (
        <span
          data-slot="image-annotator-draft"
          style={{ left: `${draft.x * 100}%`, top: `${draft.y * 100}%` }}
          className="pointer-events-none absolute grid size-7 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full border-2 border-dashed border-primary bg-background/80 text-xs font-semibold text-primary"
        >
          +<span className="sr-only">{t.draft}</span>
        </span>
      ) : null}
    </figure>
  );
}

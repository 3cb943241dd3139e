import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';

const t = uiMessages.annotator;

export type Point = { x: number; y: number };

/** A numbered pin at a normalised point; `scale` undoes the zoom of what it sits on. */
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
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={t.pin(number, label)}
      aria-pressed={pressed}
      onClick={onClick}
      style={{
        left: `${point.x * 100}%`,
        top: `${point.y * 100}%`,
        scale: String((pressed ? 1.25 : 1) * scale),
      }}
      className={cn(
        'pointer-events-auto absolute grid size-7 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full border-2 border-white bg-primary text-xs font-semibold text-primary-foreground shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        pressed && 'bg-warning text-warning-foreground',
      )}
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

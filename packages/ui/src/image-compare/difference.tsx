import { useEffect, useId, useRef, useState } from 'react';
import { lazy } from '../lib/lazy.ts';
import { uiMessages } from '../messages.ts';
import { Switch } from '../switch/switch.tsx';
import { changedRatio, diffPixels } from './diff-pixels.ts';
import { CompareError, CompareImg, ImageLabel } from './image-label.tsx';
import type { CompareImage } from './use-image-pair.ts';

const t = uiMessages.imageCompare;
const changedPercent = lazy(
  () => new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 1 }),
);
const opacityPercent = lazy(
  () => new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 0 }),
);
/** Longest side the comparison works at: enough to see a change, cheap enough to compute at once. */
const MAX_SIDE = 1024;

type DiffState = { status: 'computing' } | { status: 'error' } | { status: 'done'; ratio: number };

/** Draws an image into a canvas of the given size and reads its pixels (throws if the canvas is tainted). */
function readPixels(img: HTMLImageElement, width: number, height: number): Uint8ClampedArray {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('Canvas 2D no disponible');
  ctx.drawImage(img, 0, 0, width, height);
  return ctx.getImageData(0, 0, width, height).data;
}

/**
 * What changed: both images scaled to the size of `after`, their per-pixel difference drawn in magenta over a
 * dimmed `after`, and the share of changed pixels. "Opacidad" fades `after` over `before` (a plain overlay
 * when the highlight is off).
 */
export function Difference({
  before,
  after,
  beforeImage,
  afterImage,
  labels,
  aspectRatio,
  threshold,
}: {
  before: CompareImage;
  after: CompareImage;
  beforeImage: HTMLImageElement;
  afterImage: HTMLImageElement;
  labels: { before: string; after: string };
  aspectRatio: number;
  threshold: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [diff, setDiff] = useState<DiffState>({ status: 'computing' });
  const [opacity, setOpacity] = useState(100);
  const [highlight, setHighlight] = useState(true);
  const opacityId = useId();
  const highlightId = useId();

  useEffect(() => {
    const target = canvas.current;
    if (!target) return;
    try {
      const scale = Math.min(1, MAX_SIDE / Math.max(afterImage.naturalWidth, afterImage.naturalHeight));
      const width = Math.max(1, Math.round(afterImage.naturalWidth * scale));
      const height = Math.max(1, Math.round(afterImage.naturalHeight * scale));
      const result = diffPixels(
        readPixels(beforeImage, width, height),
        readPixels(afterImage, width, height),
        threshold,
      );
      target.width = width;
      target.height = height;
      const ctx = target.getContext('2d');
      if (!ctx) throw new Error('Canvas 2D no disponible');
      const data = ctx.createImageData(width, height);
      data.data.set(result.out);
      ctx.putImageData(data, 0, 0);
      setDiff({ status: 'done', ratio: changedRatio(result, width * height) });
    } catch {
      // A tainted canvas (an image served without CORS) throws a SecurityError on getImageData.
      setDiff({ status: 'error' });
    }
  }, [beforeImage, afterImage, threshold]);

  if (diff.status === 'error') return <CompareError />;

  return (
    <div data-slot="image-compare-difference" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <div className="flex items-center gap-2">
          <Switch
            id={highlightId}
            aria-labelledby={`${highlightId}-label`}
            checked={highlight}
            onCheckedChange={setHighlight}
          />
          <label id={`${highlightId}-label`} htmlFor={highlightId} className="text-sm">
            {t.highlight}
          </label>
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <label htmlFor={opacityId} className="text-sm">
            {t.opacity}
          </label>
          <input
            id={opacityId}
            type="range"
            min={0}
            max={100}
            step={1}
            value={opacity}
            aria-valuetext={opacityPercent().format(opacity / 100)}
            onChange={(e) => setOpacity(Number(e.currentTarget.value))}
            className="w-32 accent-primary"
          />
          <span aria-hidden="true" className="w-10 text-sm tabular-nums text-muted-foreground">
            {opacityPercent().format(opacity / 100)}
          </span>
        </div>
      </div>
      <div
        className="relative overflow-hidden rounded-md border border-border bg-muted"
        style={{ aspectRatio }}
      >
        <CompareImg image={before} className="absolute inset-0 size-full object-contain" />
        <CompareImg
          image={after}
          data-slot="image-compare-overlay"
          className="absolute inset-0 size-full object-contain"
          style={{ opacity: opacity / 100 }}
        />
        <div
          aria-hidden="true"
          className={highlight ? 'absolute inset-0 bg-black/60' : 'hidden'}
          data-slot="image-compare-scrim"
        />
        <canvas
          ref={canvas}
          data-slot="image-compare-diff"
          className={highlight ? 'absolute inset-0 size-full object-contain' : 'hidden'}
        />
        <ImageLabel className="top-2 left-2">
          {highlight ? t.changes(labels.before, labels.after) : t.overlay(labels.before, labels.after)}
        </ImageLabel>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {diff.status === 'done' ? t.changed(changedPercent().format(diff.ratio)) : t.loading}
      </p>
    </div>
  );
}

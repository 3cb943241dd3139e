import { LoaderCircleIcon } from 'lucide-react';
import type * as React from 'react';
import { useState } from 'react';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';
import { SegmentedControl } from '../segmented-control/segmented-control.tsx';
import { Difference } from './difference.tsx';
import { CompareError } from './image-label.tsx';
import { SideBySide } from './side-by-side.tsx';
import { type CompareImage, useImagePair } from './use-image-pair.ts';
import { Wipe } from './wipe.tsx';

export type { CompareImage } from './use-image-pair.ts';

const t = uiMessages.imageCompare;

export type ImageCompareMode = 'side-by-side' | 'wipe' | 'difference';

const modes = [
  { value: 'side-by-side', label: t.sideBySide },
  { value: 'wipe', label: t.wipe },
  { value: 'difference', label: t.difference },
] as const satisfies readonly { value: ImageCompareMode; label: string }[];

export type ImageCompareProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  before: CompareImage;
  after: CompareImage;
  /** Names of the two sides shown over the images ("Versión 1" / "Versión 2"); "Antes" / "Después" if omitted. */
  labels?: { before: string; after: string };
  defaultMode?: ImageCompareMode;
  onModeChange?: (mode: ImageCompareMode) => void;
  /** Starting position of the wipe divider, 0–100. */
  defaultWipePosition?: number;
  /** Per-channel difference (0–255) below which a pixel counts as unchanged, to ignore compression noise. */
  threshold?: number;
};

/**
 * Compares two versions of an image three ways: side by side with one zoom and pan for both, a wipe with a
 * draggable divider, and the difference (changed pixels highlighted, their share, an opacity overlay).
 * Images are loaded in CORS mode; if one fails, or its pixels cannot be read, it says so in Spanish. Each image's
 * `pins` (its comments' numbered marks) show over it side by side and in the wipe.
 */
export function ImageCompare({
  before,
  after,
  labels = { before: t.before, after: t.after },
  defaultMode = 'side-by-side',
  onModeChange,
  defaultWipePosition,
  threshold = 16,
  className,
  ...props
}: ImageCompareProps) {
  const [mode, setMode] = useState<ImageCompareMode>(defaultMode);
  const images = useImagePair(before.src, after.src);
  const aspectRatio =
    images.status === 'ready' && images.after.naturalHeight > 0
      ? images.after.naturalWidth / images.after.naturalHeight
      : 16 / 9;

  let body: React.ReactNode;
  if (images.status === 'loading') {
    body = (
      <div
        role="status"
        aria-live="polite"
        data-slot="image-compare-loading"
        className="flex animate-pulse flex-col items-center justify-center gap-2 rounded-md border border-border bg-muted text-sm text-muted-foreground motion-reduce:animate-none"
        style={{ aspectRatio }}
      >
        <LoaderCircleIcon className="size-6 animate-spin text-primary" aria-hidden="true" />
        {t.loading}
      </div>
    );
  } else if (images.status === 'error') {
    body = <CompareError />;
  } else {
    const ratio = (img: HTMLImageElement) =>
      img.naturalHeight > 0 ? img.naturalWidth / img.naturalHeight : 0;
    const ratios = { before: ratio(images.before), after: ratio(images.after) };
    const shared = { before, after, labels, aspectRatio };
    switch (mode) {
      case 'side-by-side':
        body = <SideBySide {...shared} ratios={ratios} />;
        break;
      case 'wipe':
        body = <Wipe {...shared} ratios={ratios} defaultPosition={defaultWipePosition} />;
        break;
      case 'difference':
        body = (
          <Difference
            {...shared}
            beforeImage={images.before}
            afterImage={images.after}
            threshold={threshold}
          />
        );
        break;
      default:
        mode satisfies never;
    }
  }

  return (
    <div data-slot="image-compare" className={cn('@container flex flex-col gap-3', className)} {...props}>
      <SegmentedControl<ImageCompareMode>
        aria-label={t.modes}
        items={modes}
        value={mode}
        size="sm"
        onValueChange={(next) => {
          setMode(next);
          onModeChange?.(next);
        }}
        className="self-start"
      />
      {body}
    </div>
  );
}

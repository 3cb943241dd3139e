import { AlertTriangleIcon } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';
import type { CompareImage } from './use-image-pair.ts';

/** The small name of a side ("Versión 1") laid over a corner of an image. */
export function ImageLabel({ className, ...props }: React.ComponentProps<'span'>) {
  return (
    <span
      data-slot="image-compare-label"
      className={cn(
        'pointer-events-none absolute z-10 max-w-[45%] truncate rounded-md bg-background/90 px-2 py-0.5 text-xs font-medium text-foreground shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

/**
 * One side's image in a view: its source and Spanish description, fetched in CORS mode like `useImagePair`'s
 * copies (so the difference view can read the pixels and every <img> shares the cached response).
 */
export function CompareImg({
  image,
  ...props
}: { image: CompareImage } & Omit<React.ComponentProps<'img'>, 'src' | 'alt' | 'crossOrigin'>) {
  return <img src={image.src} alt={image.alt} crossOrigin="anonymous" {...props} />;
}

/** Why there is nothing to compare: an image could not be loaded, or its pixels not read. */
export function CompareError() {
  return (
    <p
      role="alert"
      data-slot="image-compare-error"
      className="flex items-center gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive"
    >
      <AlertTriangleIcon className="size-4 shrink-0" aria-hidden="true" />
      {uiMessages.imageCompare.error}
    </p>
  );
}

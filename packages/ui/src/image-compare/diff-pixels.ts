/** The colour of a changed pixel in the difference view (magenta: rare in real artwork, easy to see). */
export const DIFF_HIGHLIGHT = [255, 0, 255, 255] as const;

export interface PixelDiff {
  /** RGBA, the same length as the inputs: changed pixels magenta, unchanged ones fully transparent. */
  out: Uint8ClampedArray;
  /** How many pixels changed. */
  changed: number;
}

/**
 * Per-pixel absolute difference of two RGBA buffers of the same size (canvas `ImageData.data`). A pixel has
 * changed when any channel (alpha included) differs by more than `threshold` (0–255; 0 counts any change).
 */
export function diffPixels(a: Uint8ClampedArray, b: Uint8ClampedArray, threshold: number): PixelDiff {
  if (a.length !== b.length) throw new RangeError('diffPixels: the two images must have the same size');
  if (a.length % 4 !== 0) throw new RangeError('diffPixels: RGBA data must have 4 bytes per pixel');
  const out = new Uint8ClampedArray(a.length);
  let changed = 0;
  for (let i = 0; i < a.length; i += 4) {
    const delta = Math.max(
      Math.abs(a[i] - b[i]),
      Math.abs(a[i + 1] - b[i + 1]),
      Math.abs(a[i + 2] - b[i + 2]),
      Math.abs(a[i + 3] - b[i + 3]),
    );
    if (delta > threshold) {
      changed++;
      out[i] = DIFF_HIGHLIGHT[0];
      out[i + 1] = DIFF_HIGHLIGHT[1];
      out[i + 2] = DIFF_HIGHLIGHT[2];
      out[i + 3] = DIFF_HIGHLIGHT[3];
    }
  }
  return { out, changed };
}

/** The share of changed pixels, 0–1 (0 for an empty image). */
export function changedRatio({ changed }: PixelDiff, pixels: number): number {
  return pixels > 0 ? changed / pixels : 0;
}

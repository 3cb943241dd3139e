import { useEffect, useState } from 'react';
import type { PinMark } from '../image-annotator/pin.tsx';

export interface CompareImage {
  src: string;
  /** Spanish description of the image; every view gives it to its <img>. */
  alt: string;
  /** Its comments' numbered marks, drawn side by side and in the wipe (not in the difference). */
  pins?: readonly PinMark[];
}

export type ImagePairState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; before: HTMLImageElement; after: HTMLImageElement };

function loadImage(src: string, signal: AbortSignal): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    // CORS mode, so the difference view can read the pixels (and the <img>s share the cached response).
    img.crossOrigin = 'anonymous';
    img.decoding = 'async';
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`No se pudo cargar ${src}`));
    signal.addEventListener('abort', () => {
      img.src = '';
    });
    img.src = src;
  });
}

/**
 * Loads both images (CORS mode) and says when both are ready, or that one failed. A new `src` is "loading" from
 * the render that brings it, never the old pair's images for a frame.
 */
export function useImagePair(beforeSrc: string, afterSrc: string): ImagePairState {
  const key = `${beforeSrc}\n${afterSrc}`;
  const [loaded, setLoaded] = useState<{ key: string; state: ImagePairState } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const settle = (state: ImagePairState) => {
      if (!controller.signal.aborted) setLoaded({ key, state });
    };
    Promise.all([loadImage(beforeSrc, controller.signal), loadImage(afterSrc, controller.signal)]).then(
      ([before, after]) => settle({ status: 'ready', before, after }),
      () => settle({ status: 'error' }),
    );
    return () => controller.abort();
  }, [key, beforeSrc, afterSrc]);
  return loaded?.key === key ? loaded.state : { status: 'loading' };
}

/**
 * What the visual tests share: waiting for finite animations to end (never a fixed sleep) and removing what
 * a story left in the document (its root, the dark theme, Radix's portalled layers).
 */
import { act } from 'react';
import type { Root } from 'react-dom/client';

/** Finite animations still running have finished (an infinite pulse is off under .no-motion anyway). */
export const settle = () =>
  Promise.all(
    document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
      .map((a) => a.finished.catch(() => undefined)),
  );

export function cleanUp(root: Root | undefined, host: HTMLElement | undefined) {
  act(() => root?.unmount());
  host?.remove();
  document.documentElement.classList.remove('dark');
  for (const el of document.body.querySelectorAll('[data-radix-portal], [data-radix-popper-content-wrapper]'))
    el.remove();
}

/**
 * What the visual tests share: mounting a story in the frame that is pictured, waiting for finite animations to
 * end (never a fixed sleep) and removing what a story left in the document (its root, the dark theme, Radix's
 * portalled layers).
 */
import { act, type ComponentType, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/**
 * Renders `Story` in a frame (`data-testid="story"`, the picture's subject) inside a host appended to the body.
 * `hostCss` sets the host's width and padding; its background and text are the theme's.
 */
export async function mountStory(Story: ComponentType, hostCss: string, framePadding: number) {
  const host = document.createElement('div');
  host.style.cssText = `${hostCss};background:var(--background);color:var(--foreground)`;
  const frame = document.createElement('div');
  frame.setAttribute('data-testid', 'story');
  frame.style.cssText = `display:flow-root;padding:${framePadding}px`;
  host.append(frame);
  document.body.append(host);
  let root: Root | undefined;
  await act(async () => {
    root = createRoot(frame);
    root.render(createElement(Story));
  });
  return { root: root!, host, frame };
}

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

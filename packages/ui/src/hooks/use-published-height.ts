import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * Publishes an element's height on <html> as the CSS variable `name` (`calc(<height>px + extra)`) while
 * `active(element)` holds, so that what shares its edge of the screen makes room for it (the toasts above a
 * phone's action bar, the header below the system pill). Kept current as the element's size or the window
 * changes; removed when the element goes.
 */
export function usePublishedHeight(
  ref: RefObject<HTMLElement | null>,
  name: `--${string}`,
  {
    active = () => true,
    extra = '0px',
    enabled = true,
  }: {
    active?: (element: HTMLElement) => boolean;
    extra?: string;
    enabled?: boolean;
  } = {},
) {
  // Read at each publication: a new function or text each render does not redo the effect.
  const latest = useRef({ active, extra });
  latest.current = { active, extra };
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !enabled) return;
    const root = document.documentElement;
    const publish = () => {
      const { active: holds, extra: more } = latest.current;
      if (holds(element)) root.style.setProperty(name, `calc(${element.offsetHeight}px + ${more})`);
      else root.style.removeProperty(name);
    };
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    window.addEventListener('resize', publish);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', publish);
      root.style.removeProperty(name);
    };
  }, [ref, name, enabled]);
}

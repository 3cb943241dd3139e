import { type ComponentProps, useRef } from 'react';
import { usePublishedHeight } from '../hooks/use-published-height.ts';
import { cn } from '../lib/cn.ts';

/** The CSS variable an `ActionBar` fixed to the bottom publishes on <html>: its height, for what else sits there. */
export const ACTION_BAR_HEIGHT_VAR = '--action-bar-height';

/**
 * A screen's decisive actions, within the thumb's reach on a phone: fixed to the bottom edge below `lg` (inside
 * the safe area), in the page's flow from `lg` on. While it is fixed it publishes its height on <html> as
 * `--action-bar-height`, and the toasts (Toaster) rise above it instead of covering its buttons. Named by
 * `aria-label` (a region).
 */
export function ActionBar({
  className,
  children,
  ...props
}: ComponentProps<'section'> & { 'aria-label': string }) {
  const ref = useRef<HTMLElement>(null);
  // Published only while fixed (below `lg`): in the page's flow nothing has to make room for it.
  usePublishedHeight(ref, ACTION_BAR_HEIGHT_VAR, {
    active: (bar) => getComputedStyle(bar).position === 'fixed',
  });
  return (
    <section
      ref={ref}
      data-slot="action-bar"
      className={cn(
        'fixed inset-x-0 bottom-0 z-20 border-t border-border bg-background/95 p-3 pb-[calc(env(safe-area-inset-bottom)+0.75rem)] backdrop-blur lg:static lg:border-0 lg:bg-transparent lg:p-0',
        className,
      )}
      {...props}
    >
      {children}
    </section>
  );
}

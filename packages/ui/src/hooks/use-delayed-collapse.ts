import { useCallback, useEffect, useRef, useState } from 'react';
import { SIDEBAR_COLLAPSE_DELAY_MS } from './timings.ts';

/**
 * The desktop rail: expands on demand, collapses `delay` ms after the pointer leaves — but not while
 * keyboard focus is inside. Re-entering before the delay cancels the collapse.
 */
export function useDelayedCollapse({
  initial = false,
  delay = SIDEBAR_COLLAPSE_DELAY_MS,
  onChange,
}: {
  initial?: boolean;
  delay?: number;
  onChange?: (expanded: boolean) => void;
} = {}) {
  const [expanded, setExpandedState] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const focusInside = useRef(false);

  const setExpanded = useCallback(
    (value: boolean) => {
      setExpandedState(value);
      onChange?.(value);
    },
    [onChange],
  );
  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  useEffect(() => cancel, [cancel]);

  return {
    expanded,
    setExpanded,
    toggle: () => {
      cancel();
      setExpanded(!expanded);
    },
    onPointerEnter: cancel,
    onPointerLeave: () => {
      cancel();
      if (!expanded || focusInside.current) return;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        if (!focusInside.current) setExpanded(false);
      }, delay);
    },
    onFocusCapture: () => {
      focusInside.current = true;
      cancel();
    },
    onBlurCapture: (event: { currentTarget: EventTarget & Element; relatedTarget: EventTarget | null }) => {
      if (!(event.relatedTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget)) {
        focusInside.current = false;
      }
    },
  };
}

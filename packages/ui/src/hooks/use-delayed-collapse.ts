import { useCallback, useEffect, useRef, useState } from 'react';
import { SIDEBAR_COLLAPSE_DELAY_MS } from './timings.ts';

type Modality = 'keyboard' | 'pointer';

/** The last kind of input on the page: a key press, or a pointer press. Tracked once, for the whole page. */
let modality: Modality = 'keyboard';
let tracking = false;
function trackModality() {
  if (tracking || typeof document === 'undefined') return;
  tracking = true;
  document.addEventListener(
    'keydown',
    (e) => {
      // Modifier-only presses (a Ctrl+click) are not keyboard navigation.
      if (!['Control', 'Meta', 'Alt', 'Shift'].includes(e.key)) modality = 'keyboard';
    },
    true,
  );
  document.addEventListener(
    'pointerdown',
    () => {
      modality = 'pointer';
    },
    true,
  );
}

/** Whether the last input on the page was the keyboard (focus that arrived by Tab, arrows, Enter). */
export const lastInputWasKeyboard = () => modality === 'keyboard';

/**
 * The desktop rail: expands on demand, collapses `delay` ms after the pointer leaves — but not while the
 * keyboard is in use inside it (focus inside that arrived by keyboard). Focus left inside by a click (the
 * expand button keeps it) does not hold the rail open. Re-entering before the delay cancels the collapse.
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
  const keyboardInside = () => focusInside.current && lastInputWasKeyboard();

  useEffect(trackModality, []);

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
    /** Only a mouse leaving starts the delay (spec §2): a finger lifting after a tap "leaves" at once too. */
    onPointerLeave: (event?: { pointerType?: string }) => {
      if (event?.pointerType && event.pointerType !== 'mouse') return;
      cancel();
      if (!expanded || keyboardInside()) return;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        if (!keyboardInside()) setExpanded(false);
      }, delay);
    },
    onFocusCapture: () => {
      focusInside.current = true;
      if (lastInputWasKeyboard()) cancel();
    },
    onBlurCapture: (event: { currentTarget: EventTarget & Element; relatedTarget: EventTarget | null }) => {
      if (!(event.relatedTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget)) {
        focusInside.current = false;
      }
    },
  };
}

import { useEffect, useRef } from 'react';

/**
 * Calls `onDone` after `duration` ms. While `paused`, the timer is stopped; when it is lifted the timer
 * restarts with the full duration (spec §4: toasts pause while held and restart when released).
 */
export function useCountdown(duration: number, onDone: () => void, paused = false) {
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (paused || !Number.isFinite(duration) || duration <= 0) return;
    const timer = setTimeout(() => done.current(), duration);
    return () => clearTimeout(timer);
  }, [duration, paused]);
}

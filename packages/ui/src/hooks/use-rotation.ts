import { useEffect, useState } from 'react';
import { SYSTEM_ROTATION_MS } from './timings.ts';

/** Rotates through `count` entries every `interval` ms when more than one, unless paused. */
export function useRotation(count: number, { paused = false, interval = SYSTEM_ROTATION_MS } = {}) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (index >= count && count > 0) setIndex(count - 1);
    if (count === 0 && index !== 0) setIndex(0);
  }, [count, index]);
  useEffect(() => {
    if (paused || count <= 1) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), interval);
    return () => clearInterval(timer);
  }, [paused, count, interval]);
  return Math.min(index, Math.max(0, count - 1));
}

import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collapseCrumbs } from '../breadcrumb/breadcrumb.tsx';
import {
  badgeLabel,
  SIDEBAR_COLLAPSE_DELAY_MS,
  SYSTEM_ROTATION_MS,
  TOAST_DEFAULT_DURATION_MS,
  truncateMessage,
} from './timings.ts';
import { placeBelowEnd } from './use-anchored-position.ts';
import { useCountdown } from './use-countdown.ts';
import { useDelayedCollapse } from './use-delayed-collapse.ts';
import { useRotation } from './use-rotation.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('constants of spec §9', () => {
  it('has the exact figures', () => {
    expect([SIDEBAR_COLLAPSE_DELAY_MS, SYSTEM_ROTATION_MS, TOAST_DEFAULT_DURATION_MS]).toEqual([
      300, 5000, 5000,
    ]);
  });
  it('caps the badge at 9+ and hides it at 0', () => {
    expect([0, 1, 9, 10, 250].map(badgeLabel)).toEqual([null, '1', '9', '9+', '9+']);
  });
  it('cuts messages at 60 characters with an ellipsis', () => {
    expect(truncateMessage('a'.repeat(60))).toBe('a'.repeat(60));
    expect(truncateMessage('b'.repeat(61))).toBe(`${'b'.repeat(60)}…`);
  });
  it('keeps first and last breadcrumb and folds the middle beyond 3', () => {
    expect(collapseCrumbs([1, 2, 3])).toEqual({ head: [1, 2, 3], hidden: [], tail: [] });
    expect(collapseCrumbs([1, 2, 3, 4, 5])).toEqual({ head: [1], hidden: [2, 3, 4], tail: [5] });
  });
});

describe('useDelayedCollapse', () => {
  const leave = (r: { current: ReturnType<typeof useDelayedCollapse> }) =>
    act(() => r.current.onPointerLeave());

  it('collapses 300 ms after the pointer leaves, not before', () => {
    const { result } = renderHook(() => useDelayedCollapse());
    act(() => result.current.toggle());
    expect(result.current.expanded).toBe(true);
    leave(result);
    act(() => vi.advanceTimersByTime(299));
    expect(result.current.expanded).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.expanded).toBe(false);
  });

  it('re-entering cancels the collapse', () => {
    const { result } = renderHook(() => useDelayedCollapse({ initial: true }));
    leave(result);
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.onPointerEnter());
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.expanded).toBe(true);
  });

  it('does not collapse while keyboard focus is inside', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useDelayedCollapse({ initial: true, onChange }));
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
      result.current.onFocusCapture();
    });
    leave(result);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.expanded).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });
  it('collapses after a click left focus inside (expanded with the mouse, then the mouse leaves)', () => {
    const { result } = renderHook(() => useDelayedCollapse());
    act(() => {
      document.dispatchEvent(new Event('pointerdown'));
      result.current.onFocusCapture();
      result.current.toggle();
    });
    expect(result.current.expanded).toBe(true);
    leave(result);
    act(() => vi.advanceTimersByTime(299));
    expect(result.current.expanded).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.expanded).toBe(false);
  });

  it('a key press inside during the delay keeps it open', () => {
    const { result } = renderHook(() => useDelayedCollapse({ initial: true }));
    act(() => {
      document.dispatchEvent(new Event('pointerdown'));
      result.current.onFocusCapture();
    });
    leave(result);
    act(() => {
      vi.advanceTimersByTime(100);
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown' }));
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.expanded).toBe(true);
  });
});

describe('useRotation', () => {
  it('rotates every 5 s when there is more than one, and pauses', () => {
    const { result, rerender } = renderHook(({ paused }) => useRotation(3, { paused }), {
      initialProps: { paused: false },
    });
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(4999));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(1);
    rerender({ paused: true });
    act(() => vi.advanceTimersByTime(20_000));
    expect(result.current).toBe(1);
    rerender({ paused: false });
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(2);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(0);
  });

  it('does not rotate a single message', () => {
    const { result } = renderHook(() => useRotation(1));
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current).toBe(0);
  });
});

describe('useCountdown (toasts)', () => {
  it('fires after its duration, pauses while held and restarts in full when released', () => {
    const done = vi.fn();
    const { rerender } = renderHook(({ hold }) => useCountdown(5000, done, hold), {
      initialProps: { hold: false },
    });
    act(() => vi.advanceTimersByTime(3000));
    rerender({ hold: true });
    act(() => vi.advanceTimersByTime(10_000));
    expect(done).not.toHaveBeenCalled();
    rerender({ hold: false });
    act(() => vi.advanceTimersByTime(4999));
    expect(done).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(done).toHaveBeenCalledOnce();
  });
});

describe("placeBelowEnd (the bell's panel)", () => {
  it('puts the panel 8 px below its anchor, right edges aligned', () => {
    expect(placeBelowEnd({ bottom: 48, right: 1240 }, 1280, 384)).toEqual({ top: 56, right: 40 });
  });
  it("keeps 8 px from the screen's right edge", () => {
    expect(placeBelowEnd({ bottom: 40.4, right: 1279 }, 1280, 384)).toEqual({ top: 48, right: 8 });
  });
  it('moves in when its left edge would leave the screen, never past the right padding', () => {
    // A bell near the left of a phone: a 374 px panel (390 − 16) ends 8 px from the right.
    expect(placeBelowEnd({ bottom: 56, right: 60 }, 390, 374)).toEqual({ top: 64, right: 8 });
    expect(placeBelowEnd({ bottom: 56, right: 300 }, 1280, 384)).toEqual({ top: 64, right: 888 });
  });
});

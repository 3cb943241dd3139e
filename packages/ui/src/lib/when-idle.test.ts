import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
  it('waits for an idle callback, with its timeout, and can be cancelled', () => {
    const calls: Array<{ run: () => void; options?: IdleRequestOptions }> = [];
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: IdleRequestOptions) =>
      calls.push({ run, options }),
    );
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id));
    const run = vi.fn();
    const cancel = whenIdle(run, { timeout: 1000 });
    expect(run).not.toHaveBeenCalled();
    expect(calls[0]!.options).toEqual({ timeout: 1000 });
    calls[0]!.run();
    expect(run).toHaveBeenCalledOnce();
    cancel();
    expect(cancelled).toEqual([1]);
    whenIdle(run);
    expect(calls[1]!.options).toBeUndefined();
  });

  it('without idle callbacks, runs after the fallback delay unless cancelled', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const run = vi.fn();
    whenIdle(run, { fallback: 1000 });
    vi.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledOnce();
    const other = vi.fn();
    whenIdle(other)();
    vi.advanceTimersByTime(500);
    expect(other).not.toHaveBeenCalled();
  });
});

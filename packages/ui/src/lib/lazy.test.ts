import { describe, expect, it, vi } from 'vitest';
import { keptByKey, lazy } from './lazy.ts';

describe('lazy', () => {
  it('makes nothing until asked, then makes the value once', () => {
    const make = vi.fn(() => new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 }));
    const format = lazy(make);
    expect(make).not.toHaveBeenCalled();
    expect(format().format(1.25)).toBe('1,3');
    expect(format()).toBe(format());
    expect(make).toHaveBeenCalledTimes(1);
  });
});

describe('keptByKey', () => {
  it('makes each key once, and starts again at its bound', () => {
    const make = vi.fn((day: string) => `día ${day}`);
    const name = keptByKey(make, 2);
    expect(name('2026-12-01')).toBe('día 2026-12-01');
    expect(name('2026-12-01')).toBe('día 2026-12-01');
    expect(make).toHaveBeenCalledTimes(1);
    name('2026-12-02');
    expect(make).toHaveBeenCalledTimes(2);
    // Two kept: a third key clears them, so the first is made again.
    name('2026-12-03');
    name('2026-12-01');
    expect(make).toHaveBeenCalledTimes(4);
    expect(make.mock.calls.map(([d]) => d)).toEqual(['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-01']);
  });
});

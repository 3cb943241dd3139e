import { describe, expect, it, vi } from 'vitest';
import { lazy } from './lazy.ts';

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

import { describe, expect, it } from 'vitest';
import { formatCount, uiMessages } from './messages.ts';

describe('formatCount', () => {
  it('writes a whole number as Intl.NumberFormat("es-ES") does', () => {
    const intl = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0, roundingMode: 'trunc' });
    for (const n of [
      0, 7, 42, 999, 1000, 2200, 9999, 10_000, 22_000, 99_999, 100_000, 123_456, 1_234_567, 98_765_432, -5,
      -12_345,
    ])
      expect(formatCount(n)).toBe(intl.format(n));
  });

  it('reads in the editor’s count', () => {
    expect(uiMessages.richText.characters(12_345, 22_000)).toBe('12.345 / 22.000 caracteres');
    expect(uiMessages.richText.characters(2200)).toBe('2200 caracteres');
  });
});

import { describe, expect, it } from 'vitest';
import { changedRatio, DIFF_HIGHLIGHT, diffPixels } from './diff-pixels.ts';

/** `n` pixels of one RGBA colour. */
const fill = (n: number, rgba: readonly number[]) => {
  const data = new Uint8ClampedArray(n * 4);
  for (let i = 0; i < n; i++) data.set(rgba, i * 4);
  return data;
};

describe('diffPixels', () => {
  it('finds nothing in two equal images and leaves the output transparent', () => {
    const a = fill(6, [10, 20, 30, 255]);
    const { out, changed } = diffPixels(a, a.slice(), 0);
    expect(changed).toBe(0);
    expect(out).toHaveLength(a.length);
    expect([...out].every((v) => v === 0)).toBe(true);
  });

  it('marks exactly the pixels that differ, in magenta', () => {
    const a = fill(4, [0, 0, 255, 255]);
    const b = a.slice();
    b.set([255, 0, 0, 255], 1 * 4);
    b.set([0, 0, 255, 0], 3 * 4); // only alpha differs: still a change
    const { out, changed } = diffPixels(a, b, 0);
    expect(changed).toBe(2);
    expect([...out.subarray(0, 4)]).toEqual([0, 0, 0, 0]);
    expect([...out.subarray(4, 8)]).toEqual([...DIFF_HIGHLIGHT]);
    expect([...out.subarray(8, 12)]).toEqual([0, 0, 0, 0]);
    expect([...out.subarray(12, 16)]).toEqual([...DIFF_HIGHLIGHT]);
    expect(changedRatio({ out, changed }, 4)).toBe(0.5);
  });

  it('ignores differences up to the threshold, in either direction', () => {
    const a = fill(3, [100, 100, 100, 255]);
    const b = a.slice();
    b.set([110, 100, 100, 255], 0); // +10
    b.set([100, 89, 100, 255], 4); // −11
    expect(diffPixels(a, b, 10).changed).toBe(1);
    expect(diffPixels(b, a, 10).changed).toBe(1);
    expect(diffPixels(a, b, 11).changed).toBe(0);
    expect(diffPixels(a, b, 9).changed).toBe(2);
  });

  it('refuses buffers of different sizes', () => {
    expect(() => diffPixels(fill(2, [0, 0, 0, 0]), fill(3, [0, 0, 0, 0]), 0)).toThrow(RangeError);
    expect(() => diffPixels(new Uint8ClampedArray(3), new Uint8ClampedArray(3), 0)).toThrow(RangeError);
  });

  it('counts no change in an empty image', () => {
    const empty = new Uint8ClampedArray(0);
    const diff = diffPixels(empty, empty, 0);
    expect(diff.changed).toBe(0);
    expect(changedRatio(diff, 0)).toBe(0);
  });
});

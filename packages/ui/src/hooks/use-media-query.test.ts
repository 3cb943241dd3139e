import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from './use-media-query.ts';

/** A `matchMedia` that counts the lists it makes and the listeners they hold, and can change its answer. */
function fakeMedia() {
  const lists: { media: string; matches: boolean; listeners: Set<() => void> }[] = [];
  let matches = false;
  const matchMedia = vi.fn((media: string) => {
    const list = {
      media,
      listeners: new Set<() => void>(),
      get matches() {
        return matches;
      },
      addEventListener: (_: string, f: () => void) => list.listeners.add(f),
      removeEventListener: (_: string, f: () => void) => list.listeners.delete(f),
    };
    lists.push(list);
    return list;
  });
  vi.stubGlobal('matchMedia', matchMedia);
  const change = (next: boolean) => {
    matches = next;
    for (const l of lists) for (const f of [...l.listeners]) f();
  };
  return { lists, matchMedia, change };
}

afterEach(() => vi.unstubAllGlobals());

describe('useMediaQuery', () => {
  it('makes one list per query and keeps one subscription however often its components draw', () => {
    const media = fakeMedia();
    // A query no other test asks: the lists are kept for the page's life.
    const query = '(min-width: 1234px)';
    const a = renderHook(() => useMediaQuery(query));
    const b = renderHook(() => useMediaQuery(query));
    for (let i = 0; i < 5; i++) {
      a.rerender();
      b.rerender();
    }
    expect(media.matchMedia).toHaveBeenCalledTimes(1);
    expect(media.lists[0]?.listeners.size).toBe(2);
    expect(a.result.current).toBe(false);
    act(() => media.change(true));
    expect([a.result.current, b.result.current]).toEqual([true, true]);
    a.unmount();
    b.unmount();
    expect(media.lists[0]?.listeners.size).toBe(0);
  });
});

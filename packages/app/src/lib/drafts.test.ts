import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearDraft,
  DRAFT_MAX_AGE_MS,
  debounced,
  draftKey,
  pruneDrafts,
  readDraft,
  useFormDraft,
  writeDraft,
} from './drafts.ts';

const ana = { kind: 'material', userId: 'u-ana', id: 'item-1' };

describe('drafts in the browser', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a draft per kind, user and item, with the saved text it was written over', () => {
    writeDraft(ana, '<p>nuevo</p>', '<p>viejo</p>', 1000);
    expect(readDraft(ana)).toEqual({ value: '<p>nuevo</p>', base: '<p>viejo</p>', savedAt: 1000 });
    expect(readDraft({ ...ana, userId: 'u-eva' })).toBeNull();
    expect(readDraft({ ...ana, id: 'item-2' })).toBeNull();
    expect(readDraft({ ...ana, kind: 'comment' })).toBeNull();
    expect(localStorage.getItem('draft:material:u-ana:item-1')).not.toBeNull();
    expect(draftKey(ana)).toBe('draft:material:u-ana:item-1');
  });

  it('clears a draft', () => {
    writeDraft(ana, 'a', '');
    clearDraft(ana);
    expect(readDraft(ana)).toBeNull();
  });

  it('reads a damaged entry as no draft', () => {
    localStorage.setItem(draftKey(ana), '{no es json');
    expect(readDraft(ana)).toBeNull();
    localStorage.setItem(draftKey(ana), '42');
    expect(readDraft(ana)).toBeNull();
  });

  it('drops drafts older than the limit, and only drafts', () => {
    localStorage.setItem('token', 'abc');
    writeDraft(ana, 'viejo', '', 0);
    writeDraft({ ...ana, id: 'item-2' }, 'reciente', '', DRAFT_MAX_AGE_MS);
    pruneDrafts(DRAFT_MAX_AGE_MS + 1);
    expect(readDraft(ana)).toBeNull();
    expect(readDraft({ ...ana, id: 'item-2' })?.value).toBe('reciente');
    expect(localStorage.getItem('token')).toBe('abc');
  });

  it('ignores storage that refuses to write', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('lleno', 'QuotaExceededError');
    });
    expect(() => writeDraft(ana, 'a', '')).not.toThrow();
    setItem.mockRestore();
  });
});

describe('a debounced write', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes once the typing pauses, only the last value', () => {
    const writes: string[] = [];
    const w = debounced(500);
    w.schedule(() => writes.push('a'));
    vi.advanceTimersByTime(300);
    w.schedule(() => writes.push('ab'));
    vi.advanceTimersByTime(499);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['ab']);
  });

  it('writes at once on flush, and nothing after cancel', () => {
    const writes: string[] = [];
    const w = debounced(500);
    w.schedule(() => writes.push('a'));
    w.flush();
    expect(writes).toEqual(['a']);
    w.flush();
    expect(writes).toEqual(['a']);
    w.schedule(() => writes.push('b'));
    w.cancel();
    vi.advanceTimersByTime(1000);
    expect(writes).toEqual(['a']);
  });
});

describe('a form kept as a draft', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());
  const key = { kind: 'task', userId: 'u-ana', id: 'agent-1' };
  const start = { title: '', instructions: '' };

  it('keeps what is typed, puts it back when the dialog opens again, and drops it once sent', () => {
    const reset = vi.fn();
    const { result, rerender } = renderHook(
      ({ open, current }: { open: boolean; current: typeof start }) =>
        useFormDraft({ key, open, initial: start, values: current, reset }),
      { initialProps: { open: true, current: start } },
    );
    expect(reset).toHaveBeenLastCalledWith(start);
    expect(result.current.restored).toBe(false);
    rerender({ open: true, current: { title: 'Resumen', instructions: 'Tres líneas' } });
    act(() => vi.advanceTimersByTime(500));
    expect(JSON.parse(readDraft<string>(key)!.value)).toEqual({
      title: 'Resumen',
      instructions: 'Tres líneas',
    });

    // Closed and opened again: the draft is back in the form.
    const typed = { title: 'Resumen', instructions: 'Tres líneas' };
    rerender({ open: false, current: typed });
    rerender({ open: true, current: typed });
    expect(reset).toHaveBeenLastCalledWith({ title: 'Resumen', instructions: 'Tres líneas' });
    expect(result.current.restored).toBe(true);

    act(() => result.current.done());
    expect(readDraft(key)).toBeNull();
    expect(result.current.restored).toBe(false);
  });

  it('discards the draft back to the form start', () => {
    writeDraft(key, JSON.stringify({ title: 'Viejo', instructions: '' }), JSON.stringify(start));
    const reset = vi.fn();
    const { result } = renderHook(() =>
      useFormDraft({ key, open: true, initial: start, values: start, reset }),
    );
    expect(result.current.restored).toBe(true);
    act(() => result.current.discard());
    expect(reset).toHaveBeenLastCalledWith(start);
    expect(readDraft(key)).toBeNull();
  });
});

import type { ProductionItem } from '@crw/api-client';
import { act, cleanup, render } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMaterialEditor } from './use-material-editor.ts';

afterEach(cleanup);

const item = (copy: string, version: number) =>
  ({
    _id: 'i1',
    title: 'Reel de masa madre',
    status: 'draft',
    version,
    allowedActions: ['update-material'],
    needsComments: [],
    blockedActions: [],
    final: false,
    materialData: { copy, files: [], links: [] },
  }) as unknown as ProductionItem;

let shown: { copy: string; dirty: boolean } = { copy: '', dirty: false };
let editor: ReturnType<typeof useMaterialEditor>;
let renders = 0;

/**
 * The drawer holds other state beside the editor: an update of it queued in the same commit as the item's new
 * copy makes React run the copy's update at the next render instead of at once (no eager state), which is when
 * the hook's bookkeeping must already agree with it.
 */
function Drawer({ current }: { current: ProductionItem }) {
  const [, setOther] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: an update queued each time the item changes, as the drawer's loads do.
  useEffect(() => setOther((n) => n + 1), [current]);
  editor = useMaterialEditor({ itemId: 'i1', item: current, userId: 'u1', onSaved: () => {} });
  shown = { copy: editor.copy, dirty: editor.dirty };
  renders++;
  return null;
}

describe('the copy in an item drawer', () => {
  it('follows a newer saved copy that arrives after the plan’s older one, and nothing is marked unsaved', () => {
    // The drawer opens from the plan's copy (not yet refreshed after a save), then the server's arrives.
    const { rerender } = render(<Drawer current={item('', 1)} />);
    expect(shown).toEqual({ copy: '', dirty: false });
    act(() => rerender(<Drawer current={item('<p>Pan de 48 horas</p>', 2)} />));
    expect(shown).toEqual({ copy: '<p>Pan de 48 horas</p>', dirty: false });
  });

  it('follows someone else’s save while nothing is typed', () => {
    const { rerender } = render(<Drawer current={item('<p>Uno</p>', 1)} />);
    expect(shown.copy).toBe('<p>Uno</p>');
    act(() => rerender(<Drawer current={item('<p>Dos</p>', 2)} />));
    expect(shown).toEqual({ copy: '<p>Dos</p>', dirty: false });
  });

  it('keeps what is being typed when someone else saves', () => {
    const { rerender } = render(<Drawer current={item('<p>Uno</p>', 1)} />);
    act(() => editor.setCopy('<p>Uno y medio</p>'));
    act(() => rerender(<Drawer current={item('<p>Dos</p>', 2)} />));
    expect(shown).toEqual({ copy: '<p>Uno y medio</p>', dirty: true });
  });

  it('a key typed is not a render: the drawer renders when the copy turns unsaved, and reads the newest copy then', () => {
    localStorage.clear();
    const { rerender } = render(<Drawer current={item('<p>Uno</p>', 1)} />);
    const before = renders;
    act(() => editor.type('<p>Uno y</p>'));
    // Unsaved now: one render, which says so.
    expect(renders).toBe(before + 1);
    expect(shown).toEqual({ copy: '<p>Uno y</p>', dirty: true });
    act(() => editor.type('<p>Uno y d</p>'));
    act(() => editor.type('<p>Uno y dos</p>'));
    expect(renders).toBe(before + 1);
    // What a save or a review sends is the newest copy, with no render in between.
    expect(editor.material().copy).toBe('<p>Uno y dos</p>');
    // Someone else's save: what is typed stays, and the render shows all of it.
    act(() => rerender(<Drawer current={item('<p>Tres</p>', 2)} />));
    expect(shown).toEqual({ copy: '<p>Uno y dos</p>', dirty: true });
    // Typed back to the saved copy: a render again, nothing unsaved.
    act(() => editor.type('<p>Tres</p>'));
    expect(shown).toEqual({ copy: '<p>Tres</p>', dirty: false });
  });

  it('the draft of keys typed without a render is the newest text', async () => {
    localStorage.clear();
    render(<Drawer current={item('<p>Uno</p>', 1)} />);
    act(() => editor.type('<p>Uno y</p>'));
    act(() => editor.type('<p>Uno y dos</p>'));
    await act(() => new Promise((r) => setTimeout(r, 700)));
    const stored = Object.entries(localStorage).find(([k]) => k.includes('i1'));
    expect(stored?.[1]).toContain('Uno y dos');
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSelection,
  selectIds,
  selection,
  selectOnly,
  toggleSelected,
  unselectIds,
} from './selection.ts';

const order = ['a', 'b', 'c', 'd', 'e'];

describe('the plan’s selection (issue 49)', () => {
  beforeEach(clearSelection);

  it('a click selects one row alone; Ctrl/⌘-click adds and takes out', () => {
    selectOnly('b');
    expect(selection.ids).toEqual(['b']);
    toggleSelected('d', false, order);
    expect(selection.ids).toEqual(['b', 'd']);
    toggleSelected('b', false, order);
    expect(selection.ids).toEqual(['d']);
    selectOnly('a');
    expect(selection.ids).toEqual(['a']);
  });

  it('Shift-click takes the range from the last one toggled, either way, and clears it the same way', () => {
    toggleSelected('b', false, order);
    toggleSelected('d', true, order);
    expect([...selection.ids].sort()).toEqual(['b', 'c', 'd']);
    toggleSelected('a', true, order);
    expect([...selection.ids].sort()).toEqual(['a', 'b', 'c', 'd']);
    toggleSelected('c', true, order);
    expect([...selection.ids].sort()).toEqual(['d']);
  });

  it('«Seleccionar todas» adds without repeating; the page’s header takes them out', () => {
    selectIds(['a', 'b']);
    selectIds(order, true);
    expect(selection.ids).toEqual(order);
    unselectIds(['a', 'b']);
    expect(selection.ids).toEqual(['c', 'd', 'e']);
  });
});

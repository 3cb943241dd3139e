import { proxy, useSnapshot } from 'valtio';

/**
 * The pieces selected for a bulk edit, shared by the table and the board (a selection made on one stays on the
 * other): their ids in the order chosen, and the last one toggled (the start of a Shift-click range).
 */
export const selection = proxy({ ids: [] as string[], anchor: null as string | null });

export const useSelection = () => useSnapshot(selection);

export function clearSelection() {
  selection.ids = [];
  selection.anchor = null;
}

/** Selects exactly `ids` (a click on a row), or adds them (`add`: Ctrl/⌘-click, «Seleccionar todas»). */
export function selectIds(ids: readonly string[], add = false) {
  selection.ids = add ? [...new Set([...selection.ids, ...ids])] : [...ids];
}

/** Selects `id` alone (a plain click on a row), the start of the next Shift-click range. */
export function selectOnly(id: string) {
  selection.ids = [id];
  selection.anchor = id;
}

export function unselectIds(ids: readonly string[]) {
  const gone = new Set(ids);
  selection.ids = selection.ids.filter((id) => !gone.has(id));
}

/**
 * Toggles `id`; with `range` (Shift), every piece of `order` between the last one toggled and `id` takes `id`'s
 * new state.
 */
export function toggleSelected(id: string, range = false, order: readonly string[] = []) {
  const on = !selection.ids.includes(id);
  const from = selection.anchor ? order.indexOf(selection.anchor) : -1;
  const to = order.indexOf(id);
  const span = range && from >= 0 && to >= 0 ? order.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
  if (on) selectIds(span, true);
  else unselectIds(span);
  selection.anchor = id;
}

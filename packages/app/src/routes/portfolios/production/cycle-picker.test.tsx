import type { Cycle } from '@crw/api-client';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productionStore } from '../../../features/production/store.ts';
import { CyclePicker } from './cycle-picker.tsx';

/** Three cycles as the server lists them (newest first); the middle one is the current one. */
const cycle = (id: string, start: string, end: string, over: Partial<Cycle> = {}) =>
  ({ _id: id, startDate: start, endDate: end, itemCount: 2, isLast: false, ...over }) as Cycle;
const cycles = [
  cycle('c3', '2026-03-29', '2026-04-11', { isLast: true, itemCount: 0 }),
  cycle('c2', '2026-03-15', '2026-03-28'),
  cycle('c1', '2026-03-01', '2026-03-14'),
];

beforeEach(() => {
  Object.assign(productionStore, { cycles, current: cycles[1], cyclesTotal: 3, cyclesLoading: false });
  // The list the picker asks for on opening: the same three cycles.
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ items: cycles, total: 3 }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPicker(selectedId = 'c2') {
  const onSelect = vi.fn();
  render(<CyclePicker portfolioId="p1" selectedId={selectedId} onSelect={onSelect} />);
  return { onSelect, trigger: screen.getByRole('button', { name: /^Ciclo / }) };
}

/** Opens the list from the keyboard: Tab to the trigger, Enter. */
async function openByKeyboard(user: ReturnType<typeof userEvent.setup>, trigger: HTMLElement) {
  await user.tab();
  expect(document.activeElement).toBe(trigger);
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Ciclo' });
  const search = within(dialog).getByRole('searchbox', { name: 'Buscar ciclo por fecha' });
  await waitFor(() => expect(document.activeElement).toBe(search));
  return { dialog, search, list: within(dialog).getByRole('listbox', { name: 'Ciclo' }) };
}

const activeText = (list: HTMLElement) => {
  const id = list.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('CyclePicker by keyboard', () => {
  it('moves with the arrows, Home and End, and chooses with Enter; focus returns to the trigger', async () => {
    const user = userEvent.setup();
    const { onSelect, trigger } = renderPicker('c2');
    const { list } = await openByKeyboard(user, trigger);
    const options = within(list).getAllByRole('option');
    // The current cycle first, then the others newest first; the chosen one is selected.
    expect(options.map((o) => o.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(options[0].textContent).toContain('actual');

    // Down from the search goes into the list, on the chosen cycle.
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(list);
    expect(list.getAttribute('aria-activedescendant')).toBe(options[0].id);
    await user.keyboard('{ArrowDown}');
    expect(list.getAttribute('aria-activedescendant')).toBe(options[1].id);
    expect(activeText(list)).toContain('último');
    await user.keyboard('{ArrowDown}{ArrowDown}'); // stops at the end
    expect(list.getAttribute('aria-activedescendant')).toBe(options[2].id);
    await user.keyboard('{Home}');
    expect(list.getAttribute('aria-activedescendant')).toBe(options[0].id);
    await user.keyboard('{End}');
    expect(list.getAttribute('aria-activedescendant')).toBe(options[2].id);
    await user.keyboard('{ArrowUp}');
    expect(list.getAttribute('aria-activedescendant')).toBe(options[1].id);
    expect(onSelect).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('c3');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it('chooses with Space too, and ArrowUp on the first cycle returns to the search', async () => {
    const user = userEvent.setup();
    const { onSelect, trigger } = renderPicker('c1');
    const { list, search } = await openByKeyboard(user, trigger);
    await user.keyboard('{ArrowDown}');
    // It starts on the chosen cycle, the last listed.
    expect(list.getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[2].id);
    await user.keyboard('{Home}{ArrowUp}');
    expect(document.activeElement).toBe(search);
    await user.keyboard('{ArrowDown}{ArrowDown} ');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('c3');
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('Escape closes without choosing and focus returns to the trigger', async () => {
    const user = userEvent.setup();
    const { onSelect, trigger } = renderPicker('c2');
    await openByKeyboard(user, trigger);
    await user.keyboard('{ArrowDown}{ArrowDown}{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('reaches the last cycle’s actions with Tab, outside the listbox', async () => {
    const user = userEvent.setup();
    const { trigger } = renderPicker('c2');
    const { dialog, list } = await openByKeyboard(user, trigger);
    await user.tab();
    expect(document.activeElement).toBe(list);
    await user.tab();
    const edit = within(dialog).getByRole('button', {
      name: /^Cambiar la fecha de fin del ciclo /,
    });
    expect(document.activeElement).toBe(edit);
    expect(list.contains(edit)).toBe(false);
    // Empty and last: it can be deleted; the options hold no buttons.
    expect(within(dialog).getByRole('button', { name: /^Eliminar el ciclo / })).toBeTruthy();
    expect(within(list).queryAllByRole('button')).toEqual([]);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: /^Cambiar la fecha de fin del ciclo / })).toBeTruthy();
  });
});

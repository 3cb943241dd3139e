import type { ProductionItem } from '@crw/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../auth/store.ts';
import { fetchItem, followStore, knownItem } from './item.ts';
import { productionStore } from './store.ts';

const sdk = vi.hoisted(() => ({ getItem: vi.fn() }));
vi.mock('@crw/api-client/sdk', () => sdk);
vi.mock('../../lib/api.ts', () => import('../../test/fake-api.ts'));

const item = (id: string, title: string) => ({ _id: id, title }) as ProductionItem;

afterEach(() => {
  productionStore.table.items = [];
  productionStore.board.draft.items = [];
  productionStore.calendar.items = [];
});

describe('the open piece as the plan already has it', () => {
  it('is found on the board or in the table', () => {
    productionStore.board.draft.items = [item('a', 'En el tablero')];
    productionStore.table.items = [item('b', 'En la tabla')];
    expect(knownItem('a')?.title).toBe('En el tablero');
    expect(knownItem('b')?.title).toBe('En la tabla');
  });

  it('is not taken from the calendar, which holds only what it draws of each piece (it is read)', () => {
    productionStore.calendar.items = [
      { _id: 'c', title: 'En el calendario', status: 'draft', publishDate: null, version: 1 },
    ];
    expect(knownItem('c')).toBeNull();
  });

  it('is null when the plan on screen does not hold it (a deep link)', () => {
    expect(knownItem('z')).toBeNull();
  });
});

describe('whether the reader follows a piece', () => {
  it("comes with the piece's read, kept apart from the piece, and is forgotten at sign-out", async () => {
    sdk.getItem.mockResolvedValueOnce({ _id: 'f', title: 'Seguida', following: true });
    const read = await fetchItem('f');
    // The piece as the drawer compares it with the plan's copy: without the reader's own state.
    expect(read).toEqual({ _id: 'f', title: 'Seguida' });
    expect(followStore.byItem.f).toBe(true);
    sdk.getItem.mockResolvedValueOnce({ _id: 'f', title: 'Seguida', following: false });
    await fetchItem('f');
    expect(followStore.byItem.f).toBe(false);
    logout();
    expect(followStore.byItem).toEqual({});
  });
});

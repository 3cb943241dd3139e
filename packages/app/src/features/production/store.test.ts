import type { ProductionItem } from '@crw/api-client';
import type { ProductionEvent } from '@crw/contracts/events';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({
  listItems: vi.fn(),
  createItem: vi.fn(),
  getCycleCalendar: vi.fn(),
  getCycleBoard: vi.fn(),
}));
vi.mock('@crw/api-client/sdk', () => sdk);
vi.mock('../../lib/api.ts', () => import('../../test/fake-api.ts'));

const store = await import('./store.ts');
const { logout } = await import('../auth/store.ts');
const { productionStore: s } = store;

const item = (id: string, status = 'draft') => ({ _id: id, title: id, status }) as ProductionItem;
const page = (...items: ProductionItem[]) => ({ items, total: items.length, page: 1, limit: 20 });
const event = (kind: ProductionEvent['kind'], itemId: string): ProductionEvent => ({
  kind,
  itemId,
  portfolioId: 'p',
  cycleId: 'c',
  actorId: 'u',
});

beforeEach(() => {
  logout();
  vi.resetAllMocks();
});

describe('production store', () => {
  it("an older request's answer never replaces a newer one's (the table)", async () => {
    let answerOld!: (v: unknown) => void;
    sdk.listItems
      .mockReturnValueOnce(new Promise((r) => (answerOld = r)))
      .mockResolvedValueOnce(page(item('nuevo')));
    const old = store.loadTable('c', {}, 1);
    await store.loadTable('c', { q: 'nuevo' }, 1);
    answerOld(page(item('viejo')));
    await old;
    expect(s.table.items.map((i) => i._id)).toEqual(['nuevo']);
    // …nor says the table answered for it.
    expect(s.table.answered).toBe(store.tableKey('c', { q: 'nuevo' }, 1));
  });

  it('a capped total (a lower bound) keeps a column loading while its pages come full, and says so', async () => {
    const full = (from: number, n: number, p: number) => ({
      items: Array.from({ length: n }, (_, i) => item(`i${from + i}`)),
      total: 1000,
      atLeast: true,
      page: p,
      limit: 20,
    });
    sdk.listItems.mockResolvedValueOnce(full(0, 20, 1));
    await store.loadColumn('c', 'draft', { assigneeId: 'u' });
    expect(s.board.draft).toMatchObject({ total: 1000, atLeast: true, more: true });
    // Past the cap: the 1,000th and beyond still come while a page is full…
    s.board.draft.page = 50;
    sdk.listItems.mockResolvedValueOnce({ ...full(20, 20, 51), total: 1020 });
    await store.loadColumn('c', 'draft', { assigneeId: 'u' }, true);
    expect(s.board.draft).toMatchObject({ total: 1020, atLeast: true, more: true });
    // …and a short page is the end.
    sdk.listItems.mockResolvedValueOnce({ ...full(40, 7, 52), total: 1027 });
    await store.loadColumn('c', 'draft', { assigneeId: 'u' }, true);
    expect(s.board.draft).toMatchObject({ total: 1027, atLeast: true, more: false });
  });

  it('an exact total says whether a page follows from what was read', async () => {
    sdk.listItems.mockResolvedValueOnce({ items: [item('a')], total: 26, page: 2, limit: 25 });
    await store.loadTable('c', {}, 2);
    expect(s.table).toMatchObject({ total: 26, atLeast: false, more: false });
    sdk.listItems.mockResolvedValueOnce({ items: [item('a')], total: 27, page: 2, limit: 25 });
    await store.loadTable('c', {}, 2);
    expect(s.table).toMatchObject({ total: 27, atLeast: false, more: true });
  });

  it('a quick-added draft stays first in «Borrador» after a refresh, until it changes', async () => {
    sdk.listItems.mockResolvedValueOnce(page(item('a'), item('b')));
    await store.loadColumn('c', 'draft', {});
    sdk.createItem.mockResolvedValueOnce(item('q'));
    await store.quickAddItem('c', {}, 'q');
    expect(s.board.draft.items.map((i) => i._id)).toEqual(['q', 'a', 'b']);
    expect(s.board.draft.total).toBe(3);

    // Its own creation echo needs no refresh; the refresh (date order) would put it last, yet it stays first.
    expect(store.isQuickAddEcho(event('item.created', 'q'))).toBe(true);
    sdk.listItems.mockResolvedValueOnce(page(item('a'), item('b'), item('q')));
    await store.loadColumn('c', 'draft', {});
    expect(s.board.draft.items.map((i) => i._id)).toEqual(['q', 'a', 'b']);

    // Once it changes, it is an ordinary piece again.
    expect(store.isQuickAddEcho(event('item.updated', 'q'))).toBe(false);
    sdk.listItems.mockResolvedValueOnce(page(item('a'), item('b'), item('q')));
    await store.loadColumn('c', 'draft', {});
    expect(s.board.draft.items.map((i) => i._id)).toEqual(['a', 'b', 'q']);
  });

  it('a failed page keeps what is shown and says why', async () => {
    sdk.listItems.mockResolvedValueOnce(page(item('a')));
    await store.loadTable('c', {}, 1);
    sdk.listItems.mockRejectedValueOnce(new Error('Sin conexión'));
    await store.loadTable('c', {}, 1);
    expect(s.table).toMatchObject({ loading: false, error: 'Sin conexión' });
    expect(s.table.items.map((i) => i._id)).toEqual(['a']);
  });

  it('an older request answering after a newer one started leaves the newer one loading', async () => {
    let answerOld!: (v: unknown) => void;
    let answerNew!: (v: unknown) => void;
    sdk.listItems
      .mockReturnValueOnce(new Promise((r) => (answerOld = r)))
      .mockReturnValueOnce(new Promise((r) => (answerNew = r)));
    const old = store.loadTable('c', {}, 1);
    const newer = store.loadTable('c', { q: 'nuevo' }, 1);
    answerOld(page(item('viejo')));
    await old;
    expect(s.table.loading).toBe(true);
    answerNew(page(item('nuevo')));
    await newer;
    expect(s.table).toMatchObject({ loading: false });
    expect(s.table.items.map((i) => i._id)).toEqual(['nuevo']);
  });

  it('the calendar reads the cycle once, with the filters but not the order, loading until it answers', async () => {
    const entries = Array.from({ length: 1000 }, (_, i) => ({
      _id: `e${i}`,
      title: `Pieza ${i}`,
      status: 'draft' as const,
      publishDate: null,
      version: 1,
    }));
    let answer!: (v: unknown) => void;
    sdk.getCycleCalendar.mockReturnValueOnce(new Promise((r) => (answer = r)));
    const loading = store.loadCalendar('c', {
      format: 'Reel',
      q: '',
      status: [],
      sort: 'title',
      order: 'desc',
    });
    expect(s.calendar).toMatchObject({ loading: true, error: null });
    answer({ entries, more: true });
    await loading;
    expect(sdk.getCycleCalendar).toHaveBeenCalledTimes(1);
    // Empty filters are left out; the calendar has no order of its own to ask for.
    expect(sdk.getCycleCalendar.mock.calls[0]![0]).toMatchObject({
      path: { id: 'c' },
      query: { format: 'Reel' },
    });
    expect(Object.keys(sdk.getCycleCalendar.mock.calls[0]![0].query)).toEqual(['format']);
    expect(s.calendar).toMatchObject({ loading: false, more: true, error: null });
    // Kept as they came: the answer's own objects, not proxies of them.
    expect(s.calendar.items[999]).toBe(entries[999]);

    // A read that fails keeps what was shown, with the error, and nothing is loading.
    sdk.getCycleCalendar.mockRejectedValueOnce(new Error('Sin conexión'));
    await store.loadCalendar('c', {});
    expect(s.calendar).toMatchObject({ loading: false, error: 'Sin conexión' });
    expect(s.calendar.items).toHaveLength(1000);
  });

  it('the calendar says which cycle and filters its answer is for (pieces or error), not the order', async () => {
    expect(s.calendar.answered).toBeNull();
    let answer!: (v: unknown) => void;
    sdk.getCycleCalendar.mockReturnValueOnce(new Promise((r) => (answer = r)));
    const loading = store.loadCalendar('c', { format: 'Reel', sort: 'title' });
    // Asked, not answered: the view it replaces stays.
    expect(s.calendar.answered).toBeNull();
    answer({ entries: [], more: false });
    await loading;
    expect(s.calendar.answered).toBe(store.calendarKey('c', { format: 'Reel' }));
    expect(store.calendarKey('c', { format: 'Reel', sort: 'title', order: 'desc', q: '' })).toBe(
      s.calendar.answered,
    );
    expect(store.calendarKey('c', { format: 'Post' })).not.toBe(s.calendar.answered);
    expect(store.calendarKey('otro', { format: 'Reel' })).not.toBe(s.calendar.answered);

    sdk.getCycleCalendar.mockRejectedValueOnce(new Error('Sin conexión'));
    await store.loadCalendar('c', { format: 'Post' });
    expect(s.calendar).toMatchObject({
      error: 'Sin conexión',
      answered: store.calendarKey('c', { format: 'Post' }),
    });
  });

  it('the table says which cycle, query and page its answer is for (items or error)', async () => {
    expect(s.table.answered).toBeUndefined();
    let answer!: (v: unknown) => void;
    sdk.listItems.mockReturnValueOnce(new Promise((r) => (answer = r)));
    const loading = store.loadTable('c', { format: 'Reel', sort: 'title' }, 2);
    // Asked, not answered: the view it replaces stays.
    expect(s.table.answered).toBeUndefined();
    answer(page(item('a')));
    await loading;
    expect(s.table.answered).toBe(store.tableKey('c', { format: 'Reel', sort: 'title' }, 2));
    // The order and the page are part of what a table shows.
    expect(store.tableKey('c', { format: 'Reel' }, 2)).not.toBe(s.table.answered);
    expect(store.tableKey('c', { format: 'Reel', sort: 'title' }, 1)).not.toBe(s.table.answered);
    expect(store.tableKey('otro', { format: 'Reel', sort: 'title' }, 2)).not.toBe(s.table.answered);

    sdk.listItems.mockRejectedValueOnce(new Error('Sin conexión'));
    await store.loadTable('c', { format: 'Post' }, 1);
    expect(s.table).toMatchObject({
      error: 'Sin conexión',
      answered: store.tableKey('c', { format: 'Post' }, 1),
    });
  });

  it("a newer calendar load takes over: the older one's answer is never drawn", async () => {
    let answerOld!: (v: unknown) => void;
    const one = (id: string) => ({
      entries: [{ _id: id, title: id, status: 'draft', publishDate: null, version: 1 }],
      more: false,
    });
    sdk.getCycleCalendar
      .mockReturnValueOnce(new Promise((r) => (answerOld = r)))
      .mockResolvedValueOnce(one('nuevo'));
    const old = store.loadCalendar('c', {});
    await store.loadCalendar('c', { q: 'nuevo' });
    answerOld(one('viejo'));
    await old;
    expect(s.calendar.items.map((i) => i._id)).toEqual(['nuevo']);
    expect(s.calendar.loading).toBe(false);
  });

  it('a filter asks for the columns in sight in one request; another column loads when it comes into sight', async () => {
    const answerBoard = async ({ query }: { query: { status: string[] } }) => ({
      columns: query.status.map((status) => ({ status, ...page(item(`${status}-1`, status)) })),
    });
    sdk.getCycleBoard.mockImplementation(answerBoard);
    sdk.listItems.mockImplementation(async ({ query }: { query: { status: string[] } }) =>
      page(item(`${query.status[0]}-1`, query.status[0])),
    );
    store.setVisibleColumns(['draft', 'internal_review']);
    await store.loadBoard('c', { q: 'reel', status: [] });
    expect(sdk.getCycleBoard).toHaveBeenCalledTimes(1);
    expect(sdk.getCycleBoard.mock.calls[0]![0]).toMatchObject({
      path: { id: 'c' },
      query: { q: 'reel', status: ['draft', 'internal_review'], limit: store.BOARD_PAGE },
    });
    expect(s.board.draft.items.map((i) => i._id)).toEqual(['draft-1']);
    expect(s.board.internal_review).toMatchObject({ loading: false, total: 1 });
    // Out of sight: left as it was until it scrolls in, then one request for it alone.
    expect(sdk.listItems).not.toHaveBeenCalled();
    store.setVisibleColumns(['internal_review', 'internal_changes']);
    await vi.waitFor(() =>
      expect(s.board.internal_changes.items.map((i) => i._id)).toEqual(['internal_changes-1']),
    );
    expect(sdk.listItems.mock.calls.map(([o]) => o.query.status)).toEqual([['internal_changes']]);
    // The board goes: nothing waits any more, and the next load asks for every column, still in one request.
    store.setVisibleColumns(null);
    sdk.getCycleBoard.mockClear();
    await store.loadBoard('c', {});
    expect(sdk.getCycleBoard).toHaveBeenCalledTimes(1);
    expect(sdk.getCycleBoard.mock.calls[0]![0].query.status).toEqual([...store.itemStatuses]);
  });

  it('a board read that fails says so in each column asked for, keeping their cards; a newer load wins', async () => {
    sdk.getCycleBoard.mockResolvedValueOnce({
      columns: store.itemStatuses.map((status) => ({ status, ...page(item(`${status}-1`, status)) })),
    });
    await store.loadBoard('c', {});
    sdk.getCycleBoard.mockRejectedValueOnce(new Error('Sin conexión'));
    await store.loadBoard('c', { q: 'x' });
    expect(s.board.draft).toMatchObject({ loading: false, error: 'Sin conexión' });
    expect(s.board.draft.items.map((i) => i._id)).toEqual(['draft-1']);

    // An older answer arriving after a newer load started is not drawn.
    let answerOld!: (v: unknown) => void;
    sdk.getCycleBoard.mockReturnValueOnce(new Promise((r) => (answerOld = r))).mockResolvedValueOnce({
      columns: store.itemStatuses.map((status) => ({ status, ...page(item(`${status}-nuevo`, status)) })),
    });
    const old = store.loadBoard('c', { q: 'viejo' });
    await store.loadBoard('c', { q: 'nuevo' });
    answerOld({
      columns: store.itemStatuses.map((status) => ({ status, ...page(item(`${status}-viejo`, status)) })),
    });
    await old;
    expect(s.board.approved.items.map((i) => i._id)).toEqual(['approved-nuevo']);
    expect(s.board.approved.error).toBeNull();
  });
});

import type {
  Cycle,
  CycleCalendar,
  ItemBoard,
  ListItemsData,
  PortfolioMember,
  ProductionItem,
} from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import type { ProductionEvent } from '@crw/contracts/events';
import { useSyncExternalStore } from 'react';
import { proxy, ref, type Snapshot, snapshot, subscribe } from 'valtio';
import { api } from '../../lib/api.ts';
import { type ItemStatus, itemStatuses } from '../../lib/enums.ts';
import { onLogout } from '../auth/store.ts';
import { whenConnected } from '../connection/connection.ts';
import { productionMsg as t } from './messages.ts';

/** The statuses in the board's order, written out once for the app in `lib/enums.ts`. */
export { type ItemStatus, itemStatuses };

export type ItemQuery = Omit<ListItemsData['query'], 'page' | 'limit'>;

export const BOARD_PAGE = 20;
export const TABLE_PAGE = 25;

/** A piece as the calendar draws and moves it (its id, title, status, date and version). */
export type CalendarEntry = CycleCalendar['entries'][number];

interface Page {
  items: ProductionItem[];
  total: number;
  /** `total` is a lower bound: the server counted matches up to its cap (a filter its tallies cannot answer). */
  atLeast: boolean;
  /** Whether another page may hold more: fewer shown than the total, or a lower bound and a full last page. */
  more: boolean;
  page: number;
  loading: boolean;
  /** The load under way asks for the next page (the ones shown stay); otherwise it replaces them. */
  appending: boolean;
  error: string | null;
  /** The table's: which cycle, filters and page the last answer (items or error) was for (`tableKey`). */
  answered?: string;
}
/**
 * A page's items are kept as they came (valtio's `ref`), never made into proxies, and change only by a new array
 * (`ref` again), as the calendar's entries are. Proxied, the calendar's pages (when it read pages) were proxied again
 * at each page and walked for their versions by every snapshot of the plan (issue 48: ~180 ms at 4× under the bell
 * opened while the calendar loaded), and a filter's answers spent ~13 ms at 4× proxying the cards and snapshotting them. Nothing changes an item in
 * place.
 */
const plainItems = (items: ProductionItem[]): ProductionItem[] => ref(items);

/** The calendar's pieces: the cycle's, read at once (`loadCalendar`), kept as they came as a page's are. */
interface CalendarState {
  items: CalendarEntry[];
  /** The cycle holds more than a calendar reads (the server's bound): those shown are the first in the plan. */
  more: boolean;
  loading: boolean;
  error: string | null;
  /** Which cycle and filters the last answer (pieces or error) was for (`calendarKey`); null before any. */
  answered: string | null;
}
const emptyCalendar = (): CalendarState => ({
  items: ref([]),
  more: false,
  loading: false,
  error: null,
  answered: null,
});

const emptyPage = (): Page => ({
  items: plainItems([]),
  total: 0,
  atLeast: false,
  more: false,
  page: 1,
  loading: false,
  appending: false,
  error: null,
});

interface ProductionState {
  portfolioId: string | null;
  /** The cycle whose dates contain today, or null (none yet, or between cycles). */
  current: Cycle | null;
  cycles: Cycle[];
  cyclesTotal: number;
  cyclesLoading: boolean;
  /** null while unknown; false when the portfolio has no cycle at all. */
  started: boolean | null;
  loadError: string | null;
  members: PortfolioMember[];
  table: Page;
  board: Record<ItemStatus, Page>;
  /** Pieces shown by the calendar (the whole cycle's, up to the server's bound). */
  calendar: CalendarState;
}

const initial = (): ProductionState => ({
  portfolioId: null,
  current: null,
  cycles: [],
  cyclesTotal: 0,
  cyclesLoading: false,
  started: null,
  loadError: null,
  members: [],
  table: emptyPage(),
  board: Object.fromEntries(itemStatuses.map((s) => [s, emptyPage()])) as Record<ItemStatus, Page>,
  calendar: emptyCalendar(),
});

export const productionStore = proxy<ProductionState>(initial());
onLogout(() => Object.assign(productionStore, initial()));

const subscribeToPlan = (onChange: () => void) => subscribe(productionStore, onChange);

/**
 * One object of the plan's state (the board, the table, the calendar, the members), as a plain frozen snapshot:
 * the component draws again when that object changes (a snapshot keeps the objects that did not change), and
 * reading it costs nothing more. `useSnapshot` wraps every object read in a tracking proxy: a board of hundreds of
 * cards read through proxies at each of its draws costs 10–20 ms at 4× slowdown. And the snapshot is of that
 * object alone: one of the whole plan first asks every object in it whether it changed (valtio 2 checks versions
 * lazily), the board's hundreds of cards among them, at each render and after each change anywhere in the app,
 * ~3 ms at 4× each time, paid at each of a calendar's pages (issue 48). The object is read from the store each
 * time: a new portfolio's fresh state is seen.
 */
export function usePlanPart<K extends 'board' | 'table' | 'calendar' | 'members'>(
  key: K,
): Snapshot<ProductionState[K]> {
  return useSyncExternalStore(subscribeToPlan, () => snapshot(productionStore[key]));
}

const client = api.client;

/** Loads what the plan needs for a portfolio: the current cycle, the latest cycles and the members. */
export async function openPlan(portfolioId: string) {
  if (productionStore.portfolioId !== portfolioId) Object.assign(productionStore, initial(), { portfolioId });
  productionStore.loadError = null;
  try {
    const [cycles, members, current] = await Promise.all([
      api.call(
        sdk.listCycles({ client, path: { id: portfolioId }, query: { page: 1, limit: 10 } }),
        t.loadError,
      ),
      api.call(sdk.listPortfolioMembers({ client, path: { id: portfolioId } }), t.loadError),
      sdk.getCurrentCycle({ client, path: { id: portfolioId } }).then((r) => r.data ?? null),
    ]);
    productionStore.cycles = cycles.items;
    productionStore.cyclesTotal = cycles.total;
    productionStore.members = members;
    productionStore.current = current;
    productionStore.started = cycles.total > 0;
  } catch (error) {
    productionStore.loadError = error instanceof Error ? error.message : t.loadError;
  }
}

/** The people of a portfolio (mentions, assignees) for screens other than the plan (the review panel). */
export async function loadMembers(portfolioId: string) {
  if (productionStore.portfolioId === portfolioId && productionStore.members.length > 0) return;
  try {
    const members = await api.call(
      sdk.listPortfolioMembers({ client, path: { id: portfolioId } }),
      t.loadError,
    );
    if (productionStore.portfolioId !== portfolioId)
      Object.assign(productionStore, initial(), { portfolioId });
    productionStore.members = members;
  } catch {
    // Without them, mentions offer nobody; the screen still works.
  }
}

/** The cycle picker's search and paging (spec §9: page 1, limit 10). */
export async function searchCycles(portfolioId: string, search: string, page = 1) {
  productionStore.cyclesLoading = true;
  try {
    const res = await api.call(
      sdk.listCycles({
        client,
        path: { id: portfolioId },
        query: { page, limit: 10, ...(search ? { search } : {}) },
      }),
      t.loadError,
    );
    productionStore.cycles = page === 1 ? res.items : [...productionStore.cycles, ...res.items];
    productionStore.cyclesTotal = res.total;
  } finally {
    productionStore.cyclesLoading = false;
  }
}

export async function startProduction(portfolioId: string, cycleDuration: number) {
  const cycle = await api.call(
    sdk.startProduction({ client, path: { id: portfolioId }, body: { cycleDuration } }),
    t.noCycle.error,
  );
  await openPlan(portfolioId);
  return cycle;
}

export async function createNextCycle(portfolioId: string) {
  const cycle = await api.call(
    sdk.createNextCycle({ client, path: { id: portfolioId }, body: {} }),
    t.cycles.createError,
  );
  await openPlan(portfolioId);
  return cycle;
}

const clean = (q: ItemQuery): ItemQuery =>
  Object.fromEntries(
    Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)),
  ) as ItemQuery;

/** Answers are applied only if no newer request for the same place started meanwhile. */
const latest = new Map<string, number>();
/** A request for `key` starts: whether it is still the newest for that place is asked when its answer comes. */
function ticketFor(key: string): () => boolean {
  const ticket = (latest.get(key) ?? 0) + 1;
  latest.set(key, ticket);
  return () => latest.get(key) === ticket;
}
async function fetchPage(key: string, cycleId: string, query: ItemQuery, page: number, limit: number) {
  const newest = ticketFor(key);
  const res = await api.call(
    sdk.listItems({ client, path: { id: cycleId }, query: { ...clean(query), page, limit } }),
    t.loadError,
  );
  return newest() ? res : null;
}

/**
 * The pieces added with the quick-add line (issue 31) while a cycle and filter stay on screen: first in
 * «Borrador» and on the table's first page, newest first, also after a refresh (the list's order, by publication
 * date, would put an undated draft at the end of a long column). A piece leaves this list when it changes (the
 * next refresh shows it where it belongs) and the whole list goes when the cycle or the filter changes.
 */
let added: { key: string; items: ProductionItem[] } = { key: '', items: [] };
onLogout(() => {
  added = { key: '', items: [] };
});
const addedKey = (cycleId: string, query: ItemQuery) => `${cycleId}\n${JSON.stringify(clean(query))}`;

function withAdded(key: string, items: ProductionItem[]): ProductionItem[] {
  if (added.key !== key) added = { key, items: [] };
  if (added.items.length === 0) return items;
  const fresh = new Map(items.map((i) => [i._id, i]));
  const top = added.items.map((a) => fresh.get(a._id) ?? a).filter((i) => i.status === 'draft');
  const ids = new Set(top.map((i) => i._id));
  return [...top, ...items.filter((i) => !ids.has(i._id))];
}

/**
 * Adds a draft by its title from the quick-add line: shown at once first in «Borrador» and on the table's first
 * page, without opening it. Answers the piece; rejects with the API's Spanish message.
 */
export async function quickAddItem(cycleId: string, query: ItemQuery, title: string) {
  const item = await whenConnected(() =>
    api.call(sdk.createItem({ client, path: { id: cycleId }, body: { title } }), t.create.error),
  );
  const key = addedKey(cycleId, query);
  if (added.key !== key) added = { key, items: [] };
  added.items.unshift(item);
  const { board, table } = productionStore;
  if (!query.status?.length || query.status.includes('draft')) {
    board.draft.items = plainItems(withAdded(key, board.draft.items as ProductionItem[]));
    board.draft.total += 1;
  }
  if (table.page === 1) {
    table.items = plainItems(withAdded(key, table.items as ProductionItem[]));
    table.total += 1;
  }
  return item;
}

/**
 * Whether a realtime event only echoes a quick add already shown (no refresh needed); any other change to such a
 * piece takes it out of the quick-added list, so that the refresh it causes puts it where it belongs.
 */
export function isQuickAddEcho(event: ProductionEvent): boolean {
  const known = added.items.some((i) => i._id === event.itemId);
  if (known && event.kind !== 'item.created') added.items = added.items.filter((i) => i._id !== event.itemId);
  return known && event.kind === 'item.created';
}

type ItemPage = NonNullable<Awaited<ReturnType<typeof fetchPage>>>;

/**
 * The page's total as the screen counts it: exact, or at least `total` (a capped count), and whether another page
 * may follow (fewer read so far than the total, or a lower bound and this page came full).
 */
const counted = (res: ItemPage) => {
  const atLeast = res.atLeast === true;
  const read = (res.page - 1) * res.limit + res.items.length;
  return { total: res.total, atLeast, more: read < res.total || (atLeast && res.items.length >= res.limit) };
};

/** `items`, then those of `more` it does not hold yet (a page read after others moved). */
function appendNew(items: readonly ProductionItem[], more: ProductionItem[]): ProductionItem[] {
  const known = new Set(items.map((x) => x._id));
  return [...items, ...more.filter((i) => !known.has(i._id))];
}

/** Loads a page into `target` (`append`: after the items it has). */
async function loadInto(
  target: Page,
  load: () => Promise<ItemPage | null>,
  append: boolean,
  { pin, more = false, answered }: { pin?: string; more?: boolean; answered?: string } = {},
) {
  target.loading = true;
  target.appending = append;
  target.error = null;
  let superseded = false;
  try {
    const res = await load();
    // A newer request for the same place started meanwhile: its answer, and its end of loading, are the ones.
    superseded = !res;
    if (!res) return;
    let items: ProductionItem[];
    if (append) items = appendNew(target.items, res.items);
    else items = pin && res.page === 1 ? withAdded(pin, res.items) : res.items;
    target.items = plainItems(items);
    Object.assign(target, counted(res));
    target.page = res.page;
  } catch (error) {
    target.error = error instanceof Error ? error.message : t.loadError;
  } finally {
    if (!superseded) {
      target.loading = more && !target.error && target.more;
      if (answered !== undefined) target.answered = answered;
    }
  }
}

export function loadTable(cycleId: string, query: ItemQuery, page: number) {
  return loadInto(productionStore.table, () => fetchPage('table', cycleId, query, page, TABLE_PAGE), false, {
    pin: addedKey(cycleId, query),
    answered: tableKey(cycleId, query, page),
  });
}

/** What a table's answer is for: a cycle, the filters and order it was read by, and a page. */
export const tableKey = (cycleId: string, query: ItemQuery, page: number) =>
  `${cycleId} ${JSON.stringify(clean(query))} ${page}`;

/**
 * Whether the table has answered for this cycle, query and page (its items, or an error), read without drawing on
 * every change of the plan, as `useCalendarAnswered`.
 */
export function useTableAnswered(cycleId: string | undefined, query: ItemQuery, page: number): boolean {
  const key = cycleId ? tableKey(cycleId, query, page) : null;
  return useSyncExternalStore(subscribeToPlan, () => key !== null && productionStore.table.answered === key);
}

/**
 * The board's columns in sight (issue 48, point 3): a filter loads those at once and each other one as it scrolls
 * into view, so that a phone's one column costs one request, not six. null while the board is not drawn or has
 * not said yet (then every column loads).
 */
let visibleColumns: ReadonlySet<ItemStatus> | null = null;
/** Columns a filter left to load when they come into sight, with what to load them with. */
const pendingColumns = new Map<ItemStatus, { cycleId: string; query: ItemQuery }>();
onLogout(() => {
  visibleColumns = null;
  pendingColumns.clear();
});

/**
 * The board says which columns are in sight: those a filter left waiting load now. null when the board goes
 * (what waited is dropped: drawing the board again loads it whole).
 */
export function setVisibleColumns(statuses: readonly ItemStatus[] | null) {
  visibleColumns = statuses ? new Set(statuses) : null;
  if (!statuses) pendingColumns.clear();
  for (const status of statuses ?? []) {
    const pending = pendingColumns.get(status);
    if (pending) void loadColumn(pending.cycleId, status, pending.query);
  }
}

/** Each column's first page (or the next one when `more`), filtered by everything but the status. */
export function loadColumn(cycleId: string, status: ItemStatus, query: ItemQuery, more = false) {
  pendingColumns.delete(status);
  const column = productionStore.board[status];
  const page = more ? column.page + 1 : 1;
  if (query.status?.length && !query.status.includes(status)) {
    Object.assign(column, emptyPage());
    return Promise.resolve();
  }
  return loadInto(
    column,
    () => fetchPage(`board:${status}`, cycleId, { ...query, status: [status] }, page, BOARD_PAGE),
    more,
    { pin: status === 'draft' ? addedKey(cycleId, query) : undefined },
  );
}

/**
 * Every column's first page, in one read (`getCycleBoard`) applied at once: the board draws once for a filter, not
 * once per column as each answers (six renders and paints of a board of hundreds of cards). The cards shown stay
 * meanwhile (their columns are marked busy), so nothing flashes to skeletons. Only the columns in sight are asked
 * for (`setVisibleColumns`); the others load as they come into sight.
 */
export async function loadBoard(cycleId: string, query: ItemQuery) {
  const board = productionStore.board;
  const matching = itemStatuses.filter((s) => !query.status?.length || query.status.includes(s));
  const shown = matching.filter((s) => !visibleColumns || visibleColumns.has(s));
  for (const status of itemStatuses) {
    const column = board[status];
    pendingColumns.delete(status);
    if (!matching.includes(status)) Object.assign(column, emptyPage());
    else if (shown.includes(status)) Object.assign(column, { loading: true, appending: false, error: null });
    // Out of sight: left as it is (not marked busy, which would say the board is still loading) until it
    // scrolls in; nobody sees it meanwhile.
    else pendingColumns.set(status, { cycleId, query });
  }
  if (shown.length === 0) return;
  // One request for every column in sight (issue 48: one each cost a phone's main thread ~6 ms at 4× in the
  // request's making and its answer's tasks), each column's answer applied unless a newer load of it started.
  const newest = shown.map((s) => ticketFor(`board:${s}`));
  let columns: ItemBoard['columns'];
  try {
    ({ columns } = await api.call(
      sdk.getCycleBoard({
        client,
        path: { id: cycleId },
        query: { ...clean(query), status: shown, limit: BOARD_PAGE },
      }),
      t.loadError,
    ));
  } catch (error) {
    shown.forEach((status, i) => {
      if (!newest[i]!()) return;
      board[status].error = error instanceof Error ? error.message : t.loadError;
      board[status].loading = false;
    });
    return;
  }
  shown.forEach((status, i) => {
    const res = columns.find((c) => c.status === status);
    // A newer load of this column took over: it applies its own answer.
    if (!res || !newest[i]!()) return;
    const items = status === 'draft' ? withAdded(addedKey(cycleId, query), res.items) : res.items;
    Object.assign(board[status], {
      items: plainItems(items),
      ...counted(res),
      page: res.page,
      loading: false,
    });
  });
}

/**
 * The cycle's pieces that match, for the calendar, in one read of what it draws (issue 48: it used to read every
 * page of 100 full items, one request after another, ten for a cycle of 1,000 pieces; each cost a phone's browser
 * ~15 ms of main thread whatever its size, and drew the calendar twice). A newer load (another filter, a realtime
 * refresh) makes an older answer moot.
 */
let calendarRun = 0;
export async function loadCalendar(cycleId: string, query: ItemQuery) {
  const run = ++calendarRun;
  const target = productionStore.calendar;
  target.loading = true;
  target.error = null;
  const filters = calendarFilters(query);
  const answered = calendarKey(cycleId, query);
  try {
    const res = await api.call(
      sdk.getCycleCalendar({ client, path: { id: cycleId }, query: filters }),
      t.loadError,
    );
    if (run !== calendarRun) return;
    Object.assign(target, { items: ref(res.entries), more: res.more, loading: false, answered });
  } catch (error) {
    if (run !== calendarRun) return;
    Object.assign(target, {
      error: error instanceof Error ? error.message : t.loadError,
      loading: false,
      answered,
    });
  }
}

/** The plan's filters the calendar reads by (not its order: the calendar places pieces by their date). */
function calendarFilters(query: ItemQuery) {
  const { sort: _sort, order: _order, ...filters } = clean(query);
  return filters;
}

/** What a calendar's answer is for: a cycle and the filters it was read by. */
export const calendarKey = (cycleId: string, query: ItemQuery) =>
  `${cycleId} ${JSON.stringify(calendarFilters(query))}`;

/**
 * Whether the calendar has answered for this cycle and these filters (its pieces, or an error), read without
 * drawing on every change of the plan: the screen re-renders only when this turns.
 */
export function useCalendarAnswered(cycleId: string | undefined, query: ItemQuery): boolean {
  const key = cycleId ? calendarKey(cycleId, query) : null;
  return useSyncExternalStore(
    subscribeToPlan,
    () => key !== null && productionStore.calendar.answered === key,
  );
}

/** Replaces one of the calendar's items (a new array: the change readers see). */
export function replaceCalendarItem(itemId: string, change: (item: CalendarEntry) => CalendarEntry) {
  const target = productionStore.calendar;
  target.items = ref(target.items.map((i) => (i._id === itemId ? change(i) : i)));
}

/** Whether a realtime event concerns the plan on screen (a move changes two cycles: any of the portfolio). */
export const concernsPlan = (event: ProductionEvent) => event.portfolioId === productionStore.portfolioId;

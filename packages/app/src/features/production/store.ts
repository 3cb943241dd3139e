import type { Cycle, ListItemsData, PortfolioMember, ProductionItem } from '@crw/api-client';
import type { ProductionEvent } from '@crw/api-client/events';
import * as sdk from '@crw/api-client/sdk';
import { proxy } from 'valtio';
import { api } from '../../lib/api.ts';
import { onLogout } from '../auth/store.ts';
import { productionMsg as t } from './messages.ts';

export const itemStatuses = [
  'draft',
  'internal_review',
  'internal_changes',
  'client_review',
  'client_changes',
  'approved',
] as const satisfies ReadonlyArray<ProductionItem['status']>;
export type ItemStatus = (typeof itemStatuses)[number];

export type ItemQuery = Omit<ListItemsData['query'], 'page' | 'limit'>;

export const BOARD_PAGE = 20;
export const TABLE_PAGE = 25;
export const CALENDAR_PAGE = 100;

interface Page {
  items: ProductionItem[];
  total: number;
  page: number;
  loading: boolean;
  error: string | null;
}
const emptyPage = (): Page => ({ items: [], total: 0, page: 1, loading: false, error: null });

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
  /** Items shown by the calendar (every page of the cycle, up to 500). */
  calendar: Page;
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
  calendar: emptyPage(),
});

export const productionStore = proxy<ProductionState>(initial());
onLogout(() => Object.assign(productionStore, initial()));

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
async function fetchPage(key: string, cycleId: string, query: ItemQuery, page: number, limit: number) {
  const ticket = (latest.get(key) ?? 0) + 1;
  latest.set(key, ticket);
  const res = await api.call(
    sdk.listItems({ client, path: { id: cycleId }, query: { ...clean(query), page, limit } }),
    t.loadError,
  );
  return latest.get(key) === ticket ? res : null;
}

async function loadInto(
  target: Page,
  load: () => Promise<{ items: ProductionItem[]; total: number; page: number } | null>,
  append: boolean,
) {
  target.loading = true;
  target.error = null;
  try {
    const res = await load();
    if (!res) return;
    target.items = append
      ? [...target.items, ...res.items.filter((i) => !target.items.some((x) => x._id === i._id))]
      : res.items;
    target.total = res.total;
    target.page = res.page;
  } catch (error) {
    target.error = error instanceof Error ? error.message : t.loadError;
  } finally {
    target.loading = false;
  }
}

export function loadTable(cycleId: string, query: ItemQuery, page: number) {
  return loadInto(productionStore.table, () => fetchPage('table', cycleId, query, page, TABLE_PAGE), false);
}

/** Each column's first page (or the next one when `more`), filtered by everything but the status. */
export function loadColumn(cycleId: string, status: ItemStatus, query: ItemQuery, more = false) {
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
  );
}

export function loadBoard(cycleId: string, query: ItemQuery) {
  return Promise.all(itemStatuses.map((s) => loadColumn(cycleId, s, query)));
}

/** Every item of the cycle that matches, for the calendar (up to five pages). */
export function loadCalendar(cycleId: string, query: ItemQuery) {
  return loadInto(
    productionStore.calendar,
    async () => {
      const first = await fetchPage('calendar', cycleId, { ...query, sort: 'publishDate' }, 1, CALENDAR_PAGE);
      if (!first) return null;
      const pages = Math.min(5, Math.ceil(first.total / CALENDAR_PAGE));
      const rest = await Promise.all(
        Array.from({ length: pages - 1 }, (_, i) =>
          api.call(
            sdk.listItems({
              client,
              path: { id: cycleId },
              query: { ...clean(query), sort: 'publishDate', page: i + 2, limit: CALENDAR_PAGE },
            }),
            t.loadError,
          ),
        ),
      );
      return { ...first, items: [first, ...rest].flatMap((p) => p.items) };
    },
    false,
  );
}

/** Whether a realtime event concerns the plan on screen (a move changes two cycles: any of the portfolio). */
export const concernsPlan = (event: ProductionEvent) => event.portfolioId === productionStore.portfolioId;

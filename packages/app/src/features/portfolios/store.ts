import type { Portfolio } from '@crw/api-client';
// Start-up's own calls: the whole API client stays out of the first load (gen-api.ts).
import * as sdk from '@crw/api-client/sdk-startup';
import { proxy } from 'valtio';
import { api } from '../../lib/api.ts';
import { msg } from '../../messages.ts';
import { onLogout } from '../auth/store.ts';

interface PortfoliosState {
  portfolios: Portfolio[];
  /** null until the first load finishes. */
  loaded: boolean;
  loading: boolean;
  error: string | null;
  active: Portfolio | null;
}

const initial = (): PortfoliosState => ({
  portfolios: [],
  loaded: false,
  loading: false,
  error: null,
  active: null,
});

export const portfoliosStore = proxy<PortfoliosState>(initial());

const ACTIVE_KEY = 'activePortfolioId';

/** Which read of the list is the newest: an older answer that arrives after it (or after sign-out) is dropped. */
let reads = 0;

onLogout(() => {
  reads += 1;
  Object.assign(portfoliosStore, initial());
  localStorage.removeItem(ACTIVE_KEY);
});

/** "Error al …: {message}" — portfolio calls prefix the server's message (spec §8). */
const prefixed = (prefix: string) => (error: unknown) => {
  const detail = error instanceof Error ? error.message : '';
  return new Error(detail && detail !== prefix ? `${prefix}: ${detail}` : prefix);
};

/**
 * Reads the list. Reads can overlap (home's first read, then a grant's): only the newest one's answer is kept,
 * so a read started before a grant cannot put back the list without the granted portfolio.
 */
export async function loadPortfolios(): Promise<Portfolio[]> {
  const read = ++reads;
  portfoliosStore.loading = true;
  portfoliosStore.error = null;
  try {
    const list = await api.call(sdk.listPortfolios({ client: api.client }), msg.portfolios.fetchAll);
    if (read !== reads) return list;
    portfoliosStore.portfolios = list;
    portfoliosStore.loaded = true;
    const storedId = localStorage.getItem(ACTIVE_KEY);
    if (!portfoliosStore.active && storedId) {
      portfoliosStore.active = list.find((p) => p._id === storedId) ?? null;
    }
    return list;
  } catch (error) {
    if (read === reads) portfoliosStore.error = msg.home.loadError;
    throw prefixed(msg.portfolios.fetchAll)(error);
  } finally {
    if (read === reads) portfoliosStore.loading = false;
  }
}

/** Fetches one portfolio fresh from the server and makes it the active one. */
export async function activatePortfolio(id: string): Promise<Portfolio> {
  try {
    const portfolio = await api.call(
      sdk.getPortfolio({ client: api.client, path: { id } }),
      msg.portfolios.fetchOne,
    );
    portfoliosStore.active = portfolio;
    localStorage.setItem(ACTIVE_KEY, portfolio._id);
    const i = portfoliosStore.portfolios.findIndex((p) => p._id === id);
    if (i >= 0) portfoliosStore.portfolios[i] = portfolio;
    return portfolio;
  } catch (error) {
    throw prefixed(msg.portfolios.fetchOne)(error);
  }
}

/** Access to a portfolio was revoked: it leaves the list at once and stops being the active one. */
export function forgetPortfolio(id: string) {
  portfoliosStore.portfolios = portfoliosStore.portfolios.filter((p) => p._id !== id);
  if (portfoliosStore.active?._id === id) portfoliosStore.active = null;
  if (localStorage.getItem(ACTIVE_KEY) === id) localStorage.removeItem(ACTIVE_KEY);
}

export function requireActive(): Portfolio {
  const active = portfoliosStore.active;
  if (!active) throw new Error(msg.portfolios.noActive);
  return active;
}

export function findPortfolio(id: string): Portfolio | undefined {
  return portfoliosStore.portfolios.find((p) => p._id === id);
}

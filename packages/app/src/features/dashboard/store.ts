import type { ClientDashboard, PortfolioDashboard } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { proxy } from 'valtio';
import { api } from '../../lib/api.ts';
import { onLogout } from '../auth/store.ts';
import { dashboardMsg as t } from './messages.ts';

interface Slot<T> {
  portfolioId: string | null;
  data: T | null;
  /** True only for the first load of a portfolio (refreshes keep what is shown). */
  loading: boolean;
  error: string | null;
}
const emptySlot = <T>(): Slot<T> => ({ portfolioId: null, data: null, loading: false, error: null });

export interface DashboardState {
  portfolio: Slot<PortfolioDashboard>;
  client: Slot<ClientDashboard>;
}

const initial = (): DashboardState => ({ portfolio: emptySlot(), client: emptySlot() });

export const dashboardStore = proxy<DashboardState>(initial());
onLogout(() => Object.assign(dashboardStore, initial()));

const client = api.client;

/** Loads a slot; a refresh of the same portfolio keeps the current data on screen while it runs. */
async function load<T>(slot: Slot<T>, portfolioId: string, request: () => Promise<T>) {
  if (slot.portfolioId !== portfolioId) Object.assign(slot, emptySlot<T>(), { portfolioId });
  if (!slot.data) slot.loading = true;
  slot.error = null;
  try {
    const data = await request();
    if (slot.portfolioId === portfolioId) slot.data = data;
  } catch (error) {
    if (slot.portfolioId === portfolioId) slot.error = error instanceof Error ? error.message : t.loadError;
  } finally {
    if (slot.portfolioId === portfolioId) slot.loading = false;
  }
}

/** The staff dashboard of a portfolio (GET /production/portfolios/{id}/dashboard). */
export const loadPortfolioDashboard = (portfolioId: string) =>
  load(dashboardStore.portfolio, portfolioId, () =>
    api.call(sdk.getPortfolioDashboard({ client, path: { id: portfolioId } }), t.loadError),
  );

/** "Mi Dashboard" (GET /production/portfolios/{id}/client-dashboard). */
export const loadClientDashboard = (portfolioId: string) =>
  load(dashboardStore.client, portfolioId, () =>
    api.call(sdk.getClientDashboard({ client, path: { id: portfolioId } }), t.loadError),
  );

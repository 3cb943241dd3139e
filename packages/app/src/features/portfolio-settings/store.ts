import { ApiError, type ListIntegrationsResponse, type Portfolio } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { proxy } from 'valtio';
import { api } from '../../lib/api.ts';
import { msg } from '../../messages.ts';
import { authStore, isAdmin, onLogout } from '../auth/store.ts';
import { activatePortfolio, forgetPortfolio, portfoliosStore } from '../portfolios/store.ts';

export type Integration = ListIntegrationsResponse[number];

export interface PortfolioLists {
  pilaresContenido: string[];
  angulosVenta: string[];
  formatosCreativos: string[];
}

export interface PortfolioInput extends PortfolioLists {
  businessName: string;
}

/** "Error al …: {message}" (spec §8): the server's message after the call's own prefix. */
function prefixed(prefix: string, error: unknown): ApiError {
  const detail = error instanceof Error ? error.message : '';
  const message = detail && detail !== prefix ? `${prefix}: ${detail}` : prefix;
  return error instanceof ApiError
    ? new ApiError(message, error.status, error.code, error.details)
    : new ApiError(message, 0);
}

/** Updating a portfolio or its integrations needs it to be the active one (spec §5). */
function requireActiveId(id: string): string {
  const active = portfoliosStore.active;
  if (!active || active._id !== id) throw new ApiError(msg.portfolios.noActive, 0, 'NO_ACTIVE');
  return active._id;
}

/**
 * A change to the active portfolio `id`: refused as is when it is not the active one (NO_ACTIVE); any other
 * failure comes back as "{failure}: {the server's message}".
 */
async function changeActive<T>(id: string, failure: string, change: () => Promise<T>): Promise<T> {
  try {
    requireActiveId(id);
    return await change();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NO_ACTIVE') throw error;
    throw prefixed(failure, error);
  }
}

/** Keeps the portfolio list and the active portfolio in step with what the server answered. */
function remember(portfolio: Portfolio) {
  const i = portfoliosStore.portfolios.findIndex((p) => p._id === portfolio._id);
  if (i >= 0) portfoliosStore.portfolios[i] = portfolio;
  else portfoliosStore.portfolios.push(portfolio);
  if (portfoliosStore.active?._id === portfolio._id) portfoliosStore.active = portfolio;
}

/** Whether `identifier` is free; `signal` lets a newer check abort this one. */
export async function checkIdentifier(identifier: string, signal: AbortSignal): Promise<boolean> {
  const res = await api.call(
    sdk.checkPortfolioIdentifier({ client: api.client, path: { id: identifier }, signal }),
    'Error al comprobar el identificador',
  );
  return res.available;
}

/** Creates the portfolio and makes it the active one. */
export async function createPortfolio(identifier: string, input: PortfolioInput): Promise<Portfolio> {
  const { businessName, ...lists } = input;
  let created: Portfolio;
  try {
    created = await api.call(
      sdk.createPortfolio({
        client: api.client,
        body: { identifier, accountData: { businessName: businessName.trim() }, productionCycleData: lists },
      }),
      msg.portfolios.create,
    );
  } catch (error) {
    throw prefixed(msg.portfolios.create, error);
  }
  remember(created);
  try {
    return await activatePortfolio(created._id);
  } catch {
    // Created all the same: the route's scope activates it again on arrival.
    return created;
  }
}

/** Saves the business name and the three lists of the active portfolio. */
export function updatePortfolio(id: string, input: PortfolioInput): Promise<Portfolio> {
  return changeActive(id, msg.portfolios.update, async () => {
    const { businessName, ...lists } = input;
    const updated = await api.call(
      sdk.updatePortfolio({
        client: api.client,
        path: { id },
        body: { accountData: { businessName: businessName.trim() }, productionCycleData: lists },
      }),
      msg.portfolios.update,
    );
    remember(updated);
    return updated;
  });
}

/** «Permitir que el autor apruebe su propio trabajo»: lifts the four-eyes rule for this portfolio. */
export function setSelfApproval(id: string, allow: boolean): Promise<Portfolio> {
  return changeActive(id, msg.portfolios.update, async () => {
    const updated = await api.call(
      sdk.updatePortfolio({ client: api.client, path: { id }, body: { allowSelfApproval: allow } }),
      msg.portfolios.update,
    );
    remember(updated);
    return updated;
  });
}

/** Deletes the portfolio; it leaves the list and stops being the active one. */
export async function deletePortfolio(id: string): Promise<void> {
  try {
    await api.call(sdk.deletePortfolio({ client: api.client, path: { id } }), msg.portfolios.remove);
  } catch (error) {
    throw prefixed(msg.portfolios.remove, error);
  }
  forgetPortfolio(id);
}

/** What the signed-in user may do in one portfolio (an admin everything); null while unknown. */
export async function portfolioPermissions(id: string): Promise<Set<string> | null> {
  if (isAdmin(authStore.user)) return null;
  try {
    const mine = await api.call(sdk.getMyPermissions({ client: api.client }), 'Error al obtener permisos');
    return new Set(mine.portfolios.find((p) => p.portfolioId === id)?.permissions ?? []);
  } catch {
    // Unknown: offer everything and let the server answer.
    return null;
  }
}

// ── Integrations ──────────────────────────────────────────────────────────────────────────────────

interface IntegrationsState {
  portfolioId: string | null;
  items: Integration[];
  loading: boolean;
  error: string | null;
}

export const integrationsStore = proxy<IntegrationsState>({
  portfolioId: null,
  items: [],
  loading: false,
  error: null,
});
onLogout(() =>
  Object.assign(integrationsStore, { portfolioId: null, items: [], loading: false, error: null }),
);

let loadSeq = 0;

export async function loadIntegrations(portfolioId: string): Promise<void> {
  const seq = ++loadSeq;
  if (integrationsStore.portfolioId !== portfolioId) {
    integrationsStore.portfolioId = portfolioId;
    integrationsStore.items = [];
  }
  integrationsStore.loading = true;
  integrationsStore.error = null;
  try {
    const items = await api.call(
      sdk.listIntegrations({ client: api.client, path: { id: portfolioId } }),
      msg.portfolios.listIntegrations,
    );
    if (seq !== loadSeq) return;
    integrationsStore.items = items;
  } catch (error) {
    if (seq !== loadSeq) return;
    integrationsStore.error = prefixed(msg.portfolios.listIntegrations, error).message;
  } finally {
    if (seq === loadSeq) integrationsStore.loading = false;
  }
}

function syncActiveIntegrations(portfolioId: string) {
  const active = portfoliosStore.active;
  if (active?._id === portfolioId) active.integraciones = [...integrationsStore.items];
}

export function addNotionIntegration(portfolioId: string, paginaNotionId: string): Promise<Integration> {
  return changeActive(portfolioId, msg.portfolios.createNotion, async () => {
    const created = await api.call(
      sdk.createNotionIntegration({
        client: api.client,
        path: { id: portfolioId },
        body: { paginaNotionId },
      }),
      msg.portfolios.createNotion,
    );
    if (integrationsStore.portfolioId === portfolioId) integrationsStore.items.push(created);
    syncActiveIntegrations(portfolioId);
    return created;
  });
}

export function removeIntegration(portfolioId: string, integration: Integration): Promise<void> {
  return changeActive(portfolioId, msg.portfolios.removeIntegration, async () => {
    await api.call(
      sdk.deleteIntegration({
        client: api.client,
        path: { id: portfolioId, integrationId: integration._id },
        body: { paginaNotionId: integration.paginaNotionId },
      }),
      msg.portfolios.removeIntegration,
    );
    if (integrationsStore.portfolioId === portfolioId) {
      integrationsStore.items = integrationsStore.items.filter((i) => i._id !== integration._id);
    }
    syncActiveIntegrations(portfolioId);
  });
}

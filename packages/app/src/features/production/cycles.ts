import type { Cycle } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { api } from '../../lib/api.ts';
import { productionMsg as t } from './messages.ts';
import { openPlan } from './store.ts';

/**
 * Cycles stay contiguous (product-design §4): a new one starts the day after the last one ends; only the last
 * one's end may move, and only the last one, when empty, may go. The server enforces it; these actions call it
 * and reload the plan's cycles.
 */
const client = api.client;

const dayMs = 86_400_000;
const at = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** `day` plus `n` days, as `YYYY-MM-DD` (calendar days, no time zone). */
export const addDays = (day: string, n: number) => new Date(at(day) + n * dayMs).toISOString().slice(0, 10);

/** How many days a cycle lasts, both ends included. */
export const cycleDays = (c: Pick<Cycle, 'startDate' | 'endDate'>) =>
  Math.round((at(c.endDate) - at(c.startDate)) / dayMs) + 1;

/** The portfolio's last cycle (the newest start), or null when it has none. */
export async function fetchLastCycle(portfolioId: string, signal?: AbortSignal): Promise<Cycle | null> {
  const page = await api.call(
    sdk.listCycles({ client, path: { id: portfolioId }, query: { page: 1, limit: 1 }, signal }),
    t.loadError,
  );
  return page.items[0] ?? null;
}

/** The next cycle: from the day after `last` ends, for `days` days (POST /production/cycles). */
export async function createCycleAfter(portfolioId: string, last: Cycle, days: number) {
  const startDate = addDays(last.endDate, 1);
  const cycle = await api.call(
    sdk.createCycle({
      client,
      body: { portfolioId, startDate, endDate: addDays(startDate, days - 1) },
    }),
    t.cycles.createError,
  );
  await openPlan(portfolioId);
  return cycle;
}

export async function changeCycleEnd(portfolioId: string, cycleId: string, endDate: string) {
  const cycle = await api.call(
    sdk.updateCycle({ client, path: { id: cycleId }, body: { endDate } }),
    t.cycles.updateError,
  );
  await openPlan(portfolioId);
  return cycle;
}

export async function deleteCycle(portfolioId: string, cycleId: string) {
  await api.call(sdk.deleteCycle({ client, path: { id: cycleId } }), t.cycles.removeError);
  await openPlan(portfolioId);
}

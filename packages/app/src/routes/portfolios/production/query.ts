import type { ItemQuery } from '../../../features/production/store.ts';
import { type ItemStatus, itemStatuses } from '../../../lib/enums.ts';

export type PlanView = 'board' | 'table' | 'calendar';
export const planViews: readonly PlanView[] = ['board', 'table', 'calendar'];

const filterKeys = ['format', 'pilar', 'angulo', 'funnelPhase', 'awarenessLevel', 'assigneeId', 'q'] as const;
export type FilterKey = (typeof filterKeys)[number] | 'status';

/** Everything the plan shows lives in the URL, so a link reproduces the screen. */
export function readPlan(params: URLSearchParams) {
  const view = (planViews as readonly string[]).includes(params.get('view') ?? '')
    ? (params.get('view') as PlanView)
    : 'board';
  const status = params
    .getAll('status')
    .filter((s): s is ItemStatus => (itemStatuses as readonly string[]).includes(s));
  const query: ItemQuery = { status };
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value) (query as Record<string, string>)[key] = value;
  }
  const sort = params.get('sort');
  if (sort) query.sort = sort as ItemQuery['sort'];
  if (params.get('order') === 'desc') query.order = 'desc';
  return {
    view,
    query,
    cycleId: params.get('cycle') ?? undefined,
    itemId: params.get('item') ?? undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

export const activeFilters = (query: ItemQuery) =>
  [
    ...filterKeys.filter((k) => query[k]),
    ...(query.status?.length ? ['status' as const] : []),
  ] as FilterKey[];

/** A copy of `params` with changes applied (undefined or [] removes a key); filters reset the page. */
export function withParams(params: URLSearchParams, changes: Record<string, string | string[] | undefined>) {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    next.delete(key);
    for (const v of Array.isArray(value) ? value : value ? [value] : []) next.append(key, v);
  }
  if (!('page' in changes) && Object.keys(changes).some((k) => k !== 'item' && k !== 'view'))
    next.delete('page');
  return next;
}

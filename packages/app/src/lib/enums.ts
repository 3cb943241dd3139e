import type { ProductionItem, Role } from '@crw/api-client';

/**
 * The API's enumerations as lists the app can iterate: the one place the app writes them out. Their values are
 * the generated client's types (which the server derives from `db/schema/`), and `every` refuses a list that
 * misses one, so a status or a role the server adds fails the typecheck here instead of going unseen.
 * Spanish labels are keyed by the same types in each feature's `messages.ts`.
 */
const every =
  <T extends string>() =>
  <const L extends readonly T[]>(
    list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : { missing: Exclude<T, L[number]> }),
  ): L =>
    list;

export type ItemStatus = ProductionItem['status'];
export type { Role };

/** The six item statuses in the flow's order (the board's columns, the filters, the dashboard's counts). */
export const itemStatuses = every<ItemStatus>()([
  'draft',
  'internal_review',
  'internal_changes',
  'client_review',
  'client_changes',
  'approved',
]);

/** The three roles, the administrator first. */
export const roles = every<Role>()(['admin', 'employee', 'client']);

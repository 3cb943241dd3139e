import type { ItemStatus } from '../db/schema.ts';
import type { PortfolioPermission } from '../policy.ts';

/** Item statuses and their Spanish labels (product-design §4). */
export const statusLabels: Record<ItemStatus, string> = {
  draft: 'Borrador',
  internal_review: 'En revisión interna',
  internal_changes: 'Cambios internos solicitados',
  client_review: 'En revisión del cliente',
  client_changes: 'Cambios solicitados por el cliente',
  approved: 'Aprobado',
};

export const itemStatuses = Object.keys(statusLabels) as ItemStatus[];

export type Audience = 'internalReviewers' | 'clients' | 'author' | 'employees' | 'none';

export interface Transition {
  from: readonly ItemStatus[];
  /** undefined: the status does not change. */
  to?: ItemStatus;
  permission: PortfolioPermission;
  notifies: Audience;
  /** Writes a new immutable material version. */
  createsVersion: boolean;
}

/** The review flow (product-design §4), one row per call. */
export const transitions = {
  'mark-for-internal-review': {
    from: ['draft', 'internal_changes', 'client_changes'],
    to: 'internal_review',
    permission: 'production.edit',
    notifies: 'internalReviewers',
    createsVersion: true,
  },
  'approve-for-client': {
    from: ['internal_review'],
    to: 'client_review',
    permission: 'review.internal',
    notifies: 'clients',
    createsVersion: false,
  },
  'request-internal-changes': {
    from: ['internal_review'],
    to: 'internal_changes',
    permission: 'review.internal',
    notifies: 'author',
    createsVersion: false,
  },
  'approve-client-review': {
    from: ['client_review'],
    to: 'approved',
    permission: 'review.client',
    notifies: 'employees',
    createsVersion: false,
  },
  'request-client-changes': {
    from: ['client_review'],
    to: 'client_changes',
    permission: 'review.client',
    notifies: 'employees',
    createsVersion: false,
  },
  'create-material-version': {
    from: ['draft', 'internal_review', 'internal_changes', 'client_review', 'client_changes'],
    permission: 'production.edit',
    notifies: 'none',
    createsVersion: true,
  },
  'update-material': {
    from: ['draft', 'internal_changes', 'client_changes'],
    permission: 'production.edit',
    notifies: 'none',
    createsVersion: false,
  },
} as const satisfies Record<string, Transition>;

export type TransitionName = keyof typeof transitions;

/** Whether `name` may run on an item in `status`; the Spanish refusal otherwise. */
export function checkTransition(
  name: TransitionName,
  status: ItemStatus,
): { ok: true } | { ok: false; message: string } {
  const t: Transition = transitions[name];
  if (t.from.includes(status)) return { ok: true };
  return {
    ok: false,
    message: `No se puede realizar esta acción: la pieza está en estado «${statusLabels[status]}»`,
  };
}

export const notificationText: Record<
  Exclude<TransitionName, 'create-material-version' | 'update-material'>,
  (title: string) => string
> = {
  'mark-for-internal-review': (t) => `«${t}» está lista para revisión interna`,
  'approve-for-client': (t) => `«${t}» espera tu revisión`,
  'request-internal-changes': (t) => `Se pidieron cambios internos en «${t}»`,
  'approve-client-review': (t) => `El cliente aprobó «${t}»`,
  'request-client-changes': (t) => `El cliente pidió cambios en «${t}»`,
};

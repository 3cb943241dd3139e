import type { ItemStatus } from '../../db/schema.ts';
import { type PortfolioPermission, reviewDecision } from '../../policy.ts';

/** Item statuses' Spanish labels (product-design §4), keyed by the schema's `ItemStatus`. */
export const statusLabels: Record<ItemStatus, string> = {
  draft: 'Borrador',
  internal_review: 'En revisión interna',
  internal_changes: 'Cambios internos solicitados',
  client_review: 'En revisión del cliente',
  client_changes: 'Cambios solicitados por el cliente',
  approved: 'Aprobado',
};

/** Statuses whose working copy may change (update-material): the piece is with the team, not in review. */
export const editableStatuses: readonly ItemStatus[] = ['draft', 'internal_changes', 'client_changes'];

export interface Transition {
  from: readonly ItemStatus[];
  /** undefined: the status does not change. */
  to?: ItemStatus;
  permission: PortfolioPermission;
  /** Writes a new immutable material version. */
  createsVersion: boolean;
  /** A review decision: it decides one version (the body may name it: `versionNumber`). */
  decision?: boolean;
  /** The body must carry `reviewComments` (a reason). */
  needsComments?: boolean;
}

/** The review flow (product-design §4), one row per call. */
export const transitions = {
  'mark-for-internal-review': {
    from: ['draft', 'internal_changes', 'client_changes'],
    to: 'internal_review',
    permission: 'production.edit',
    createsVersion: true,
  },
  'approve-for-client': {
    from: ['internal_review'],
    to: 'client_review',
    permission: reviewDecision.internal,
    createsVersion: false,
    decision: true,
  },
  'request-internal-changes': {
    from: ['internal_review'],
    to: 'internal_changes',
    permission: reviewDecision.internal,
    createsVersion: false,
    decision: true,
    needsComments: true,
  },
  'approve-client-review': {
    from: ['client_review'],
    to: 'approved',
    permission: reviewDecision.client,
    createsVersion: false,
    decision: true,
  },
  'request-client-changes': {
    from: ['client_review'],
    to: 'client_changes',
    permission: reviewDecision.client,
    createsVersion: false,
    decision: true,
    needsComments: true,
  },
  // Staff take a piece back from the client to change it: nothing changes behind a reviewer's back.
  'withdraw-from-client-review': {
    from: ['client_review'],
    to: 'internal_changes',
    permission: 'production.edit',
    createsVersion: false,
    needsComments: true,
  },
  // In internal review a new version restarts that review (the reviewers are told); in client review the
  // piece must be withdrawn first.
  'create-material-version': {
    from: ['draft', 'internal_review', 'internal_changes', 'client_changes'],
    permission: 'production.edit',
    createsVersion: true,
  },
  'update-material': {
    from: editableStatuses,
    permission: 'production.edit',
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
  if (status === 'client_review' && (name === 'create-material-version' || name === 'update-material'))
    return { ok: false, message: IN_CLIENT_REVIEW };
  return {
    ok: false,
    message: `No se puede realizar esta acción: la pieza está en estado «${statusLabels[status]}»`,
  };
}

/** Why the material of a piece in client review cannot change (issue 28: withdraw it first). */
export const IN_CLIENT_REVIEW =
  'La pieza está en revisión del cliente: retírala de la revisión antes de cambiarla';

/** Who is asking, as far as the workflow needs to know. */
export interface WorkflowViewer {
  actorId: string;
  perms: ReadonlySet<string>;
  /** Sees internal work (policy.isInternalViewer). */
  internal: boolean;
}

/** What the workflow reads of an item. */
export interface WorkflowItem {
  status: ItemStatus;
  /** Who wrote the current material version (null: no version yet, or its author was removed). */
  versionAuthorId: string | null;
}

/**
 * The four-eyes rule: whoever wrote the current version does not approve it for the client, unless the
 * portfolio allows it (one-person teams).
 */
export const selfApproval = (name: TransitionName, item: WorkflowItem, viewer: WorkflowViewer) =>
  name === 'approve-for-client' && item.versionAuthorId !== null && item.versionAuthorId === viewer.actorId;

export const SELF_APPROVAL =
  'No puedes aprobar para el cliente una versión que escribiste tú: debe revisarla otra persona del equipo';

/**
 * The calls the viewer may make on the item now: the status allows them, the viewer holds their
 * permission, and the four-eyes rule does not stop them. The server answers this with every item
 * (`allowedActions`) and checks the same when the call comes.
 */
export function allowedActions(
  item: WorkflowItem,
  viewer: WorkflowViewer,
  allowSelfApproval: boolean,
): TransitionName[] {
  return (Object.keys(transitions) as TransitionName[]).filter((name) => {
    const t: Transition = transitions[name];
    if (!t.from.includes(item.status) || !viewer.perms.has(t.permission)) return false;
    // A client only ever takes the client's decisions.
    if (!viewer.internal && t.permission !== reviewDecision.client) return false;
    return allowSelfApproval || !selfApproval(name, item, viewer);
  });
}

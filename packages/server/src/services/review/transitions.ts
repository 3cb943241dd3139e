import { itemStatusLabels } from '@crw/contracts/statuses';
import type { ItemStatus } from '../../db/schema.ts';
import { type PortfolioPermission, permissionCatalog, reviewDecision } from '../../policy.ts';
import type { ItemEvent } from '../notify/index.ts';

/**
 * The review workflow (product-design §4), one table for the steps and one for the statuses. What follows from a
 * step is read from its row: who may take it, what it requires, the status it leads to, what it tells and to
 * whom (notify/events.ts has each event's text and audience); what follows from a status is read from its
 * row: whose queue lists it, whether it is final. The queues, the dashboards, the reminders, the notifier, Notion,
 * the API's `allowedActions` and `needsComments` and the routes' bodies derive from these two tables
 * (test/services/workflow.test.ts fails when a derived place misses a step or a status). The statuses' Spanish
 * labels live once, in @crw/contracts (the app shows them; a refused step's 409 names the current status).
 */

const statusLabels = itemStatusLabels satisfies Record<ItemStatus, string>;

/** The two sides that take review decisions, each with its permission (`reviewDecision`). */
export type Side = keyof typeof reviewDecision;

/** The review queues of a portfolio (GET review-queues). */
export type QueueName = 'internal' | 'clientChanges' | 'client';

export interface StatusRule {
  /** The review queue that lists an item in this status, and whose queue it is. */
  queue?: { name: QueueName; of: Side };
  /** The end of the flow: the piece (its fields, material, files, cycle) no longer changes, for anyone. */
  final?: boolean;
  /** A piece reaching this status is appended to its portfolio's linked Notion pages. */
  syncsToNotion?: boolean;
  /**
   * The client is reviewing what it is shown: the client view (`clientViewFields`, the material) does not change,
   * and the piece is neither moved nor deleted, until the team withdraws it (issue 47).
   */
  clientReviews?: boolean;
}

/** What each status means beyond its place in the steps. */
export const statusRules = {
  draft: {},
  internal_review: { queue: { name: 'internal', of: 'internal' } },
  internal_changes: {},
  client_review: { queue: { name: 'client', of: 'client' }, clientReviews: true },
  client_changes: { queue: { name: 'clientChanges', of: 'internal' } },
  approved: { final: true, syncsToNotion: true },
} as const satisfies Record<ItemStatus, StatusRule>;

const statusesWhere = (keep: (rule: StatusRule) => boolean) =>
  (Object.keys(statusRules) as ItemStatus[]).filter((s) => keep(statusRules[s]));

/** Final statuses: nothing about such a piece changes any more. */
export const finalStatuses: readonly ItemStatus[] = statusesWhere((r) => r.final === true);
export const isFinal = (status: ItemStatus) => finalStatuses.includes(status);
/** Statuses whose pieces go to the linked Notion pages. */
export const notionStatuses: readonly ItemStatus[] = statusesWhere((r) => r.syncsToNotion === true);

/** A side's review queues, each with the status it lists. */
export const queuesOf = (side: Side): Array<[QueueName, ItemStatus]> =>
  (Object.keys(statusRules) as ItemStatus[]).flatMap((s) => {
    const queue = (statusRules[s] as StatusRule).queue;
    return queue?.of === side ? [[queue.name, s] as [QueueName, ItemStatus]] : [];
  });
/** The status a queue lists. */
export const queueStatus = (name: QueueName): ItemStatus =>
  (Object.keys(statusRules) as ItemStatus[]).find(
    (s) => (statusRules[s] as StatusRule).queue?.name === name,
  )!;

/** Statuses whose working copy may change (update-material): the piece is with the team, not in review. */
export const editableStatuses: readonly ItemStatus[] = ['draft', 'internal_changes', 'client_changes'];

/** The details of a piece (`PUT /production/items/{id}`). */
export const itemFields = [
  'title',
  'description',
  'format',
  'pilar',
  'angulo',
  'funnelPhase',
  'awarenessLevel',
  'publishDate',
  'assigneeId',
] as const;
export type ItemField = (typeof itemFields)[number];

/**
 * The details a client is shown with a piece (the review panel and its queue: title, description, format, publish
 * date). The rest (owner, strategy) is the team's and stays editable while the client reviews.
 */
export const clientViewFields: readonly ItemField[] = ['title', 'description', 'format', 'publishDate'];

/** The piece's own calls besides the review steps: its details, its cycle, its existence. */
export const itemCalls = {
  'update-item': { permission: 'production.edit' },
  'move-item': { permission: 'production.edit' },
  'delete-item': { permission: 'production.edit' },
} as const satisfies Record<string, { permission: PortfolioPermission }>;
export type ItemCall = keyof typeof itemCalls;

/** Why an approved piece no longer changes. */
export const FINAL_PIECE =
  'La pieza está aprobada: su material, archivos e historial ya no se pueden cambiar';

/** What a status locks: the details that do not change, the calls refused, and the reason, in Spanish. */
export interface Lock {
  reason: string;
  fields: readonly ItemField[];
  calls: ReadonlyArray<ItemCall | TransitionName>;
}

/** What the piece's status locks (null: nothing), read from its status rule. */
export function lockOf(status: ItemStatus): Lock | null {
  const rule: StatusRule = statusRules[status];
  if (rule.final)
    return { reason: FINAL_PIECE, fields: itemFields, calls: ['update-item', 'move-item', 'delete-item'] };
  if (rule.clientReviews)
    return {
      reason: IN_CLIENT_REVIEW,
      fields: clientViewFields,
      calls: ['move-item', 'delete-item', 'update-material', 'create-material-version'],
    };
  return null;
}

/** The details among `changed` that the status locks, with the reason (null: none). */
export function lockedFields(status: ItemStatus, changed: readonly ItemField[]) {
  const lock = lockOf(status);
  const fields = lock ? changed.filter((f) => lock.fields.includes(f)) : [];
  return lock && fields.length > 0 ? { fields, reason: lock.reason } : null;
}

/** Whether `call` may run in `status`; the Spanish refusal otherwise. */
export function checkItemCall(
  call: ItemCall,
  status: ItemStatus,
): { ok: true } | { ok: false; message: string } {
  const lock = lockOf(status);
  return lock?.calls.includes(call) ? { ok: false, message: lock.reason } : { ok: true };
}

const permissionLabels = new Map<string, string>(permissionCatalog.map((p) => [p.key, p.label]));
/** Why a member of the team without `permission` cannot take a step. */
export const missingPermission = (permission: PortfolioPermission) =>
  `No tienes el permiso «${permissionLabels.get(permission)}» en este portafolio`;

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
  /**
   * The caller's comments for the client on the version decided, written since it was sent, stand for the
   * reason (issue 47: the client writes once): the body may then leave `reviewComments` empty.
   */
  commentsSuffice?: boolean;
  /** Sends the current version to the client: from then on the client may see it (and decides it). */
  sendsToClient?: boolean;
  /** What it tells (notify/events.ts); `onlyFrom`: only when taken from that status. */
  tells?: readonly ItemEvent[];
  onlyFrom?: ItemStatus;
}

/** The review flow (product-design §4), one row per call. */
export const transitions = {
  'mark-for-internal-review': {
    from: ['draft', 'internal_changes', 'client_changes'],
    to: 'internal_review',
    permission: 'production.edit',
    createsVersion: true,
    tells: ['internal-review-requested'],
  },
  'approve-for-client': {
    from: ['internal_review'],
    to: 'client_review',
    permission: reviewDecision.internal,
    createsVersion: false,
    decision: true,
    sendsToClient: true,
    tells: ['client-review-requested', 'approved-for-client'],
  },
  'request-internal-changes': {
    from: ['internal_review'],
    to: 'internal_changes',
    permission: reviewDecision.internal,
    createsVersion: false,
    decision: true,
    needsComments: true,
    tells: ['internal-changes-requested'],
  },
  'approve-client-review': {
    from: ['client_review'],
    to: 'approved',
    permission: reviewDecision.client,
    createsVersion: false,
    decision: true,
    tells: ['client-approved'],
  },
  'request-client-changes': {
    from: ['client_review'],
    to: 'client_changes',
    permission: reviewDecision.client,
    createsVersion: false,
    decision: true,
    needsComments: true,
    commentsSuffice: true,
    tells: ['client-changes-requested'],
  },
  // Staff take a piece back from the client to change it: nothing changes behind a reviewer's back.
  'withdraw-from-client-review': {
    from: ['client_review'],
    to: 'internal_changes',
    permission: 'production.edit',
    createsVersion: false,
    needsComments: true,
    tells: ['withdrawn-from-client'],
  },
  // In internal review a new version restarts that review (the reviewers are told); in client review the
  // piece must be withdrawn first.
  'create-material-version': {
    from: ['draft', 'internal_review', 'internal_changes', 'client_changes'],
    permission: 'production.edit',
    createsVersion: true,
    tells: ['new-version-in-review'],
    onlyFrom: 'internal_review',
  },
  'update-material': {
    from: editableStatuses,
    permission: 'production.edit',
    createsVersion: false,
  },
} as const satisfies Record<string, Transition>;

export type TransitionName = keyof typeof transitions;
const transitionNames = Object.keys(transitions) as TransitionName[];

/** What a step tells when taken from `from`: one step can tell two audiences (the team and the clients). */
export function eventsOfTransition(name: TransitionName, from: ItemStatus): readonly ItemEvent[] {
  const t: Transition = transitions[name];
  return t.onlyFrom && t.onlyFrom !== from ? [] : (t.tells ?? []);
}

/** The steps whose body must carry `reviewComments`. */
export const needsComments = (name: TransitionName) =>
  (transitions[name] as Transition).needsComments === true;

/** The steps whose reason the caller's comments on the version decided may stand for (`commentsSuffice`). */
export const commentsSuffice = (name: TransitionName) =>
  (transitions[name] as Transition).commentsSuffice === true;

/** A request for changes with neither a reason nor a comment of the caller's on the version decided. */
export const NOTHING_TO_CHANGE = 'Escribe qué cambiar o deja un comentario en la pieza';

/** The statuses that wait on a side's decision: its reviewers are reminded of them and see them pending. */
export const awaiting = (side: Side): ItemStatus[] => [
  ...new Set(
    transitionNames.flatMap((name) => {
      const t: Transition = transitions[name];
      return t.decision && t.permission === reviewDecision[side] ? t.from : [];
    }),
  ),
];
/** The side whose decision a status waits on, if any. */
export const awaitedSide = (status: ItemStatus): Side | undefined =>
  (Object.keys(reviewDecision) as Side[]).find((side) => awaiting(side).includes(status));

/** Whether `name` may run on an item in `status`; the Spanish refusal otherwise. */
export function checkTransition(
  name: TransitionName,
  status: ItemStatus,
): { ok: true } | { ok: false; message: string } {
  const t: Transition = transitions[name];
  if (t.from.includes(status)) return { ok: true };
  const lock = lockOf(status);
  if (lock?.calls.includes(name)) return { ok: false, message: lock.reason };
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

/** What the API answers with each item about its workflow, for the viewer: the app decides none of it. */
export interface WorkflowAnswer {
  /** The review steps and the piece's own calls the viewer may make now. */
  allowedActions: Array<TransitionName | ItemCall>;
  /** Those of `allowedActions` whose body must carry `reviewComments`. */
  needsComments: TransitionName[];
  /**
   * Calls withheld from the viewer, with the reason in Spanish: a rule (four eyes), the status's lock (the client
   * reviewing), or a permission a member of the team lacks.
   */
  blockedActions: Array<{ action: TransitionName | ItemCall; reason: string }>;
  /** The details the viewer may not change now, each with the reason (the status's lock). */
  frozenFields: Array<{ field: ItemField; reason: string }>;
  /** The end of the flow: nothing about the piece (fields, material, files, cycle) changes any more. */
  final: boolean;
}

export function workflowAnswer(
  item: WorkflowItem,
  viewer: WorkflowViewer,
  allowSelfApproval: boolean,
): WorkflowAnswer {
  const answer: WorkflowAnswer = {
    allowedActions: [],
    needsComments: [],
    blockedActions: [],
    frozenFields: [],
    final: isFinal(item.status),
  };
  const lock = lockOf(item.status);
  const block = (action: TransitionName | ItemCall, reason: string) =>
    answer.blockedActions.push({ action, reason });
  for (const name of transitionNames) {
    const t: Transition = transitions[name];
    // A client only ever takes (or is told about) the client's decisions.
    if (!viewer.internal && t.permission !== reviewDecision.client) continue;
    if (!t.from.includes(item.status)) {
      // What the status's lock stops is said, to whoever could otherwise take it.
      if (lock?.calls.includes(name) && viewer.perms.has(t.permission)) block(name, lock.reason);
      continue;
    }
    if (!viewer.perms.has(t.permission)) {
      // A member of the team is told which permission a step needs; the client's decisions are not the team's.
      if (viewer.internal && t.permission !== reviewDecision.client)
        block(name, missingPermission(t.permission));
      continue;
    }
    if (!allowSelfApproval && selfApproval(name, item, viewer)) {
      block(name, SELF_APPROVAL);
      continue;
    }
    answer.allowedActions.push(name);
    if (t.needsComments) answer.needsComments.push(name);
  }
  // The piece's own calls and details are the team's.
  if (!viewer.internal) return answer;
  for (const call of Object.keys(itemCalls) as ItemCall[]) {
    const { permission } = itemCalls[call];
    if (!viewer.perms.has(permission)) block(call, missingPermission(permission));
    else if (lock?.calls.includes(call)) block(call, lock.reason);
    else answer.allowedActions.push(call);
  }
  if (lock && viewer.perms.has(itemCalls['update-item'].permission))
    answer.frozenFields = lock.fields.map((field) => ({ field, reason: lock.reason }));
  return answer;
}

import { and, asc, desc, eq, inArray, isNotNull, max } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  type ItemStatus,
  itemHistory,
  items,
  itemVersions,
  type MaterialData,
  portfolios,
  users,
} from '../../../db/schema.ts';
import { AppError, notFound } from '../../../errors.ts';
import {
  type Actor,
  clientFacingActions,
  isInternalReviewer,
  portfolioPermissionKeys,
  reviewDecision,
  visiblePortfolios,
  visibleVersions,
} from '../../../policy.ts';
import {
  type ChangeRequest,
  combine,
  type Created,
  itemUrl,
  resolveAsks,
  notifyItemEvents,
  notifyMaterialMentions,
} from '../../notify/index.ts';
import { enqueueNotionSync } from '../../integrations/index.ts';
import type { Ports } from '../../ports.ts';
import {
  awaitedSide,
  awaiting,
  checkTransition,
  commentsSuffice,
  eventsOfTransition,
  notionStatuses,
  SELF_APPROVAL,
  selfApproval,
  type Transition,
  type TransitionName,
  transitions,
} from '../transitions.ts';
import { type ItemAccess, loadItem } from './access.ts';
import { changeRequest } from './change-requests.ts';
import type { UploadStore } from './files.ts';
import { type MaterialInput, normaliseMaterial, sameMaterial } from './material.ts';
import { type ItemAnswer, type ItemRow, itemAnswer, itemsAnswer, toItem } from './views.ts';

export interface TransitionInput {
  materialData?: MaterialInput;
  changeDescription?: string;
  changeReason?: string;
  reviewComments?: string;
  /** The material version a decision is about (default: the version the caller is shown). */
  versionNumber?: number;
  /** The item's optimistic version the caller last read: a newer item answers 409. */
  version?: number;
  /**
   * Instead of `materialData`: the material computed from the item as read in the transaction (applying
   * suggestions to its copy, comment-suggestions.ts); it may refuse (throw) and write in the same transaction.
   */
  rewrite?: (tx: DbOrTx, item: ItemRow) => Promise<MaterialInput>;
}

/** The newest version sent to the client (0: none), the one a client is shown and decides. */
async function latestSentVersion(db: DbOrTx, itemId: string): Promise<number> {
  const [row] = await db
    .select({ n: max(itemVersions.number) })
    .from(itemVersions)
    .where(and(eq(itemVersions.itemId, itemId), isNotNull(itemVersions.sentToClientAt)));
  return row?.n ?? 0;
}

/** Whether `material` is the item's newest version's (false when it has none yet). */
async function sameAsNewest(db: DbOrTx, item: ItemRow, material: MaterialData): Promise<boolean> {
  if (item.currentVersion < 1) return false;
  const [newest] = await db
    .select({ material: itemVersions.materialData })
    .from(itemVersions)
    .where(and(eq(itemVersions.itemId, item.id), eq(itemVersions.number, item.currentVersion)));
  return newest !== undefined && sameMaterial(newest.material, material);
}

/**
 * The version a decision applies to: the one named in the body, which must be the one the caller is shown
 * (a client: the newest version sent to it; staff: the current version). Anything else is a decision on
 * content that is no longer under review: 409.
 */
async function decidedVersion(db: DbOrTx, item: ItemRow, internal: boolean, named?: number) {
  const shown = internal ? item.currentVersion : await latestSentVersion(db, item.id);
  if (named !== undefined && named !== shown) {
    throw new AppError(
      'CONFLICT',
      `La versión ${named} ya no es la que está en revisión: la pieza va por la versión ${shown}. Recarga la pieza para ver la versión actual`,
    );
  }
  return shown;
}

/**
 * Runs one call of the review flow: checks the status, the permission, the four-eyes rule and the version
 * decided; writes the item (optimistic version check: of two simultaneous calls exactly one wins), the
 * history entry (with the version decided) and any new version, and notifies — after the commit. Answers
 * the item as the caller may see it, with what the caller may do next.
 */
export async function runTransition(
  ports: Pick<Ports, 'db' | 'notifier'>,
  actor: Actor & { name?: string },
  itemId: string,
  name: TransitionName,
  input: TransitionInput,
  /** The store new files are checked against (their stored size) before they join a version. */
  uploads?: UploadStore,
) {
  const { db, notifier } = ports;
  const t: Transition = transitions[name];
  const { item: loaded, perms, internal } = await loadItem(db, actor, itemId, t.permission);
  if (input.version !== undefined && input.version !== loaded.version)
    throw new AppError('CONCURRENT_UPDATE');
  let created: Created | undefined;
  let mentions: Created | undefined;
  let previousStatus: ItemStatus = loaded.status;
  const result = await db.transaction(async (tx) => {
    const [item] = await tx.select().from(items).where(eq(items.id, itemId));
    if (!item || item.version !== loaded.version) throw new AppError('CONCURRENT_UPDATE');
    const check = checkTransition(name, item.status);
    if (!check.ok) throw new AppError('INVALID_TRANSITION', check.message);
    if (!internal && t.permission !== reviewDecision.client) throw new AppError('FORBIDDEN');
    if (selfApproval(name, item, { actorId: actor.id, perms, internal })) {
      const [portfolio] = await tx
        .select({ allow: portfolios.allowSelfApproval })
        .from(portfolios)
        .where(eq(portfolios.id, item.portfolioId));
      if (!portfolio?.allow) throw new AppError('FORBIDDEN', SELF_APPROVAL);
    }
    previousStatus = item.status;
    const versionNumber = t.decision
      ? await decidedVersion(tx, item, internal, input.versionNumber)
      : undefined;
    // The client writes once: its comments on the version decided are the request, a reason is optional.
    const request: ChangeRequest | undefined =
      commentsSuffice(name) && versionNumber !== undefined
        ? await changeRequest(tx, item.id, versionNumber, actor.id, input.reviewComments)
        : undefined;
    let material =
      t.createsVersion || name === 'update-material'
        ? await normaliseMaterial(
            tx,
            item,
            input.rewrite ? await input.rewrite(tx, item) : input.materialData,
            uploads,
          )
        : item.materialData;
    // Approved by the client: the approved content is exactly the version the client decided.
    if (name === 'approve-client-review' && versionNumber) {
      const [decided] = await tx
        .select({ material: itemVersions.materialData })
        .from(itemVersions)
        .where(and(eq(itemVersions.itemId, item.id), eq(itemVersions.number, versionNumber)));
      if (decided) material = decided.material;
    }
    // One change, one version: material identical to the newest version's reuses that version.
    const writesVersion = t.createsVersion && !(await sameAsNewest(tx, item, material));
    // «Nueva versión» with nothing changed writes nothing and tells no one: the item is answered as it is.
    if (t.createsVersion && !writesVersion && t.to === undefined) return item;
    const to: ItemStatus = t.to ?? item.status;
    const nextVersion = writesVersion ? item.currentVersion + 1 : item.currentVersion;
    const [updated] = await tx
      .update(items)
      .set({
        status: to,
        materialData: material,
        currentVersion: nextVersion,
        ...(writesVersion ? { versionAuthorId: actor.id } : {}),
        changeDescription: input.changeDescription ?? item.changeDescription,
        version: item.version + 1,
      })
      .where(and(eq(items.id, item.id), eq(items.version, item.version)))
      .returning();
    if (!updated) throw new AppError('CONCURRENT_UPDATE');
    if (writesVersion) {
      await tx.insert(itemVersions).values({
        itemId: item.id,
        number: nextVersion,
        materialData: material,
        changeReason: input.changeReason ?? null,
        changeDescription: input.changeDescription ?? null,
        authorId: actor.id,
      });
    }
    // Approved by the client: on its way to the portfolio's Notion pages, written with the approval.
    if (to !== item.status && notionStatuses.includes(to)) await enqueueNotionSync(tx, updated);
    if (t.sendsToClient) {
      // The version the client now reviews: from here on the client may see it.
      await tx
        .update(itemVersions)
        .set({ sentToClientAt: new Date() })
        .where(and(eq(itemVersions.itemId, item.id), eq(itemVersions.number, item.currentVersion)));
    }
    await tx.insert(itemHistory).values({
      itemId: item.id,
      actorId: actor.id,
      action: name,
      fromStatus: item.status,
      toStatus: to,
      reviewComments: input.reviewComments?.trim() ? input.reviewComments : null,
      changeDescription: input.changeDescription ?? null,
      versionNumber: versionNumber ?? (t.createsVersion ? nextVersion : null),
    });
    // The piece left its status: what asked anyone to act on it there is read, for everyone it asked.
    const resolved = to !== item.status ? await resolveAsks(tx, item.id, item.status) : undefined;
    // Who must hear of this step, each on the channels they chose (services/notify/events.ts); what is sent to
    // the side the new status waits on asks them to act.
    created = combine([
      ...(await notifyItemEvents(tx, notifier, eventsOfTransition(name, item.status), {
        item: { ...updated, title: item.title },
        actor,
        awaits: awaitedSide(to),
        request,
      })),
      ...(resolved ? [resolved] : []),
    ]);
    // Someone newly mentioned in the copy is told. The working copy is the team's (a client reads only the
    // versions sent to it), so only people who see internal work are.
    if (material !== item.materialData && name !== 'approve-client-review') {
      mentions = await notifyMaterialMentions(tx, notifier, {
        actor,
        item,
        html: material.copy,
        before: item.materialData.copy,
        url: itemUrl(item, 'production'),
      });
    }
    return updated;
  });
  if (created) notifier.deliver(created);
  if (mentions) notifier.deliver(mentions);
  return {
    /** The staff view (events, the agent runner). */
    item: toItem(result),
    /** What the caller is answered: its own view, with its next actions. */
    answer: await itemAnswer(db, result, { actor, perms, internal }),
    previousStatus,
  };
}

const displayName = (n: string | null, deleted: Date | null) =>
  deleted ? 'Usuario eliminado' : (n ?? 'Usuario eliminado');

/** Versions and history as the viewer may read them (clients: sent versions, client-facing steps). */
export async function versionHistory(db: DbOrTx, access: ItemAccess) {
  const { item, internal } = access;
  const [versions, history] = await Promise.all([
    db
      .select({ v: itemVersions, authorName: users.name, authorDeleted: users.deletedAt })
      .from(itemVersions)
      .leftJoin(users, eq(users.id, itemVersions.authorId))
      .where(and(eq(itemVersions.itemId, item.id), visibleVersions(internal)))
      .orderBy(desc(itemVersions.number)),
    db
      .select({ h: itemHistory, actorName: users.name, actorDeleted: users.deletedAt })
      .from(itemHistory)
      .leftJoin(users, eq(users.id, itemHistory.actorId))
      .where(
        and(
          eq(itemHistory.itemId, item.id),
          internal ? undefined : inArray(itemHistory.action, [...clientFacingActions]),
        ),
      )
      .orderBy(desc(itemHistory.createdAt)),
  ]);
  return {
    versions: versions.map(({ v, authorName, authorDeleted }) => ({
      _id: v.id,
      number: v.number,
      materialData: v.materialData,
      changeReason: internal ? v.changeReason : null,
      changeDescription: internal ? v.changeDescription : null,
      author: { _id: v.authorId ?? '', name: displayName(authorName, authorDeleted) },
      createdAt: v.createdAt.toISOString(),
    })),
    history: history.map(({ h, actorName, actorDeleted }) => ({
      _id: h.id,
      action: h.action,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      // The internal reviewer's note when approving for the client, and the team's reason for withdrawing a
      // piece from the client, are internal.
      reviewComments:
        internal || (h.action !== 'approve-for-client' && h.action !== 'withdraw-from-client-review')
          ? h.reviewComments
          : null,
      versionNumber: h.versionNumber,
      changeDescription: internal ? h.changeDescription : null,
      actor: { _id: h.actorId ?? '', name: displayName(actorName, actorDeleted) },
      createdAt: h.createdAt.toISOString(),
    })),
  };
}

export async function pendingInternalReview(db: DbOrTx, actor: Actor, portfolioId?: string) {
  // The portfolios the actor sees (an admin: every one), and of those the ones where it reviews internally.
  const seen = await visiblePortfolios(db, actor);
  let portfolioIds: string[] | undefined;
  if (seen) {
    portfolioIds = [...seen].filter(([, access]) => isInternalReviewer(access)).map(([id]) => id);
    if (portfolioId && !portfolioIds.includes(portfolioId)) {
      if (seen.has(portfolioId)) throw new AppError('FORBIDDEN');
      throw notFound('portfolio');
    }
    if (portfolioIds.length === 0) return [];
  }
  const scope = portfolioId ? [portfolioId] : portfolioIds;
  const rows = await db
    .select()
    .from(items)
    .where(
      and(inArray(items.status, awaiting('internal')), scope ? inArray(items.portfolioId, scope) : undefined),
    )
    .orderBy(asc(items.updatedAt));
  // What the actor may do on each: its permissions on that item's portfolio (an admin: every permission).
  const all = new Set<string>(portfolioPermissionKeys);
  const answers = new Map<string, ItemAnswer>();
  for (const pid of new Set(rows.map((r) => r.portfolioId))) {
    const group = rows.filter((r) => r.portfolioId === pid);
    const perms = seen?.get(pid)?.perms ?? all;
    for (const a of await itemsAnswer(db, group, { actor, perms, internal: true })) answers.set(a._id, a);
  }
  return rows.map((r) => answers.get(r.id)!);
}

import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  type ItemStatus,
  itemHistory,
  items,
  itemVersions,
  portfolioAccess,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Actor, clientFacingActions, isAdmin, visibleVersions } from '../../policy.ts';
import { mentionedReaders } from '../mentions.ts';
import type { Created, Notifier } from '../notifier.ts';
import { enqueueNotionSync } from '../notion-sync.ts';
import {
  type Audience,
  checkTransition,
  notificationText,
  type TransitionName,
  transitions,
} from '../transitions.ts';
import { type ItemAccess, loadItem } from './access.ts';
import type { UploadStore } from './files.ts';
import { type MaterialInput, normaliseMaterial } from './material.ts';
import { type ItemRow, toItem } from './views.ts';

export interface TransitionInput {
  materialData?: MaterialInput;
  changeDescription?: string;
  changeReason?: string;
  reviewComments?: string;
}

async function recipients(db: DbOrTx, audience: Audience, item: ItemRow, actorId: string): Promise<string[]> {
  let ids: string[] = [];
  if (audience === 'author') ids = item.authorId ? [item.authorId] : [];
  else if (audience !== 'none') {
    const grants = await db
      .select({ id: users.id, role: users.role, permissions: portfolioAccess.permissions })
      .from(portfolioAccess)
      .innerJoin(users, eq(users.id, portfolioAccess.userId))
      .where(and(eq(portfolioAccess.portfolioId, item.portfolioId), isNull(users.deletedAt)));
    ids = grants
      .filter((g) =>
        audience === 'internalReviewers'
          ? g.role !== 'client' && g.permissions.includes('review.internal')
          : audience === 'clients'
            ? g.role === 'client'
            : g.role === 'employee',
      )
      .map((g) => g.id);
  }
  return ids.filter((id) => id !== actorId);
}

/**
 * Runs one call of the review flow: checks the status and permission, writes the item (optimistic
 * version check: of two simultaneous calls exactly one wins), the history entry and any new version, and
 * notifies — after the commit.
 */
export async function runTransition(
  db: Db,
  notifier: Notifier,
  actor: Actor & { name?: string },
  itemId: string,
  name: TransitionName,
  input: TransitionInput,
  /** The store new files are checked against (their stored size) before they join a version. */
  uploads?: UploadStore,
) {
  const t = transitions[name];
  const { item: loaded } = await loadItem(db, actor, itemId, t.permission);
  let created: Created | undefined;
  let mentions: Created | undefined;
  let previousStatus: ItemStatus = loaded.status;
  const result = await db.transaction(async (tx) => {
    const [item] = await tx.select().from(items).where(eq(items.id, itemId));
    if (!item || item.version !== loaded.version) throw new AppError('CONCURRENT_UPDATE');
    const check = checkTransition(name, item.status);
    if (!check.ok) throw new AppError('INVALID_TRANSITION', check.message);
    previousStatus = item.status;
    const material =
      t.createsVersion || name === 'update-material'
        ? await normaliseMaterial(tx, item, input.materialData, uploads)
        : item.materialData;
    const to: ItemStatus = 'to' in t ? t.to : item.status;
    const nextVersion = t.createsVersion ? item.currentVersion + 1 : item.currentVersion;
    const [updated] = await tx
      .update(items)
      .set({
        status: to,
        materialData: material,
        currentVersion: nextVersion,
        changeDescription: input.changeDescription ?? item.changeDescription,
        version: item.version + 1,
      })
      .where(and(eq(items.id, item.id), eq(items.version, item.version)))
      .returning();
    if (!updated) throw new AppError('CONCURRENT_UPDATE');
    if (t.createsVersion) {
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
    if (name === 'approve-client-review') await enqueueNotionSync(tx, item);
    if (name === 'approve-for-client') {
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
      reviewComments: input.reviewComments ?? null,
      changeDescription: input.changeDescription ?? null,
    });
    if (t.notifies !== 'none' && name in notificationText) {
      const userIds = await recipients(tx, t.notifies, item, actor.id);
      const text = notificationText[name as keyof typeof notificationText](item.title);
      const toReviewers = t.notifies === 'clients' || t.notifies === 'internalReviewers';
      created = await notifier.create(tx, {
        userIds,
        title: 'Producción',
        content: text,
        url: itemUrl(item, toReviewers ? 'review' : 'production'),
        data: { itemId: item.id },
        urgency: toReviewers ? 'high' : 'normal',
      });
    }
    // Someone newly mentioned in the copy is told. The working copy is the team's (a client reads only the
    // versions sent to it), so only people who see internal work are.
    if (material !== item.materialData) {
      const userIds = await mentionedReaders(tx, {
        portfolioId: item.portfolioId,
        html: material.copy,
        before: item.materialData.copy,
        writerId: actor.id,
        clientsToo: false,
      });
      if (userIds.length > 0)
        mentions = await notifier.create(tx, {
          userIds,
          title: 'Mención',
          content: `${actor.name ?? 'Alguien'} te mencionó en el material de «${item.title}»`,
          url: itemUrl(item, 'production'),
          data: { itemId: item.id },
        });
    }
    return toItem(updated);
  });
  if (created) notifier.deliver(created);
  if (mentions) notifier.deliver(mentions);
  return { item: result, previousStatus };
}

/** Where a notification about an item opens it: the screen with the item's drawer. */
const itemUrl = (item: Pick<ItemRow, 'id' | 'portfolioId'>, screen: 'production' | 'review') =>
  `/portfolios/${item.portfolioId}/${screen}?item=${item.id}`;

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
      // The internal reviewer's note when approving for the client is internal.
      reviewComments: internal || h.action !== 'approve-for-client' ? h.reviewComments : null,
      changeDescription: internal ? h.changeDescription : null,
      actor: { _id: h.actorId ?? '', name: displayName(actorName, actorDeleted) },
      createdAt: h.createdAt.toISOString(),
    })),
  };
}

export async function pendingInternalReview(db: DbOrTx, actor: Actor, portfolioId?: string) {
  let portfolioIds: string[] | undefined;
  if (!isAdmin(actor)) {
    const grants = await db
      .select({ id: portfolioAccess.portfolioId, permissions: portfolioAccess.permissions })
      .from(portfolioAccess)
      .where(eq(portfolioAccess.userId, actor.id));
    portfolioIds =
      actor.role === 'client'
        ? []
        : grants.filter((g) => g.permissions.includes('review.internal')).map((g) => g.id);
    if (portfolioId && !portfolioIds.includes(portfolioId)) {
      if (grants.some((g) => g.id === portfolioId && g.permissions.includes('portfolio.view')))
        throw new AppError('FORBIDDEN');
      throw new AppError('NOT_FOUND', 'Portafolio no encontrado');
    }
    if (portfolioIds.length === 0) return [];
  }
  const scope = portfolioId ? [portfolioId] : portfolioIds;
  const rows = await db
    .select()
    .from(items)
    .where(and(eq(items.status, 'internal_review'), scope ? inArray(items.portfolioId, scope) : undefined))
    .orderBy(asc(items.updatedAt));
  return rows.map(toItem);
}

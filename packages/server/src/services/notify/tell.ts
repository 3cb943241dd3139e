import { inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type ItemStatus, type Role, users } from '../../db/schema.ts';
import { mentionedUserIds } from '../../lib/sanitize.ts';
import { managesAgents, membersOf, type PortfolioMember, portfolioHome, reviewersOf } from '../../policy.ts';
import { type Created, combine, type Notifier } from './notifier.ts';

/**
 * Who hears of what happens outside a review step (issue 46: the recipients of every event are decided in this
 * domain, asking the policy): mentions, access granted or withdrawn, a new task, the daily review reminders. The
 * review steps' events, comments on an item and finished tasks are in events.ts, broadcasts in broadcast.ts. The
 * other domains say what happened; these functions choose the people, the texts and the screens, and hand the
 * notifier the event, whose group it looks up (preferences.ts `eventGroups`).
 */

/**
 * Of the people a rich text mentions, those who may read it in that portfolio: never the writer, never someone
 * who is not one of its people (policy.membersOf); clients only when `clientsToo`. `before` (the previous text)
 * leaves out who was already mentioned there. One query for all of them.
 */
export async function mentionedReaders(
  tx: DbOrTx,
  opts: { portfolioId: string; html: string; before?: string; writerId: string; clientsToo: boolean },
): Promise<string[]> {
  const already = new Set(opts.before ? mentionedUserIds(opts.before) : []);
  const ids = mentionedUserIds(opts.html).filter((id) => id !== opts.writerId && !already.has(id));
  if (ids.length === 0) return [];
  const members = await membersOf(tx, opts.portfolioId, ids);
  return members.filter((m) => m.internal || opts.clientsToo).map((m) => m.id);
}

type Writer = { id: string; name?: string | null };

/**
 * Mentioned people who may read a comment are told (never its author, never a client about an internal
 * comment): one notification per audience, each opening a screen its readers' role may open. Answers who was
 * told, so the comment's own notification leaves them out.
 */
export async function notifyCommentMentions(
  tx: DbOrTx,
  notifier: Notifier,
  opts: {
    actor: Writer;
    portfolioId: string;
    html: string;
    clientsToo: boolean;
    entity: { type: string; id: string; links: Record<'staff' | 'client', string> };
  },
): Promise<{ created: Created; userIds: string[] } | undefined> {
  const { actor, entity } = opts;
  const allowed = await mentionedReaders(tx, { ...opts, writerId: actor.id });
  if (allowed.length === 0) return undefined;
  const roles = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(inArray(users.id, allowed));
  const parts: Created[] = [];
  for (const audience of ['staff', 'client'] as const) {
    const userIds = roles.filter((u) => (u.role === 'client') === (audience === 'client')).map((u) => u.id);
    if (userIds.length === 0) continue;
    parts.push(
      await notifier.create(tx, {
        userIds,
        title: 'Mención',
        content: `${actor.name ?? 'Alguien'} te mencionó en un comentario`,
        url: entity.links[audience],
        data: { entityType: entity.type, entityId: entity.id },
        event: 'mention',
        asks: true,
        context: { actorName: actor.name ?? undefined },
      }),
    );
  }
  return { created: combine(parts), userIds: allowed };
}

/**
 * People newly mentioned in a piece's working copy are told. The working copy is the team's (a client reads only
 * the versions sent to it), so only people who see internal work are.
 */
export async function notifyMaterialMentions(
  tx: DbOrTx,
  notifier: Notifier,
  opts: {
    actor: Writer;
    item: { id: string; portfolioId: string; title: string };
    html: string;
    before: string;
    url: string;
  },
): Promise<Created | undefined> {
  const { actor, item } = opts;
  const userIds = await mentionedReaders(tx, {
    portfolioId: item.portfolioId,
    html: opts.html,
    before: opts.before,
    writerId: actor.id,
    clientsToo: false,
  });
  if (userIds.length === 0) return undefined;
  return notifier.create(tx, {
    userIds,
    title: 'Mención',
    content: `${actor.name ?? 'Alguien'} te mencionó en el material de «${item.title}»`,
    url: opts.url,
    data: { itemId: item.id },
    event: 'mention',
    asks: true,
    context: { actorName: actor.name ?? undefined, itemTitle: item.title },
  });
}

/** A user's access to a portfolio was granted or withdrawn: that user is told (granted: with its home). */
export function notifyAccess(
  tx: DbOrTx,
  notifier: Notifier,
  opts: { userId: string; portfolioId: string; businessName: string } & (
    | { access: 'granted'; role: Role }
    | { access: 'removed' }
  ),
): Promise<Created> {
  const { userId, portfolioId, businessName } = opts;
  const granted = opts.access === 'granted';
  return notifier.create(tx, {
    userIds: [userId],
    title: 'Acceso',
    content: granted ? `Ahora tienes acceso a «${businessName}»` : `Ya no tienes acceso a «${businessName}»`,
    url: opts.access === 'granted' ? portfolioHome(portfolioId, opts.role) : '/',
    data: { portfolioId, event: granted ? 'access-granted' : 'access-removed' },
    event: granted ? 'access-granted' : 'access-removed',
    asks: false,
    context: { portfolioName: businessName },
  });
}

/**
 * A new task on an item: its assignee is told, unless they made it, and only if they may open the agent's
 * screen (tasks are internal work: policy.managesAgents).
 */
export async function notifyNewTask(
  db: Db,
  notifier: Notifier,
  opts: {
    actorId: string;
    assigneeId: string | null;
    portfolioId: string;
    agentId: string;
    task: { id: string; title: string };
    itemTitle: string;
  },
): Promise<void> {
  const { assigneeId, portfolioId, task } = opts;
  if (!assigneeId || assigneeId === opts.actorId || !(await managesAgents(db, assigneeId, portfolioId)))
    return;
  await notifier.notify({
    userIds: [assigneeId],
    title: 'Nueva tarea',
    content: `Nueva tarea «${task.title}» sobre «${opts.itemTitle}»`,
    url: `/portfolios/${portfolioId}/agents/${opts.agentId}`,
    data: { taskId: task.id },
    event: 'new-task',
    asks: true,
    context: { itemTitle: opts.itemTitle },
  });
}

export const reminderText = (n: number) =>
  n === 1 ? '1 ítem espera tu revisión' : `${n} ítems esperan tu revisión`;

/** A piece waiting for a side's decision, for the daily reminder. */
export interface WaitingPiece {
  itemId: string;
  /** The status it waits in: the reminder reads itself once no piece it names is still waiting there. */
  status: ItemStatus;
  portfolioId: string;
  side: 'internal' | 'client';
  /** A reviewer the workflow does not ask to decide this piece (the four-eyes rule: its version's author). */
  excludes?: (reviewer: PortfolioMember) => boolean;
}

/**
 * The daily review reminders: each reviewer of a waiting piece's side (policy.reviewersOf: the people who see
 * the portfolio and may take that decision, admins included), read once per portfolio and side, is told how many
 * pieces wait for them, linked to the review panel when they are all in one portfolio. One notification per
 * distinct message and set of pieces (each resolves with its own pieces, asks.ts). One statement after the other: the caller's transaction is one
 * connection.
 */
export async function notifyReviewReminders(
  tx: DbOrTx,
  notifier: Notifier,
  waiting: readonly WaitingPiece[],
): Promise<Created[]> {
  const read = new Map<string, PortfolioMember[]>();
  const perUser = new Map<string, { pieces: WaitingPiece[]; portfolios: Set<string> }>();
  for (const piece of waiting) {
    const key = `${piece.portfolioId}|${piece.side}`;
    let reviewers = read.get(key);
    if (!reviewers) {
      reviewers = await reviewersOf(tx, piece.portfolioId, piece.side);
      read.set(key, reviewers);
    }
    for (const m of reviewers) {
      if (piece.excludes?.(m)) continue;
      const entry = perUser.get(m.id) ?? { pieces: [], portfolios: new Set<string>() };
      entry.pieces.push(piece);
      entry.portfolios.add(piece.portfolioId);
      perUser.set(m.id, entry);
    }
  }
  // One notification per distinct message and set of pieces: each resolves when its own pieces are decided.
  const groups = new Map<string, { userIds: string[]; pieces: WaitingPiece[]; url: string }>();
  for (const [userId, { pieces, portfolios: where }] of perUser) {
    const url = where.size === 1 ? `/portfolios/${[...where][0]}/review` : '/';
    const key = `${url}|${pieces
      .map((p) => p.itemId)
      .sort()
      .join(',')}`;
    const group = groups.get(key) ?? { userIds: [], pieces, url };
    group.userIds.push(userId);
    groups.set(key, group);
  }
  const created: Created[] = [];
  for (const g of groups.values()) {
    created.push(
      await notifier.create(tx, {
        userIds: g.userIds,
        title: 'Recordatorio',
        content: reminderText(g.pieces.length),
        url: g.url,
        data: { kind: 'review-reminder' },
        event: 'review-reminder',
        asks: true,
        mailTemplate: 'reminder',
        awaiting: g.pieces.map((p) => ({ itemId: p.itemId, status: p.status })),
      }),
    );
  }
  return created;
}

import { and, eq, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../db/client.ts';
import { type ItemStatus, itemFollows, items, portfolios } from '../../db/schema.ts';
import { plainText } from '../../lib/sanitize.ts';
import {
  canSeeStatus,
  isClientReviewer,
  isInternalReviewer,
  managesAgents,
  membersOf,
  type PortfolioMember,
  portfolioHome,
} from '../../policy.ts';
import type { Created, Notifier, NotifyInput } from './notifier.ts';
import type { ItemEvent } from './preferences.ts';

/**
 * The one list of what people are told about an item's review, and who is (issue 29). Each event says whether it asks the recipient to act (its email goes at once; otherwise it waits
 * for the digest), its urgency, its text and the screen it opens. The recipients come from the same policy
 * that authorises the action (policy.ts): the internal reviewers are everyone who may take the internal decision
 * (`isInternalReviewer`, admins included), the clients everyone who may take the client's (`isClientReviewer`). Nobody is told of their own action, and a client only of what the client view shows.
 *
 * Its group (for preferences) is looked up from the event by the notifier (preferences.ts `eventGroups`, where the
 * other modules' events are listed too: comments, mentions, tasks, reminders, access and broadcasts).
 */
/** Who an item event reaches. */
type Audience = 'internalReviewers' | 'clients' | 'followers' | 'followersAndReviewers';

interface EventSpec {
  asks: boolean;
  audience: Audience;
  /** The screen it opens: the review panel (reviewers), the production plan (the team) or the client's home. */
  screen: 'review' | 'production' | 'client-dashboard';
  /** The notification's text; `version` is the material version the recipient will see. */
  text: (title: string, version: number) => string;
  /** The email's heading and sentence: who asks what, of which portfolio. */
  heading: string;
  mail: (who: string, title: string, portfolio: string) => string;
}

/** Each event the workflow's steps tell (services/review/transitions.ts `tells`): a missing or extra one does not compile. */
export const itemEvents = {
  'internal-review-requested': {
    asks: true,
    audience: 'internalReviewers',
    screen: 'review',
    text: (t, v) => `«${t}» está lista para revisión interna (versión ${v})`,
    heading: 'Revisión interna',
    mail: (w, t, p) => `${w} te pide que revises «${t}» de ${p}`,
  },
  'new-version-in-review': {
    asks: true,
    audience: 'internalReviewers',
    screen: 'review',
    text: (t, v) => `Versión ${v} de «${t}»: la revisión interna empieza de nuevo`,
    heading: 'Revisión interna',
    mail: (w, t, p) => `${w} subió una versión nueva de «${t}» de ${p}: la revisión interna empieza de nuevo`,
  },
  'approved-for-client': {
    asks: false,
    audience: 'followers',
    screen: 'production',
    text: (t) => `«${t}» se aprobó y se envió al cliente`,
    heading: 'Enviada al cliente',
    mail: (w, t, p) => `${w} aprobó «${t}» de ${p} y la envió al cliente`,
  },
  'internal-changes-requested': {
    asks: true,
    audience: 'followers',
    screen: 'production',
    text: (t) => `Se pidieron cambios internos en «${t}»`,
    heading: 'Cambios internos',
    mail: (w, t, p) => `${w} pidió cambios en «${t}» de ${p}`,
  },
  'client-review-requested': {
    asks: true,
    audience: 'clients',
    screen: 'review',
    text: (t, v) => `«${t}» espera tu revisión (versión ${v})`,
    heading: 'Revisión del cliente',
    mail: (w, t, p) => `${w} te pide que revises «${t}» de ${p}`,
  },
  'withdrawn-from-client': {
    asks: false,
    audience: 'clients',
    screen: 'client-dashboard',
    text: (t) => `El equipo retiró «${t}» de tu revisión para cambiarla`,
    heading: 'Retirada de tu revisión',
    mail: (w, t, p) => `${w} retiró «${t}» de ${p} de tu revisión para cambiarla`,
  },
  'client-approved': {
    asks: false,
    audience: 'followersAndReviewers',
    screen: 'production',
    text: (t) => `El cliente aprobó «${t}»`,
    heading: 'Aprobada por el cliente',
    mail: (w, t, p) => `${w} aprobó «${t}» de ${p}`,
  },
  'client-changes-requested': {
    asks: true,
    audience: 'followersAndReviewers',
    screen: 'production',
    text: (t) => `El cliente pidió cambios en «${t}»`,
    heading: 'Cambios del cliente',
    mail: (w, t, p) => `${w} pidió cambios en «${t}» de ${p}`,
  },
} satisfies Record<ItemEvent, EventSpec>;

/** Everyone who could hear about a portfolio's item: its people who see production, and whether they follow it. */
interface Member extends PortfolioMember {
  follows: boolean;
}

/**
 * Read inside the caller's transaction, so one statement after the other: a transaction is one connection, and
 * pg queues (deprecated, removed in pg 9) what is sent to a connection still answering (issue 45).
 */
async function itemMembers(db: DbOrTx, item: { id: string; portfolioId: string }): Promise<Member[]> {
  const members = await membersOf(db, item.portfolioId);
  const follows = await db
    .select({ userId: itemFollows.userId })
    .from(itemFollows)
    .where(and(eq(itemFollows.itemId, item.id), eq(itemFollows.following, true)));
  const following = new Set(follows.map((f) => f.userId));
  return members
    .filter((m) => m.perms.has('production.view'))
    .map((m) => ({ ...m, follows: following.has(m.id) }));
}

const audiences: Record<Audience, (m: Member) => boolean> = {
  internalReviewers: isInternalReviewer,
  clients: isClientReviewer,
  // The team's followers: a client follows what it commented on, but hears of it through comments only.
  followers: (m) => m.internal && m.follows,
  followersAndReviewers: (m) => m.internal && (m.follows || isInternalReviewer(m)),
};

/** Where a notification about an item opens it. */
export function itemUrl(item: { id: string; portfolioId: string }, screen: EventSpec['screen']) {
  return screen === 'client-dashboard'
    ? portfolioHome(item.portfolioId, 'client')
    : `/portfolios/${item.portfolioId}/${screen}?item=${item.id}`;
}

/** The side whose reviewers an audience is: an event sent to them asks them to decide. */
const reviewersSide: Partial<Record<Audience, 'internal' | 'client'>> = {
  internalReviewers: 'internal',
  clients: 'client',
};

/** A comment a client's request for changes carries (its text, and where it points). */
export interface RequestComment {
  id: string;
  /** The comment as sanitised rich text. */
  body: string;
  /** Its pin's number in the thread (a pin on a file: «Marca N»). */
  pin?: number;
  /** The words of the copy it points at (a quote anchor). */
  quote?: string;
}

/** What a client's request for changes tells the team besides the step: the reason typed and the comments. */
export interface ChangeRequest {
  reason?: string;
  comments: readonly RequestComment[];
}

/** How a listed comment is named: its pin, or the quoted words; nothing for a comment on the whole piece. */
const commentLabel = (c: RequestComment) =>
  c.pin !== undefined ? `Marca ${c.pin}` : c.quote ? `«${plainText(c.quote, 60)}»` : undefined;

/** The request's words for a notification, an email and the payload (each comment linked to the piece). */
function requestDetail(request: ChangeRequest, url: string) {
  const reason = request.reason?.trim() ? plainText(request.reason, 280) : undefined;
  const lines = request.comments.map((c) => ({
    _id: c.id,
    label: commentLabel(c),
    text: plainText(c.body),
    url,
  }));
  const n = lines.length;
  const suffix =
    (reason ? `: «${reason}»` : '') + (n > 0 ? ` (${n === 1 ? '1 comentario' : `${n} comentarios`})` : '');
  return { reason, lines, suffix };
}

/**
 * Writes the notifications of an item's review events inside the caller's transaction (each recipient's
 * channels by preference); the caller delivers them after the commit. An event sent to the side whose decision
 * the item's new status awaits (`awaits`) asks them to act: it is tagged with the item and that status, and reads
 * itself for everyone once the item leaves it (asks.ts).
 */
export async function notifyItemEvents(
  db: DbOrTx,
  notifier: Notifier,
  events: readonly ItemEvent[],
  ctx: {
    item: { id: string; portfolioId: string; title: string; status: ItemStatus; currentVersion: number };
    actor: { id: string; name?: string };
    /** The side whose decision the item's status now awaits (transitions.ts `awaitedSide`), if any. */
    awaits?: 'internal' | 'client';
    /** A client's request for changes: its reason and comments go with the team's notification. */
    request?: ChangeRequest;
  },
): Promise<Created[]> {
  if (events.length === 0) return [];
  const { item, actor } = ctx;
  // One after the other: the caller's transaction is one connection.
  const members = await itemMembers(db, item);
  const [portfolio] = await db
    .select({ name: portfolios.accountData })
    .from(portfolios)
    .where(eq(portfolios.id, item.portfolioId));
  const portfolioName = portfolio?.name.businessName ?? '';
  const created: Created[] = [];
  for (const event of events) {
    const spec = itemEvents[event];
    const userIds = members
      .filter((m) => m.id !== actor.id && audiences[spec.audience](m))
      // A client is told only of what the client view shows (the item after the step).
      .filter((m) => m.internal || canSeeStatus(false, item.status) || spec.screen === 'client-dashboard')
      .map((m) => m.id);
    if (userIds.length === 0) continue;
    const url = itemUrl(item, spec.screen);
    const asksToDecide = ctx.awaits !== undefined && reviewersSide[spec.audience] === ctx.awaits;
    const detail =
      ctx.request && event === 'client-changes-requested' ? requestDetail(ctx.request, url) : undefined;
    const input: NotifyInput = {
      userIds,
      title: 'Producción',
      content: spec.text(item.title, item.currentVersion) + (detail?.suffix ?? ''),
      url,
      data: {
        itemId: item.id,
        event,
        ...(asksToDecide ? { asks: item.status } : {}),
        ...(detail ? { request: { reason: detail.reason ?? null, comments: detail.lines } } : {}),
      },
      urgency: spec.asks ? 'high' : 'normal',
      event,
      asks: spec.asks,
      context: {
        actorName: actor.name,
        itemTitle: item.title,
        portfolioName,
        ...(item.currentVersion > 0 ? { versionNumber: item.currentVersion } : {}),
        ...(detail ? { quote: detail.reason, lines: detail.lines } : {}),
      },
      mail: {
        title: spec.heading,
        content: spec.mail(actor.name ?? 'Alguien del equipo', item.title, portfolioName),
      },
      ...(asksToDecide ? { awaiting: [{ itemId: item.id, status: item.status }] } : {}),
    };
    created.push(await notifier.create(db, input));
  }
  return created;
}

/** Who follows an item from now on (its author, its assignee, whoever comments): idempotent. */
export async function follow(db: DbOrTx, itemId: string, userIds: ReadonlyArray<string | null | undefined>) {
  const ids = [...new Set(userIds.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return;
  await db
    .insert(itemFollows)
    .values(ids.map((userId) => ({ itemId, userId, following: true })))
    .onConflictDoUpdate({ target: [itemFollows.itemId, itemFollows.userId], set: { following: true } });
}

/** «Dejar de seguir» / «Seguir»: the caller's own choice on one item. */
export async function setFollowing(db: DbOrTx, itemId: string, userId: string, following: boolean) {
  await db
    .insert(itemFollows)
    .values({ itemId, userId, following })
    .onConflictDoUpdate({ target: [itemFollows.itemId, itemFollows.userId], set: { following } });
}

/** Whether the user follows the item now. */
export async function isFollowing(db: DbOrTx, itemId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ following: itemFollows.following })
    .from(itemFollows)
    .where(and(eq(itemFollows.itemId, itemId), eq(itemFollows.userId, userId)));
  return row?.following === true;
}

/**
 * A comment on an item reaches its followers who may read it (a client only a comment meant for clients on
 * an item it sees), never its writer nor those already told by a mention. One notification per audience:
 * each opens a screen its readers' role may open. The writer follows the item from now on: that and the read
 * of its followers are one statement, and the portfolio's members are read only when a follower is to be told
 * (issue 48: a comment's POST ran six statements, and the follow's upsert locked the writer's row until the
 * commit, so the comments of one person on one item queued behind each other).
 */
export async function notifyItemComment(
  db: DbOrTx,
  notifier: Notifier,
  ctx: {
    item: { id: string; portfolioId: string; title: string; links: { staff: string; client: string } };
    actor: { id: string; name?: string };
    clientsMayRead: boolean;
    skip: readonly string[];
  },
): Promise<Created[]> {
  const { item, actor } = ctx;
  const skip = new Set([actor.id, ...ctx.skip]);
  const followers = await followAndReadFollowers(db, item.id, actor.id);
  if (!followers.some((id) => !skip.has(id))) return [];
  // One after the other: the caller's transaction is one connection.
  const following = new Set(followers);
  const members = (await membersOf(db, item.portfolioId))
    .filter((m) => m.perms.has('production.view'))
    .map((m) => ({ ...m, follows: following.has(m.id) }));
  const readers = members.filter((m) => m.follows && !skip.has(m.id) && (m.internal || ctx.clientsMayRead));
  const created: Created[] = [];
  for (const audience of ['staff', 'client'] as const) {
    const userIds = readers.filter((m) => m.internal === (audience === 'staff')).map((m) => m.id);
    if (userIds.length === 0) continue;
    created.push(
      await notifier.create(db, {
        userIds,
        title: 'Comentario',
        content: `${actor.name ?? 'Alguien'} comentó en «${item.title}»`,
        url: item.links[audience],
        data: { entityType: 'item', entityId: item.id },
        event: 'comment',
        asks: false,
        context: { actorName: actor.name, itemTitle: item.title },
      }),
    );
  }
  return created;
}

/**
 * `userId` follows the item (as `follow` does), and the item's followers before this statement are answered, in
 * one statement. The upsert writes only when the user does not follow it yet: an upsert that finds its row locks
 * it until the commit even when its `where` leaves it unchanged, so it is not attempted then.
 */
async function followAndReadFollowers(db: DbOrTx, itemId: string, userId: string): Promise<string[]> {
  const rows = await db.execute(sql`
    with followed as (
      insert into ${itemFollows} (item_id, user_id, following)
      select ${itemId}, ${userId}, true
      where not exists (
        select 1 from ${itemFollows} where item_id = ${itemId} and user_id = ${userId} and following
      )
      on conflict (item_id, user_id) do update set following = true, updated_at = now()
    )
    select user_id from ${itemFollows} where item_id = ${itemId} and following`);
  return rowsOf<{ user_id: string }>(rows).map((r) => r.user_id);
}

/**
 * A task finished (done or failed): whoever asked for it and the assignee of its item are told, if they still
 * manage the portfolio's agents (tasks are internal work).
 */
export async function notifyTaskFinished(
  db: Db,
  notifier: Notifier,
  task: {
    id: string;
    portfolioId: string;
    agentId: string;
    itemId: string | null;
    title: string;
    status: string;
    createdBy: string | null;
  },
) {
  const [item] = task.itemId
    ? await db.select({ assigneeId: items.assigneeId }).from(items).where(eq(items.id, task.itemId))
    : [];
  const candidates = [
    ...new Set([task.createdBy, item?.assigneeId].filter((id): id is string => Boolean(id))),
  ];
  const userIds: string[] = [];
  for (const id of candidates) if (await managesAgents(db, id, task.portfolioId)) userIds.push(id);
  if (userIds.length === 0) return;
  const failed = task.status === 'failed';
  await notifier.notify({
    userIds,
    title: 'Tarea',
    content: failed ? `La tarea «${task.title}» falló` : `La tarea «${task.title}» terminó`,
    url: `/portfolios/${task.portfolioId}/agents/${task.agentId}`,
    data: { taskId: task.id, event: 'task-finished' },
    event: 'task-finished',
    asks: failed,
  });
}

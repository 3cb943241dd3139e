import { eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notificationPreferences, ROLES, type Role, users } from '../../db/schema.ts';

/**
 * Who wants to be told what, and where (issue 29): per event group × channel, stored per user as the
 * differences from the defaults of the user's role, so a change of the defaults reaches everyone who never
 * chose otherwise.
 */
export const NOTIFY_GROUPS = ['reviews', 'comments', 'tasks', 'team'] as const;
export type NotifyGroup = (typeof NOTIFY_GROUPS)[number];
export const NOTIFY_CHANNELS = ['app', 'push', 'email'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export type Preferences = Record<NotifyGroup, Record<NotifyChannel, boolean>>;
type Overrides = Partial<Record<NotifyGroup, Partial<Record<NotifyChannel, boolean>>>>;

/** The groups as the settings screen names them. */
/**
 * What the review steps tell: each step's row in the workflow table (services/review/transitions.ts `tells`)
 * names these, and `itemEvents` below has each one's audience and texts.
 */
export type ItemEvent =
  | 'internal-review-requested'
  | 'new-version-in-review'
  | 'approved-for-client'
  | 'internal-changes-requested'
  | 'client-review-requested'
  | 'withdrawn-from-client'
  | 'client-approved'
  | 'client-changes-requested';

/** Everything people are told, each with its group: the review steps' events and the other modules' own. */
export type NotifyEvent =
  | ItemEvent
  | 'comment'
  | 'mention'
  | 'task-finished'
  | 'new-task'
  | 'review-reminder'
  | 'access-granted'
  | 'access-removed'
  | 'broadcast';

/**
 * The group of every event (the one place it is written): the notifier looks it up from the event it is given,
 * and each recipient's preferences for that group choose the channels.
 */
export const eventGroups = {
  'internal-review-requested': 'reviews',
  'new-version-in-review': 'reviews',
  'approved-for-client': 'reviews',
  'internal-changes-requested': 'reviews',
  'client-review-requested': 'reviews',
  'withdrawn-from-client': 'reviews',
  'client-approved': 'reviews',
  'client-changes-requested': 'reviews',
  'review-reminder': 'reviews',
  comment: 'comments',
  mention: 'comments',
  'task-finished': 'tasks',
  'new-task': 'tasks',
  'access-granted': 'team',
  'access-removed': 'team',
  broadcast: 'team',
} as const satisfies Record<NotifyEvent, NotifyGroup>;

export const groupLabels: Record<NotifyGroup, string> = {
  reviews: 'Revisiones',
  comments: 'Comentarios y menciones',
  tasks: 'Tareas',
  team: 'Avisos del equipo',
};

const everywhere = { app: true, push: true, email: true };
const noEmail = { app: true, push: true, email: false };

/**
 * The defaults of each role. A client is asked to review by email at once (and told by email of what the
 * team answers); staff get review requests by email at once and the rest grouped in the digest (`emailMode`).
 * Team notices (broadcasts, access) stay in the app and on the phone: they are not worth an inbox.
 */
export const roleDefaults: Record<Role, Preferences> = {
  admin: { reviews: everywhere, comments: everywhere, tasks: everywhere, team: noEmail },
  employee: { reviews: everywhere, comments: everywhere, tasks: everywhere, team: noEmail },
  client: { reviews: everywhere, comments: everywhere, tasks: noEmail, team: noEmail },
};

/** How an email goes: an event that asks the recipient to act goes at once; the rest wait for the digest. */
export const emailMode = (asks: boolean): 'immediate' | 'digest' => (asks ? 'immediate' : 'digest');

/** The defaults with a user's overrides applied (unknown keys in stored overrides are ignored). */
export function resolvePreferences(role: Role, overrides: Overrides | null | undefined): Preferences {
  const defaults = roleDefaults[role];
  const out = {} as Preferences;
  for (const group of NOTIFY_GROUPS) {
    out[group] = { ...defaults[group] };
    for (const channel of NOTIFY_CHANNELS) {
      const chosen = overrides?.[group]?.[channel];
      if (typeof chosen === 'boolean') out[group][channel] = chosen;
    }
  }
  return out;
}

/** Only what differs from the role's defaults is stored. */
function diff(role: Role, prefs: Preferences): Overrides {
  const out: Overrides = {};
  for (const group of NOTIFY_GROUPS) {
    for (const channel of NOTIFY_CHANNELS) {
      if (prefs[group][channel] === roleDefaults[role][group][channel]) continue;
      out[group] = { ...out[group], [channel]: prefs[group][channel] };
    }
  }
  return out;
}

/** The user's preferences (defaults when nothing was chosen); undefined for a user that does not exist. */
export async function getPreferences(db: DbOrTx, userId: string): Promise<Preferences | undefined> {
  const [row] = await db
    .select({ role: users.role, overrides: notificationPreferences.overrides })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(users.id, userId));
  return row ? resolvePreferences(row.role, row.overrides) : undefined;
}

/** Applies a partial change and answers the preferences that result. */
export async function updatePreferences(
  db: DbOrTx,
  userId: string,
  change: Overrides,
): Promise<Preferences | undefined> {
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const current = (await getPreferences(db, userId))!;
  for (const group of NOTIFY_GROUPS)
    for (const channel of NOTIFY_CHANNELS) {
      const chosen = change[group]?.[channel];
      if (typeof chosen === 'boolean') current[group][channel] = chosen;
    }
  const overrides = diff(user.role, current);
  await db
    .insert(notificationPreferences)
    .values({ userId, overrides })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { overrides } });
  return current;
}

/** One switch (the unsubscribe link turns a group's email off with it). */
export const setChannel = (
  db: DbOrTx,
  userId: string,
  group: NotifyGroup,
  channel: NotifyChannel,
  on: boolean,
) => updatePreferences(db, userId, { [group]: { [channel]: on } });

/** What the delivery needs of each recipient: role, address and the group's channels. One query. */
export interface Recipient {
  id: string;
  role: Role;
  email: string;
  channels: Record<NotifyChannel, boolean>;
}

export async function recipientsOf(
  db: DbOrTx,
  userIds: readonly string[],
  group: NotifyGroup,
): Promise<Recipient[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      overrides: notificationPreferences.overrides,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(sql`${inArray(users.id, [...userIds])} and ${users.deletedAt} is null`);
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    email: r.email,
    channels: resolvePreferences(r.role, r.overrides)[group],
  }));
}

/**
 * SQL: the user (`userId`, a column or expression of the audience) keeps `channel` of `group` on — for
 * statements that read a whole audience at once (a broadcast to thousands is one statement).
 */
export const channelOn = (
  userIdColumn: SQLWrapper,
  roleColumn: SQLWrapper,
  group: NotifyGroup,
  channel: NotifyChannel,
) => {
  const defaults = sql.join(
    ROLES.map((role) => sql`when ${role} then ${roleDefaults[role][group][channel]}`),
    sql` `,
  );
  return sql`coalesce(
    (select (p.overrides -> ${group} ->> ${channel})::boolean from ${notificationPreferences} p where p.user_id = ${userIdColumn}),
    case ${roleColumn} ${defaults} end)`;
};

/**
 * The users whose own choice differs from a default every role shares, for one group's channel: who turned it
 * off (`on` false) or on (`on` true). A broadcast to thousands reads these few instead of everyone's
 * preferences. Only for channels whose default is the same for every role (checked).
 */
export async function chosenOtherwise(
  db: DbOrTx,
  group: NotifyGroup,
  channel: NotifyChannel,
): Promise<{ on: boolean; userIds: Set<string> }> {
  const defaults = new Set(Object.values(roleDefaults).map((d) => d[group][channel]));
  if (defaults.size !== 1) throw new Error(`${group}.${channel}: the roles' defaults differ`);
  const on = !defaults.has(true);
  const rows = await db
    .select({ userId: notificationPreferences.userId })
    .from(notificationPreferences)
    .where(sql`${notificationPreferences.overrides} -> ${group} ->> ${channel} = ${String(on)}`);
  return { on, userIds: new Set(rows.map((r) => r.userId)) };
}

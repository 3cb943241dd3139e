import type { DbOrTx } from '../db/client.ts';

/**
 * The one notifier (issue 5): creates one notification per user, emits `notification:new` to each
 * user's socket room and sends Web Push to their subscriptions. Every domain calls `notify`; no route
 * writes notifications itself.
 *
 * NOTE: this is the interface the domains program against; the notifications work replaces the body.
 */
export interface NotifyInput {
  userIds: string[];
  title: string;
  content: string;
  /** In-app link opened when the notification is clicked (e.g. `/portfolios/{id}/review`). */
  url?: string;
  /** Extra payload fields (entity ids…). */
  data?: Record<string, unknown>;
}

export interface Notifier {
  /** Creates the notifications (inside `db`, which may be a transaction) and schedules delivery. */
  notify(db: DbOrTx, input: NotifyInput): Promise<void>;
}

/** Placeholder until the notifications work lands: it delivers nothing. */
export function createNotifier(_deps: { db: DbOrTx }): Notifier {
  return { notify: async () => {} };
}

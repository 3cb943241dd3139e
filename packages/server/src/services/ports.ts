import type { Db } from '../db/client.ts';
import type { ReadCache } from '../db/read-cache.ts';
import type { DrainLoop } from '../lib/drain-loop.ts';
import type { Notifier, ProductionPublisher, SocketServer } from './notify/index.ts';
import type { StorageDriver } from './storage/index.ts';

/**
 * What a use-case reaches beyond its arguments: the database it writes in, and the effects it sets off once
 * its writes have committed (notifications delivered, realtime events published, background workers woken,
 * caches forgotten, stored files removed).
 *
 * The one way effects are run: a service use-case receives these ports, commits its writes, then calls them;
 * routes never call an effect themselves. The app provides every port (routes pass `app`, read at call time),
 * and a test may pass its own.
 */
export interface Ports {
  db: Db;
  database: { reads?: ReadCache };
  storage: StorageDriver;
  /** Notifications are written in the use-case's transaction and delivered after its commit. */
  notifier: Notifier;
  /** The portfolio's open screens hear of the items that changed. */
  productionEvents: ProductionPublisher;
  /** Socket rooms (a notification's new state to its owner's other tabs). */
  io: SocketServer;
  /** New or reactivated work for agents: the runner looks again. */
  agentRunner: Pick<DrainLoop, 'kick'>;
  /** New client approvals (or a manual sync): the Notion sync looks again. */
  notionSync: Pick<DrainLoop, 'kick'> & { readonly configured: boolean };
  /** Someone's user row or access changed: caches and realtime audiences are read again. */
  usersChanged(userId: string): void;
  /** Someone's sessions were ended (role, password, deletion): their open sockets close. */
  endSessions(userId: string): void;
  /** Removes a deleted portfolio's stored files. */
  onPortfolioDeleted(fileKeys: string[]): Promise<void>;
}

/** Where a use-case logs what failed after its commit (a cleanup): the request's logger. */
export interface EffectLog {
  warn(obj: object, msg: string): void;
}

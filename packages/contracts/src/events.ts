/**
 * Realtime events, declared once, here (`@crw/contracts/events`). The server's
 * `Server<ClientToServerEvents, ServerToClientEvents>` and the app's `Socket<ServerToClientEvents,
 * ClientToServerEvents>` both use these maps. Nothing here imports anything but another contract's types, so
 * the app's bundle takes only `SOCKET_PATH` from it.
 */
import type { TaskStatus } from './tasks.ts';

/** A notification as its recipient sees it (the `Notification` of the OpenAPI document, services/notify/notifications.ts). */
export interface Notification {
  _id: string;
  title: string;
  content: string;
  createdAt: string;
  read: boolean;
  archived: boolean;
  payload: { url?: string; [key: string]: unknown };
}

export interface ServerToClientEvents {
  /** A new notification for the signed-in user (the whole notification). */
  'notification:new': (notification: Notification) => void;
  /** A notification of this user changed (read or archived) in another tab or device. */
  'notification:updated': (notification: Notification) => void;
  /**
   * Something in a portfolio's production changed (created, edited, moved, reviewed, deleted). Only ids:
   * the app reloads what this user may see. Sent only to users who may see the item.
   */
  'production:changed': (event: ProductionEvent) => void;
  /**
   * This user's access to a portfolio was granted (or its permissions changed) or revoked: the app reloads
   * its portfolio list and, on a revoke, leaves any screen of that portfolio.
   */
  'portfolios:changed': (event: PortfoliosEvent) => void;
  /**
   * A comment was written, edited or deleted. Only ids: the app reloads the thread. Sent only to users who
   * may read the comment (before or after the change): never to a client about an internal one.
   */
  'comments:changed': (event: CommentsEvent) => void;
  /** An agent's task changed status (claimed, done, failed, re-queued). Sent to the portfolio's team only. */
  'tasks:changed': (event: TasksEvent) => void;
}

export interface TasksEvent {
  portfolioId: string;
  agentId: string;
  taskId: string;
  status: TaskStatus;
}

export interface CommentsEvent {
  kind: 'comment.created' | 'comment.updated' | 'comment.deleted';
  portfolioId: string;
  entityType: 'item' | 'cycle' | 'task' | 'agent' | 'portfolio';
  entityId: string;
  commentId: string;
  /** Who made the change. */
  actorId: string;
}

export interface PortfoliosEvent {
  portfolioId: string;
  access: 'granted' | 'revoked';
}

export interface ProductionEvent {
  kind: 'item.created' | 'item.updated' | 'item.deleted';
  portfolioId: string;
  cycleId: string;
  itemId: string;
  /** The item's optimistic version after the change (absent on delete). */
  version?: number;
  /** Who made the change (the app ignores its own echoes). */
  actorId: string;
}

// biome-ignore lint/complexity/noBannedTypes: the client sends no events yet; the map is the contract.
export type ClientToServerEvents = {};

export interface SocketAuth {
  token: string;
}

/** Where the server listens for sockets (socket.io's default, which the app's client uses). */
export const SOCKET_PATH = '/socket.io';

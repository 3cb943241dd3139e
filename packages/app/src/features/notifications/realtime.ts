import type {
  ClientToServerEvents,
  CommentsEvent,
  PortfoliosEvent,
  ProductionEvent,
  ServerToClientEvents,
  TasksEvent,
} from '@crw/contracts/events';
import { io, type Socket } from 'socket.io-client';
import { msg } from '../../messages.ts';
import { socketChanged } from '../connection/connection.ts';
import { forgetPortfolio, loadPortfolios, portfoliosStore } from '../portfolios/store.ts';
import { attention } from '../system/store.ts';
import {
  loadNotifications,
  notificationsStore,
  receiveNew,
  receiveUpdated,
  refreshUnreadCount,
} from './store.ts';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

type ProductionListener = (event: ProductionEvent) => void;
const productionListeners = new Set<ProductionListener>();
/** Screens that show production listen here; the one socket feeds them. Answers the unsubscribe. */
export function onProductionChanged(listener: ProductionListener): () => void {
  productionListeners.add(listener);
  return () => productionListeners.delete(listener);
}
type CommentsListener = (event: CommentsEvent) => void;
const commentsListeners = new Set<CommentsListener>();
/** Threads and dashboards listen here: a comment was written, edited or deleted. Answers the unsubscribe. */
export function onCommentsChanged(listener: CommentsListener): () => void {
  commentsListeners.add(listener);
  return () => commentsListeners.delete(listener);
}
type TasksListener = (event: TasksEvent) => void;
const tasksListeners = new Set<TasksListener>();
/** Agent screens listen here: a task changed status (claimed, done, failed, re-queued). Answers the unsubscribe. */
export function onTasksChanged(listener: TasksListener): () => void {
  tasksListeners.add(listener);
  return () => tasksListeners.delete(listener);
}
type ReconnectListener = () => void;
const reconnectListeners = new Set<ReconnectListener>();
/** After a reconnect that could not recover the session: whatever a screen shows may be stale. */
export function onReconnected(listener: ReconnectListener): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/**
 * This user's access changed. Granted: the portfolio list reloads, so a new card or selector entry shows at
 * once. Revoked: the portfolio leaves the list and stops being active, and whoever is on one of its screens
 * (`/portfolios/{id}/…`) is sent home with a warning, before the list reloads.
 */
export async function portfoliosChanged(event: PortfoliosEvent, leave: (to: string) => void) {
  if (event.access === 'revoked') {
    forgetPortfolio(event.portfolioId);
    const scope = `/portfolios/${event.portfolioId}`;
    const path = window.location.pathname;
    if (path === scope || path.startsWith(`${scope}/`)) {
      leave('/');
      attention.warning(msg.portfolios.accessRevoked);
    }
  }
  // A failed reload leaves the list as it was; the next screen that needs it reports the error.
  await loadPortfolios().catch(() => undefined);
}

/**
 * One socket per signed-in session: the token in the handshake's auth; notification events feed the store;
 * once connected the count and the portfolio list are read again (the first reads may precede the room join),
 * and after a reconnect the notifications, the count and the portfolios are reloaded, so nothing missed while
 * offline stays missed.
 * `leave` navigates inside the app (a revoked portfolio's screens are left through it).
 */
export function connectRealtime(token: string, leave: (to: string) => void): () => void {
  const socket: AppSocket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
  let connectedOnce = false;
  let closed = false;
  let refusals = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  // socket.io reconnects a lost transport by itself, but not a handshake the server refused (its session check
  // failed, perhaps for a moment): without this the tab would stay deaf until reloaded. It tries again, further
  // apart each time; an ended session answers 401 to the count read first, and the app signs out.
  const tryAgain = () => {
    refusals += 1;
    retry = setTimeout(
      () => {
        void refreshUnreadCount().finally(() => {
          if (!closed) socket.connect();
        });
      },
      Math.min(30_000, 1_000 * 2 ** Math.min(refusals - 1, 5)),
    );
  };
  socket.on('connect_error', () => {
    if (!closed) socketChanged(false);
    if (socket.active || closed) return;
    tryAgain();
  });
  // The server closed this socket on purpose (its session ended, or it was told to check it again): socket.io
  // does not reconnect by itself then. The count is read first: an ended session answers 401 and the app signs
  // out; a session still valid reconnects.
  socket.on('disconnect', (reason) => {
    // Not one the app asked for: whether the server is still there is asked at once (the connection's bar).
    if (!closed && reason !== 'io client disconnect') socketChanged(false);
    if (reason === 'io server disconnect' && !closed) tryAgain();
  });
  socket.on('connect', () => {
    refusals = 0;
    socketChanged(true);
    if (!connectedOnce) {
      // The badge was read before the socket joined its room: a notification made in between is counted now.
      void (notificationsStore.open ? loadNotifications() : refreshUnreadCount());
      // So was the portfolio list, most often: a grant or revoke made in between is read now.
      if (portfoliosStore.loaded || portfoliosStore.loading) void loadPortfolios().catch(() => undefined);
    } else if (!socket.recovered) {
      void loadNotifications();
      // A grant or revoke missed while offline.
      if (portfoliosStore.loaded) void loadPortfolios().catch(() => undefined);
      for (const listener of reconnectListeners) listener();
    }
    connectedOnce = true;
  });
  socket.on('notification:new', receiveNew);
  socket.on('notification:updated', receiveUpdated);
  socket.on('production:changed', (event) => {
    for (const listener of productionListeners) listener(event);
  });
  socket.on('comments:changed', (event) => {
    for (const listener of commentsListeners) listener(event);
  });
  socket.on('tasks:changed', (event) => {
    for (const listener of tasksListeners) listener(event);
  });
  socket.on('portfolios:changed', (event) => void portfoliosChanged(event, leave));
  return () => {
    closed = true;
    clearTimeout(retry);
    socket.removeAllListeners();
    socket.disconnect();
  };
}

/**
 * Realtime events: declared once, by the server (packages/server/src/contracts/events.ts), and re-exported here
 * as types only, so the app's `Socket<ServerToClientEvents, ClientToServerEvents>` uses the server's own maps
 * and its bundle takes no server code.
 */
export type {
  ClientToServerEvents,
  CommentsEvent,
  Notification,
  PortfoliosEvent,
  ProductionEvent,
  ServerToClientEvents,
  SocketAuth,
  TasksEvent,
} from '../../server/src/contracts/events.ts';

/**
 * Realtime events, declared once. The server's `Server<ClientToServerEvents, ServerToClientEvents>` and
 * the app's `Socket<ServerToClientEvents, ClientToServerEvents>` both use these maps.
 */
import type { Notification } from './gen/types.gen.ts';

export interface ServerToClientEvents {
  /** A new notification for the signed-in user (the whole notification). */
  'notification:new': (notification: Notification) => void;
  /** A notification of this user changed (read or archived) in another tab or device. */
  'notification:updated': (notification: Notification) => void;
}

// biome-ignore lint/complexity/noBannedTypes: the client sends no events yet; the map is the contract.
export type ClientToServerEvents = {};

export interface SocketAuth {
  token: string;
}

export const SOCKET_PATH = '/socket.io';

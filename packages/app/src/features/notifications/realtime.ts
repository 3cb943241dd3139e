import type { ClientToServerEvents, ServerToClientEvents } from '@crw/api-client/events';
import { io, type Socket } from 'socket.io-client';
import { loadNotifications, receiveNew, receiveUpdated } from './store.ts';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * One socket per signed-in session: the token in the handshake's auth; notification events feed the store;
 * after a reconnect the list and the count are reloaded so nothing missed while offline stays missed.
 */
export function connectRealtime(token: string): () => void {
  const socket: AppSocket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
  let connectedOnce = false;
  socket.on('connect', () => {
    if (connectedOnce && !socket.recovered) void loadNotifications();
    connectedOnce = true;
  });
  socket.on('notification:new', receiveNew);
  socket.on('notification:updated', receiveUpdated);
  return () => {
    socket.removeAllListeners();
    socket.disconnect();
  };
}

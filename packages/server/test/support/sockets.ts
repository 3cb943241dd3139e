import type { AddressInfo } from 'node:net';
import type { ServerToClientEvents } from '@crw/contracts/events';
import { io as connect, type Socket } from 'socket.io-client';
import type { App } from '../../src/app.ts';

/** Starts the app on a loopback port and answers its base URL. */
export async function listenOnLoopback(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * Opens sockets as a browser tab would (token in the handshake, WebSocket only, no reconnection) and closes
 * them all at the end. `open` resolves once connected and rejects on a refused handshake.
 */
export function socketPool(base: () => string) {
  const sockets: Socket[] = [];
  return {
    open(token: string): Promise<Socket<ServerToClientEvents>> {
      const socket: Socket<ServerToClientEvents> = connect(base(), {
        path: '/socket.io',
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    },
    closeAll() {
      for (const s of sockets.splice(0)) s.disconnect();
    },
  };
}

import { SOCKET_PATH } from '@crw/api-client/events';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import type { SocketServer } from '../services/notifier.ts';
import { userRoom } from '../services/notifier.ts';

declare module 'fastify' {
  interface FastifyInstance {
    io: SocketServer;
  }
}

/**
 * socket.io on the same HTTP server under /socket.io. The token travels in the handshake's `auth`; each
 * socket joins its user's room. With Redis, the Redis adapter makes N instances deliver each event once;
 * without it, the in-memory adapter with connection-state recovery.
 */
export const realtimePlugin = fp(async (app: FastifyInstance) => {
  const io: SocketServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    ...(app.redis ? {} : { connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000 } }),
  });
  if (app.redis) {
    const pub = app.redis.duplicate();
    const sub = app.redis.duplicate();
    io.adapter(createAdapter(pub, sub, { key: 'crw-socket.io' }));
    app.addHook('onClose', async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }
  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token) return next(new Error('No autenticado'));
    try {
      const user = await app.tokens.authenticate(token);
      socket.data.userId = user._id;
      await socket.join(userRoom(user._id));
      next();
    } catch {
      next(new Error('Sesión inválida o expirada'));
    }
  });
  app.decorate('io', io);
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    io.engine.close();
    io.removeAllListeners();
  });
});

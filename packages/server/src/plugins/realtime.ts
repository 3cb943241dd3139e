import { SOCKET_PATH } from '@crw/contracts/events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { AppError } from '../errors.ts';
import { RECOVERY_WINDOW_MS, RecoveryAdapter } from '../lib/recovery-adapter.ts';
import { closeRedis, duplicateRedis, firstConnection, onRedisRecovered } from '../lib/redis.ts';
import type { SocketServer } from '../services/notify/index.ts';
import { roleRoom, userRoom } from '../services/notify/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    io: SocketServer;
    /** Closes every socket of a user, on every instance (through the Redis adapter when there is one). */
    endSessions(userId: string): void;
    /**
     * A user's row or access changed (role, password, permissions, grants, name, deletion): every instance
     * drops it from its signed-in user cache and forgets the realtime audiences, this one at once, the others
     * through the Redis adapter.
     */
    usersChanged(userId: string): void;
  }
}

/**
 * Which browser origins may open a socket: PUBLIC_URL's origin when it is set, or else the request's own
 * host (same origin; the host compared as a URL would, so case and a default port do not matter). A
 * handshake without Origin comes from a non-browser client: it is accepted, because it still needs a valid
 * token, and cross-site abuse needs a browser, which always sends Origin. `Origin: null` (sandboxed frames,
 * files) and anything unparsable are refused.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, publicUrl?: string) {
  if (origin === undefined) return true;
  try {
    const from = new URL(origin);
    if (publicUrl) return from.origin === new URL(publicUrl).origin;
    if (!host) return false;
    return from.host === new URL(`${from.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/**
 * socket.io on the same HTTP server under /socket.io. The token travels in the handshake's `auth`; each
 * socket joins its user's room and its role's room (a broadcast by role). With Redis, the Redis adapter makes
 * N instances deliver each event once; without it, the in-memory adapter with connection-state recovery,
 * keeping only events someone could receive (`RecoveryAdapter`).
 */
export const realtimePlugin = fp(realtime, {
  name: 'crw-realtime',
  dependencies: ['crw-core', 'crw-redis', 'crw-notifier'],
  decorators: { fastify: ['env', 'redis', 'tokens', 'productionEvents'] },
});

async function realtime(app: FastifyInstance) {
  const io: SocketServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    allowRequest: (req, callback) => {
      const ok = originAllowed(req.headers.origin, req.headers.host, app.env.PUBLIC_URL);
      callback(ok ? null : 'Origen no permitido', ok);
    },
    // A recovered connection is authenticated again: a session ended meanwhile stays ended.
    ...(app.redis
      ? {}
      : {
          connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
          adapter: RecoveryAdapter,
        }),
  });
  if (app.redis) {
    // While Redis is down each instance still delivers to its own sockets (the adapter's broadcast publishes,
    // which fails at once and is dropped, then delivers locally); other instances' events are missed meanwhile.
    // The adapter's module first, then its clients and the adapter in one go: a subscriber whose connection was
    // made during the import would send its SUBSCRIBE before ioredis's ready check, whose INFO Redis then refuses
    // («Connection in subscriber mode»), and the client reconnects after reporting Redis down (CI saw it).
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const pub = duplicateRedis(app.redis, 'publisher');
    const sub = duplicateRedis(app.redis, 'subscriber');
    io.adapter(createAdapter(pub, sub, { key: 'crw-socket.io' }));
    // An event published before the publisher is connected would be dropped: the instance serves once its
    // clients are connected (or after 3 s with Redis down: then it starts degraded).
    await firstConnection([app.redis, pub, sub], 3_000);
    // Once Redis is back, every socket here is made to reconnect: without connection-state recovery (there is
    // none with Redis) the app then reloads what it shows (features/notifications/realtime.ts), which brings in
    // what other instances sent meanwhile, and each handshake checks its session again (one ended through
    // another instance meanwhile was not closed here).
    const stop = onRedisRecovered(app.redis, () => resync(io));
    app.addHook('onClose', async () => {
      stop();
      await Promise.allSettled([closeRedis(pub), closeRedis(sub)]);
    });
  }
  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token) return next(new Error('No autenticado'));
    try {
      const user = await app.tokens.authenticate(token);
      socket.data.userId = user._id;
      await socket.join([userRoom(user._id), roleRoom(user.role)]);
      next();
    } catch {
      next(new Error('Sesión inválida o expirada'));
    }
  });
  // A handshake authenticated just before its session ended (token read, then the role, password or
  // deletion committed and its sockets were closed, then this socket joined) would outlive the session. The
  // token is checked once more now that the socket is in its user's room: a session ended before this check
  // is caught here, one ended after it is caught by endSessions, which now finds the socket.
  // Only an ended session closes it: a check that could not be made (the database answering 503 for a moment)
  // leaves the socket, which the middleware authenticated a moment ago, connected; a client told to go away
  // would stay deaf until it reloads.
  io.on('connection', async (socket) => {
    const token = (socket.handshake.auth as { token?: string }).token!;
    try {
      await app.tokens.authenticate(token, { fresh: true });
    } catch (error) {
      if (error instanceof AppError && error.code === 'INVALID_TOKEN') socket.disconnect(true);
      else
        app.log.warn(
          { err: error, event: 'socket-session-check' },
          'no se pudo comprobar la sesión del socket',
        );
    }
  });
  app.decorate('io', io);
  // A user changed: their cached row goes, and so do the realtime audiences (which hold grants and roles).
  const forget = (userId: string) => {
    app.tokens.forget(userId);
    app.productionEvents.forget();
  };
  app.decorate('usersChanged', (userId: string) => {
    forget(userId);
    if (app.redis) throughRedis(() => io.serverSideEmit('users:changed', userId));
  });
  io.on('users:changed', forget);
  app.decorate('endSessions', (userId: string) => {
    // This instance's sockets at once, whatever Redis is doing; then every instance's, through the adapter.
    io.local.in(userRoom(userId)).disconnectSockets(true);
    if (app.redis) throughRedis(() => io.in(userRoom(userId)).disconnectSockets(true));
  });
  // Shutting down: every connection's transport is closed, without socket.io's "disconnect" packet, so each
  // client sees a lost connection and reconnects (through a balancer, to another instance); a disconnect
  // packet would tell it to stay away. Closed before the HTTP server waits for its connections to end.
  app.addHook('preClose', async () => {
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    io.engine.close();
    io.removeAllListeners();
  });
}

/**
 * A message to the other instances through the Redis adapter. While Redis is down it is lost (its publish fails
 * at once and is dropped, lib/redis) and must not fail the change that sent it: the caches it clears expire
 * within seconds, and when Redis is back every socket reconnects and its session is checked again (`resync`).
 */
function throughRedis(send: () => void) {
  try {
    send();
  } catch {
    // A synchronous failure of the adapter: the same loss as a failed publish.
  }
}

/** Sockets told to reconnect after Redis came back are spread over this long (not all in the same instant). */
const RESYNC_SPREAD_MS = 2_000;

/**
 * Closes this instance's socket transports without socket.io's disconnect packet: each client sees a lost
 * connection and reconnects by itself (as at shutdown), then reloads what it shows.
 */
function resync(io: SocketServer) {
  for (const socket of io.of('/').sockets.values()) {
    setTimeout(() => socket.conn.close(), Math.random() * RESYNC_SPREAD_MS).unref();
  }
}

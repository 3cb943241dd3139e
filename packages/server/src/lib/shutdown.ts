import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import type { HealthMonitor } from './health.ts';
import { closeRedis } from './redis.ts';

/** The whole drain fits in this; past it the process is ended (exit 1) with a line saying what was still open. */
export const SHUTDOWN_LIMIT_MS = 5_000;
/**
 * Between the health check saying `draining` and the listener closing: a balancer that checks now sees the 503,
 * while requests that still arrive are served as usual (not refused).
 */
export const DRAIN_NOTICE_MS = 1_000;
/** In-flight requests get this long to finish; then their connections are closed so the rest can end in time. */
const REQUESTS_LIMIT_MS = 4_000;

/**
 * SIGTERM / SIGINT: the instance leaves the balancer and ends within SHUTDOWN_LIMIT_MS with exit 0. In order:
 *  1. `/api/health` answers 503 `draining` at once, and the queue workers (mail, Notion, agents) stop claiming:
 *     they finish what they handed over (an SMTP conversation waits for the server's reply) and hand back what
 *     they hold; for DRAIN_NOTICE_MS new requests are still served, so a balancer has time to see the 503;
 *  2. the listener stops accepting, idle keep-alive connections are closed, the requests in flight finish
 *     (each gets its answer; one that comes on a busy keep-alive connection gets a 503) and their connections
 *     close after them; sockets are closed without socket.io's disconnect packet, so clients reconnect (to
 *     another instance);
 *  3. the database and Redis close; the process exits 0.
 */
export function createShutdown(deps: {
  app: FastifyInstance;
  database: Database;
  redis?: Redis;
  /** The backup control socket (PGlite), closed first. */
  control?: { close(): Promise<void> };
  exit?: (code: number) => void;
}) {
  const { app, database, redis } = deps;
  const exit = deps.exit ?? ((code: number) => process.exit(code));
  let closing: Promise<void> | undefined;
  const run = async (signal: string) => {
    const started = Date.now();
    app.health.drain();
    app.log.info({ signal }, 'cerrando: la instancia deja de aceptar conexiones');
    const limit = setTimeout(() => {
      app.log.error(
        { signal, elapsedMs: Date.now() - started },
        'el cierre superó su límite: salida forzada',
      );
      exit(1);
    }, SHUTDOWN_LIMIT_MS);
    limit.unref();
    // Requests that outlive their share of the limit are cut, so the database and Redis still close in time.
    const cut = setTimeout(() => app.server.closeAllConnections(), REQUESTS_LIMIT_MS);
    cut.unref();
    try {
      const workers = Promise.allSettled([app.mail.stop(), app.agentRunner.stop(), app.notionSync.stop()]);
      await new Promise((resolve) => setTimeout(resolve, DRAIN_NOTICE_MS));
      await deps.control?.close();
      await app.close();
      await workers;
      clearTimeout(cut);
      await database.close();
      if (redis) await closeRedis(redis);
      app.log.info({ signal, elapsedMs: Date.now() - started }, 'cerrado');
      clearTimeout(limit);
      exit(0);
    } catch (err) {
      app.log.error({ err, signal }, 'el cierre falló');
      exit(1);
    }
  };
  return (signal: string) => {
    closing ??= run(signal);
    return closing;
  };
}

/** The hooks that make a draining and then closing instance answer as the shutdown above describes. */
export function drainingHooks(app: FastifyInstance, health: HealthMonitor) {
  // Draining (SIGTERM): each answer closes its connection, so a keep-alive client reconnects, through the
  // balancer, to another instance, and the drain does not wait for idle connections to time out.
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (health.draining) reply.header('connection', 'close');
    done();
  });
  // Closing (after the drain's notice): a request that still comes on an open keep-alive connection is answered
  // 503 in the API's shape (Fastify's own closing answer has another), the health check with its `draining`.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!closing) return done();
    reply.code(503).header('connection', 'close');
    if (request.url === '/api/health') return void reply.send(health.snapshot());
    reply.send({
      message: 'Este servidor se está reiniciando: inténtalo de nuevo en unos segundos.',
      code: 'SERVICE_UNAVAILABLE',
    });
  });
}

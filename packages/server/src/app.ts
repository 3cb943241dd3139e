import { resolve } from 'node:path';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { createLazyCompilers } from './lib/lazy-compilers.ts';
import { serializeRequest } from './lib/log-serializers.ts';
import { defaultDistDir } from './paths.ts';
import { authPlugin } from './plugins/auth.ts';
import { corePlugin } from './plugins/core.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { healthPlugin } from './plugins/health.ts';
import { inputPlugin } from './plugins/input.ts';
import { mailPlugin } from './plugins/mail.ts';
import { notifierPlugin } from './plugins/notifier.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { redisPlugin } from './plugins/redis.ts';
import { routeListPlugin } from './plugins/route-list.ts';
import { securityPlugin } from './plugins/security.ts';
import { spaPlugin } from './plugins/spa.ts';
import { localDriverOf, storagePlugin } from './plugins/storage.ts';
import { warmUpPlugin } from './plugins/warm-up.ts';
import { webhooksPlugin } from './plugins/webhooks.ts';
import { workersPlugin } from './plugins/workers.ts';
import { apiRoutes } from './routes/index.ts';
import { localStorageRoutes } from './routes/storage/index.ts';

export interface AppOptions {
  env: Env;
  database: Database;
  redis?: Redis;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Request timeouts in milliseconds (tests shorten them); defaults in buildApp. */
  timeouts?: { headersMs?: number; requestMs?: number; idleMs?: number; checkIntervalMs?: number };
  /** Extra certificate authority for Web Push requests (tests trust a local HTTPS push peer with it). */
  pushCa?: string | Buffer;
  /** Agents' task runner: a webhook's time limit and the wait before a retry (tests shorten both). */
  agents?: { webhookTimeoutMs?: number; backoffMs?: (attempt: number) => number };
  /** The Notion sync: a request's time limit and the wait before a retry (tests shorten both). */
  notion?: { timeoutMs?: number; backoffMs?: (attempt: number) => number };
  /** Email: the wait before a retry (tests shorten it). */
  mail?: { backoffMs?: (attempt: number) => number };
}

/**
 * Builds the whole HTTP application from its plugins (src/plugins/, one file each): the core (env, database,
 * tokens), health and Redis → email, notifications, storage, webhooks and the background workers → errors,
 * input, security headers, OpenAPI → authentication, realtime → routes → SPA.
 * It does not listen; server.ts does, tests use `app.inject`.
 */
export async function buildApp(opts: AppOptions) {
  const { env, database } = opts;
  const compilers = createLazyCompilers();
  const app = Fastify({
    // Route schemas compile on first use or in the background after listening, not before (lib/lazy-compilers).
    schemaController: { compilersFactory: compilers.compilersFactory },
    // Request URLs are logged without their secrets (a sign-in link's token, lib/log-serializers).
    logger:
      opts.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            serializers: { req: serializeRequest },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    // Only the configured proxies may set X-Forwarded-For (TRUST_PROXY); by default nobody can.
    trustProxy:
      typeof env.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (env.trustProxy as number)
        : env.trustProxy,
    bodyLimit: 1024 * 1024,
    // Slow clients cannot hold connections open: headers within 15 s, the whole request within 5 minutes
    // (room for a large upload), and an idle socket is closed after a minute.
    requestTimeout: opts.timeouts?.requestMs ?? 5 * 60_000,
    connectionTimeout: opts.timeouts?.idleMs ?? 60_000,
    http: {
      headersTimeout: opts.timeouts?.headersMs ?? 15_000,
      connectionsCheckingInterval: opts.timeouts?.checkIntervalMs ?? 5_000,
    },
    ajv: {
      customOptions: { removeAdditional: 'all', coerceTypes: 'array', useDefaults: true, allErrors: false },
    },
    // Answered in the API's error shape by the closing hooks (lib/shutdown's drainingHooks, plugins/health.ts).
    return503OnClosing: false,
    frameworkErrors,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // In dependency order: each plugin names those it needs (fastify-plugin's `dependencies`), so Fastify refuses
  // to boot if one is registered before what it uses. Their hooks run in this order too (lib/shutdown relies on
  // the health plugin's draining hooks coming first and on realtime's preClose coming after them).
  await app.register(warmUpPlugin, { compilers });
  await app.register(corePlugin, { env, database });
  await app.register(healthPlugin);
  await app.register(redisPlugin, { redis: opts.redis });
  await app.register(mailPlugin, { backoffMs: opts.mail?.backoffMs });
  await app.register(notifierPlugin, { pushCa: opts.pushCa });
  await app.register(storagePlugin);
  await app.register(webhooksPlugin, { timeoutMs: opts.agents?.webhookTimeoutMs });
  await app.register(workersPlugin, { agents: opts.agents, notion: opts.notion });
  await app.register(errorsPlugin);
  await app.register(inputPlugin);
  const distDir = env.APP_DIST_DIR ? resolve(env.APP_DIST_DIR) : defaultDistDir;
  await app.register(securityPlugin, { distDir });
  await app.register(openapiPlugin);
  await app.register(routeListPlugin);
  await app.register(authPlugin);
  await app.register(realtimePlugin);
  await app.register(apiRoutes, { prefix: '/api' });
  const localDriver = localDriverOf(app.storage);
  if (localDriver) await app.register(localStorageRoutes, { prefix: '/api', driver: localDriver });
  await app.register(spaPlugin, { distDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
export type AnyApp = FastifyInstance;

import { resolve } from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import type { Database, Db } from './db/client.ts';
import { type Env, isTest } from './env.ts';
import { AppError } from './errors.ts';
import { createHealthMonitor, type HealthMonitor } from './lib/health.ts';
import { createLazyCompilers } from './lib/lazy-compilers.ts';
import { serializeRequest } from './lib/log-serializers.ts';
import { fallbackRateLimitStore } from './lib/rate-limit-store.ts';
import { watchRedis } from './lib/redis.ts';
import { ErrorResponse, registeredComponents } from './lib/schemas.ts';
import { drainingHooks } from './lib/shutdown.ts';
import { defaultDistDir } from './paths.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { inputPlugin } from './plugins/input.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { inlineScriptSources, spaPlugin } from './plugins/spa.ts';
import { apiRoutes } from './routes/index.ts';
import { localStorageRoutes } from './routes/storage/index.ts';
import { type AgentRunner, createAgentRunner } from './services/agents/index.ts';
import { createTokenService, type TokenService } from './services/people/index.ts';
import { createMail, type Mail } from './services/notify/index.ts';
import { purgeReadNotifications } from './services/notify/index.ts';
import { createNotifier, type Notifier } from './services/notify/index.ts';
import { createNotionClient, NOTION_TIMEOUT_MS } from './services/integrations/index.ts';
import { createNotionSync, type NotionSync } from './services/integrations/index.ts';
import { createProductionPublisher, type ProductionPublisher } from './services/notify/index.ts';
import { createPushSender, loadVapidKeys, type PushSender } from './services/notify/index.ts';
import { REMINDER_CHECK_MS, sendReviewReminders } from './services/jobs/index.ts';
import { getOrCreateSetting, randomSecret } from './lib/settings.ts';
import { createSigninLink, signinLinkUrl } from './services/people/index.ts';
import { createLocalDriver, loadS3Driver, type StorageDriver } from './services/storage/index.ts';
import { createWebhookSender, WEBHOOK_TIMEOUT_MS, type WebhookSender } from './services/agents/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    db: Db;
    database: Database;
    tokens: TokenService;
    redis: Redis | undefined;
    notifier: Notifier;
    /** Realtime production events (item created, changed, deleted) to the users who may see them. */
    productionEvents: ProductionPublisher;
    push: PushSender;
    /** Removes stored files of a deleted portfolio (the storage driver decides how). */
    onPortfolioDeleted: (fileKeys: string[]) => Promise<void>;
    storage: StorageDriver;
    /** Every API route as `METHOD /api/path` (for the authorisation matrix test and docs). */
    apiRoutes: string[];
    /** Settles when the route schemas compiled in the background after listen are all compiled. */
    warmedUp(): Promise<void>;
    /** The daily review reminders (scheduled on every instance; exactly one sends them each day). */
    reminders: { runNow(now?: Date): Promise<{ ran: boolean; notified: number }> };
    /** The daily purge of old notifications everyone has read (NOTIFICATION_RETENTION_DAYS). */
    retention: { runNow(now?: Date): Promise<{ ran: boolean; removed: number }> };
    /** Runs agents' tasks through their webhook tools (each task on exactly one instance). */
    agentRunner: AgentRunner;
    /** Appends client-approved items to linked Notion pages (each on exactly one instance). */
    notionSync: NotionSync;
    /** Email (SMTP_URL): queued in transactions, sent by a worker (each mail by exactly one instance), digests. */
    mail: Mail;
    /** Signed calls to webhook tools (tasks and the catalogue's "Probar"). */
    webhooks: WebhookSender;
    /** The state of the database, Redis, SMTP and storage (`/api/health`), and the one log of its changes. */
    health: HealthMonitor;
  }
}

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
 * Builds the whole HTTP application: external plugins → app services → routes → SPA.
 * It does not listen; server.ts does, tests use `app.inject`.
 */
export async function buildApp(opts: AppOptions) {
  const { env, database, redis } = opts;
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
    // Answered by the onRequest hook below, in the API's error shape.
    return503OnClosing: false,
    frameworkErrors,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const warming = new AbortController();
  let warmed: Promise<void> = Promise.resolve();
  app.addHook('onListen', async () => {
    warmed = compilers.warmUp(warming.signal);
  });
  app.decorate('warmedUp', () => warmed);
  app.addHook('onClose', async () => warming.abort());

  const jwtSecret = env.JWT_SECRET ?? (await getOrCreateSetting(database.db, 'jwt_secret', randomSecret));
  const tokens = createTokenService(database.db, jwtSecret, env.JWT_TTL_SECONDS);
  const health = createHealthMonitor(app.log);
  health.setProbe('database', () => database.ping());
  database.watchConnections?.((ok, error) => health.report('database', ok, error));
  // Redis's clients report to the monitor (one log line per change of state) and it pings Redis (lib/redis).
  if (redis) watchRedis(redis, health);
  app.decorate('health', health);
  drainingHooks(app, health);
  app.decorate('env', env);
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('tokens', tokens);
  app.decorate('redis', redis);
  const push = createPushSender({
    db: database.db,
    keys: await loadVapidKeys(database.db, env),
    subject: env.VAPID_SUBJECT,
    log: app.log,
    allowLoopback: env.PUSH_ALLOW_LOOPBACK,
    offline: isTest(env),
    ca: opts.pushCa,
  });
  app.decorate('push', push);
  // Pushes under way finish (each within its time limit) before the database they update is closed.
  app.addHook('onClose', () => push.close());
  const localDriver = env.S3_BUCKET
    ? undefined
    : createLocalDriver({
        root: resolve(env.dataDir, 'uploads'),
        secret: await getOrCreateSetting(database.db, 'storage_secret', randomSecret),
        publicUrl: env.PUBLIC_URL,
      });
  const storage: StorageDriver =
    localDriver ??
    (await loadS3Driver()).createS3Driver({
      bucket: env.S3_BUCKET!,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  app.decorate('storage', storage);
  // A local folder is checked each time the health check runs; an S3 bucket at most twice a minute.
  health.setProbe('storage', () => storage.ping(), { ttlMs: storage.kind === 's3' ? 30_000 : 1_000 });
  app.decorate('onPortfolioDeleted', (keys: string[]) => storage.delete(keys));
  app.decorate(
    'notifier',
    createNotifier({
      db: database.db,
      io: () => app.io,
      push,
      log: app.log,
      // Email is made further down (it needs the settings); the notifier reaches it when it writes.
      mail: {
        enqueue: (db, mail) => app.mail.enqueue(db, mail),
        digest: (db, entry) => app.mail.addDigestEntry(db, entry),
        kick: () => app.mail.kick(),
      },
    }),
  );
  app.decorate(
    'productionEvents',
    createProductionPublisher({ db: database.db, io: () => app.io, log: app.log }),
  );

  const reminders = {
    runNow: (now = new Date()) =>
      sendReviewReminders(database.db, app.notifier, { now, waitHours: env.REVIEW_REMINDER_HOURS }),
  };
  app.decorate('reminders', reminders);
  const retention = {
    runNow: (now = new Date()) =>
      purgeReadNotifications(database.db, { now, days: env.NOTIFICATION_RETENTION_DAYS }),
  };
  app.decorate('retention', retention);
  // Every instance checks now and then; the database lets one of them send each day's reminders and purge the
  // old notifications. Tests run them on demand (`app.reminders.runNow`, `app.retention.runNow`).
  if (env.NODE_ENV !== 'test') {
    let timer: NodeJS.Timeout | undefined;
    const check = () => {
      reminders.runNow().catch((err) => app.log.error({ err }, 'no se pudieron enviar los recordatorios'));
      retention
        .runNow()
        .catch((err) => app.log.error({ err }, 'no se pudieron borrar las notificaciones antiguas'));
    };
    app.addHook('onReady', async () => {
      timer = setInterval(check, REMINDER_CHECK_MS);
      timer.unref();
      setTimeout(check, 30_000).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }

  const webhooks = createWebhookSender({
    timeoutMs: opts.agents?.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
    // Tests reach only their loopback peers; otherwise public addresses only (see docs/decisions.md).
    allowLoopback: isTest(env),
    offline: isTest(env),
  });
  app.decorate('webhooks', webhooks);
  const agentRunner = createAgentRunner({
    db: database.db,
    notifier: app.notifier,
    events: app.productionEvents,
    webhooks,
    log: app.log,
    timeoutMs: opts.agents?.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
    backoffMs: opts.agents?.backoffMs,
  });
  app.decorate('agentRunner', agentRunner);
  // A new or re-queued task kicks this instance's runner; every instance also looks now and then, so a task
  // whose retry is due, or whose instance died, is picked up. Tests drive it (`app.agentRunner.drain`).
  if (env.NODE_ENV !== 'test') app.addHook('onReady', async () => agentRunner.start());
  app.addHook('onClose', () => agentRunner.stop());

  const notionTimeoutMs = opts.notion?.timeoutMs ?? NOTION_TIMEOUT_MS;
  const notionSync = createNotionSync({
    db: database.db,
    log: app.log,
    client: env.NOTION_TOKEN
      ? createNotionClient({
          token: env.NOTION_TOKEN,
          baseUrl: env.NOTION_API_URL,
          timeoutMs: notionTimeoutMs,
          // As webhooks: loopback (a local Notion peer) only in tests, public addresses otherwise.
          allowLoopback: isTest(env),
          offline: isTest(env),
        })
      : null,
    appOrigin: env.PUBLIC_URL,
    timeoutMs: notionTimeoutMs,
    backoffMs: opts.notion?.backoffMs,
  });
  app.decorate('notionSync', notionSync);
  if (env.NODE_ENV !== 'test') app.addHook('onReady', async () => notionSync.start());
  app.addHook('onClose', () => notionSync.stop());

  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const mail = await createMail({
    db: database.db,
    env,
    log: app.log,
    health,
    backoffMs: opts.mail?.backoffMs,
    // An email's button signs its recipient in and opens the piece: a one-time link made as it is sent.
    linkFor: async (userId, path) =>
      signinLinkUrl(
        publicUrl,
        await createSigninLink(database.db, { userId, target: path, ttlHours: env.SIGNIN_LINK_TTL_HOURS }),
      ),
  });
  app.decorate('mail', mail);
  // As the Notion sync: every instance drains and makes due digests; tests drive it (`app.mail.drain`).
  if (env.NODE_ENV !== 'test') app.addHook('onReady', async () => mail.start());
  app.addHook('onClose', () => mail.stop());

  await app.register(errorsPlugin);
  await app.register(inputPlugin);
  const distDir = env.APP_DIST_DIR ? resolve(env.APP_DIST_DIR) : defaultDistDir;
  // Security headers, worked out once (@fastify/helmet builds helmet's middleware again on every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The app's files, and the pages' inline boot script by its hash: no other inline script.
        scriptSrc: ["'self'", ...inlineScriptSources(distDir)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(env.S3_ENDPOINT ? [env.S3_ENDPOINT] : [])],
        mediaSrc: ["'self'", 'blob:', ...(env.S3_ENDPOINT ? [env.S3_ENDPOINT] : [])],
        // The app's own origin and its WebSocket form, and the S3 store for direct uploads: nothing else.
        connectSrc: [
          "'self'",
          ...socketOrigins(env.PUBLIC_URL),
          ...(env.S3_ENDPOINT ? [new URL(env.S3_ENDPOINT).origin] : []),
        ],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        // PDF previews: the file's bytes as a blob: URL made by the app (never another origin's document).
        objectSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, {
    global: false,
    // Shared through Redis; in this instance's memory while Redis does not answer (never a 500, never unlimited).
    ...(redis ? { store: fallbackRateLimitStore(redis, 'crw-rl:') } : {}),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
  app.addSchema(ErrorResponse);
  for (const schema of registeredComponents()) app.addSchema(schema);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Workspace de producción y revisión de contenido',
        description:
          'API del workspace. Todas las rutas salvo /auth/login y /health requieren un token Bearer.',
        version: '1.0.0',
      },
      servers: [{ url: '/api' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    // Paths in the document are relative to the /api server.
    transform: ({ schema, url }) => ({ schema, url: url.replace(/^\/api/, '') || '/' }),
    refResolver: { buildLocalReference: (json, _base, _frag, i) => (json.$id as string) ?? `def-${i}` },
  });
  // The document is always built (gen:api reads it); it is served only when API_DOCS allows.
  if (env.apiDocs) {
    await app.register((await import('@fastify/swagger-ui')).default, { routePrefix: '/api/docs' });
    app.get('/api/openapi.json', { schema: { hide: true }, config: { public: true } }, async () =>
      app.swagger(),
    );
  }

  const apiRouteList: string[] = [];
  app.decorate('apiRoutes', apiRouteList);
  app.addHook('onRoute', (route) => {
    if (
      !route.url.startsWith('/api/') ||
      route.url.startsWith('/api/docs') ||
      route.url === '/api/openapi.json'
    )
      return;
    for (const method of [route.method].flat())
      if (method !== 'HEAD') apiRouteList.push(`${method} ${route.url}`);
  });
  await app.register(authPlugin, { tokens });
  await app.register(realtimePlugin);
  await app.register(apiRoutes, { prefix: '/api' });
  if (localDriver) await app.register(localStorageRoutes, { prefix: '/api', driver: localDriver });
  await app.register(spaPlugin, { distDir });
  return app;
}

/** 'self' covers same-origin WebSockets in current browsers; a configured public origin is named in both forms. */
function socketOrigins(publicUrl: string | undefined): string[] {
  if (!publicUrl) return [];
  const url = new URL(publicUrl);
  return [url.origin, `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`];
}

export type App = Awaited<ReturnType<typeof buildApp>>;
export type AnyApp = FastifyInstance;

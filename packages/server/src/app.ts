import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database, Db } from './db/client.ts';
import type { Env } from './env.ts';
import { AppError } from './errors.ts';
import { ErrorResponse, registeredComponents } from './lib/schemas.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { spaPlugin } from './plugins/spa.ts';
import { apiRoutes } from './routes/index.ts';
import { localStorageRoutes } from './routes/storage/index.ts';
import { createTokenService, type TokenService } from './services/auth.ts';
import { createNotifier, type Notifier } from './services/notifier.ts';
import { createPushSender, loadVapidKeys, type PushSender } from './services/push.ts';
import { getOrCreateSetting, randomSecret } from './services/settings.ts';
import { createLocalDriver, createS3Driver, type StorageDriver } from './services/storage/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    db: Db;
    database: Database;
    tokens: TokenService;
    redis: Redis | undefined;
    notifier: Notifier;
    push: PushSender;
    /** Removes stored files of a deleted portfolio (the storage driver decides how). */
    onPortfolioDeleted: (fileKeys: string[]) => Promise<void>;
    storage: StorageDriver;
    /** Every API route as `METHOD /api/path` (for the authorisation matrix test and docs). */
    apiRoutes: string[];
  }
}

export interface AppOptions {
  env: Env;
  database: Database;
  redis?: Redis;
  logger?: boolean;
  /** HTTPS agent for Web Push requests (tests trust a local push endpoint with it). */
  pushAgent?: import('node:https').Agent;
}

export const defaultDistDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../app/dist');

/**
 * Builds the whole HTTP application: external plugins → app services → routes → SPA.
 * It does not listen; server.ts does, tests use `app.inject`.
 */
export async function buildApp(opts: AppOptions) {
  const { env, database, redis } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: env.LOG_LEVEL },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    ajv: {
      customOptions: { removeAdditional: 'all', coerceTypes: 'array', useDefaults: true, allErrors: false },
    },
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const jwtSecret = env.JWT_SECRET ?? (await getOrCreateSetting(database.db, 'jwt_secret', randomSecret));
  const tokens = createTokenService(database.db, jwtSecret, env.JWT_TTL_SECONDS);
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
    agent: opts.pushAgent,
  });
  app.decorate('push', push);
  const localDriver = env.S3_BUCKET
    ? undefined
    : createLocalDriver({
        root: resolve(env.dataDir, 'uploads'),
        secret: await getOrCreateSetting(database.db, 'storage_secret', randomSecret),
        publicUrl: env.PUBLIC_URL,
      });
  const storage: StorageDriver =
    localDriver ??
    createS3Driver({
      bucket: env.S3_BUCKET!,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  app.decorate('storage', storage);
  app.decorate('onPortfolioDeleted', (keys: string[]) => storage.delete(keys));
  app.decorate('notifier', createNotifier({ db: database.db, io: () => app.io, push }));

  await app.register(errorsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(env.S3_ENDPOINT ? [env.S3_ENDPOINT] : [])],
        mediaSrc: ["'self'", 'blob:', ...(env.S3_ENDPOINT ? [env.S3_ENDPOINT] : [])],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(env.S3_ENDPOINT ? [env.S3_ENDPOINT] : [])],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'crw-rl:',
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
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { public: true } }, async () =>
    app.swagger(),
  );

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
  await app.register(spaPlugin, { distDir: env.APP_DIST_DIR ? resolve(env.APP_DIST_DIR) : defaultDistDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
export type AnyApp = FastifyInstance;

import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { AppError } from '../errors.ts';
import { fallbackRateLimitStore } from '../lib/rate-limit-store.ts';
import { inlineScriptSources } from './spa.ts';

/** Security headers on every answer, compression, and the rate limits that routes ask for. */
export const securityPlugin = fp(security, {
  name: 'crw-security',
  dependencies: ['crw-core', 'crw-redis'],
  decorators: { fastify: ['env', 'redis'] },
});

async function security(app: FastifyInstance, opts: { distDir: string }) {
  const { env, redis } = app;
  // Security headers, worked out once (@fastify/helmet builds helmet's middleware again on every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The app's files, and the pages' inline boot script by its hash: no other inline script.
        scriptSrc: ["'self'", ...inlineScriptSources(opts.distDir)],
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
}

/** 'self' covers same-origin WebSockets in current browsers; a configured public origin is named in both forms. */
function socketOrigins(publicUrl: string | undefined): string[] {
  if (!publicUrl) return [];
  const url = new URL(publicUrl);
  return [url.origin, `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`];
}

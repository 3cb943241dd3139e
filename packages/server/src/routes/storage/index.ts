import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../lib/schemas.ts';
import type { createLocalDriver } from '../../services/storage/index.ts';

type LocalDriver = ReturnType<typeof createLocalDriver>;

const Query = Type.Object({
  expires: Type.Integer(),
  signature: Type.String({ minLength: 1, maxLength: 200 }),
  type: Type.Optional(Type.String({ maxLength: 120 })),
  max: Type.Optional(Type.Integer()),
});

/**
 * The local store's presigned-style URLs: authorised by their HMAC signature alone (no session), short-lived,
 * bound to one key, method, content type and size limit.
 */
export const localStorageRoutes: FastifyPluginAsyncTypebox<{ driver: LocalDriver }> = async (
  app,
  { driver },
) => {
  // Uploads are raw bodies of any type, streamed to disk.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.put(
    '/storage/*',
    {
      config: { public: true },
      bodyLimit: app.env.UPLOAD_MAX_BYTES + 1,
      schema: {
        hide: true,
        operationId: 'uploadToLocalStorage',
        querystring: Query,
        response: {
          200: Type.Object({ success: Type.Boolean(), size: Type.Integer() }),
          ...errorResponses(400, 403, 404, 413, 415),
        },
      },
    },
    async (request) => {
      const key = (request.params as { '*': string })['*'];
      const q = request.query;
      if (!driver.verify({ method: 'PUT', key, expires: q.expires, type: q.type, max: q.max }, q.signature)) {
        throw new AppError('FORBIDDEN', 'Enlace de subida inválido o caducado');
      }
      const type = String(request.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim();
      if (type !== q.type)
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'El tipo del archivo no coincide con el enlace de subida',
        );
      const size = await driver.write(key, request.body as Readable, q.max ?? app.env.UPLOAD_MAX_BYTES);
      return { success: true, size };
    },
  );

  app.get(
    '/storage/*',
    {
      config: { public: true },
      schema: {
        hide: true,
        operationId: 'downloadFromLocalStorage',
        querystring: Query,
        response: { ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const q = request.query;
      if (!driver.verify({ method: 'GET', key, expires: q.expires }, q.signature)) {
        throw new AppError('FORBIDDEN', 'Enlace de descarga inválido o caducado');
      }
      const { stream, size } = await driver.read(key);
      return reply
        .header('Content-Length', size)
        .header('Cache-Control', 'private, max-age=300')
        .header('Content-Disposition', 'attachment')
        .type('application/octet-stream')
        .send(stream);
    },
  );
};

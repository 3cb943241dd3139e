import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { type createLocalDriver, tooLargeMessage } from '../../services/storage/index.ts';

type LocalDriver = ReturnType<typeof createLocalDriver>;

const Query = Type.Object({
  expires: Type.Integer(),
  signature: Type.String({ minLength: 1, maxLength: 200 }),
  type: Type.Optional(Type.String({ maxLength: 120 })),
  max: Type.Optional(Type.Integer({ minimum: 0 })),
});

/**
 * The local store's presigned-style URLs: authorised by their HMAC signature alone (no session), short-lived,
 * bound to one key and method; an upload URL also to its content type and, when one was given, its exact size,
 * and usable once (the object is published with link(), which never replaces: a second PUT answers 409).
 * UPLOAD_MAX_BYTES is enforced here, where the bytes arrive: the body is read no further than one byte past it.
 */
export const localStorageRoutes: FastifyPluginAsyncTypebox<{ driver: LocalDriver }> = async (
  app,
  { driver },
) => {
  // Uploads are raw bodies of any type, streamed to disk.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const maxBytes = app.env.UPLOAD_MAX_BYTES;
  app.put(
    '/storage/*',
    {
      config: { public: true },
      // No bodyLimit: Fastify applies none to a parser that hands the stream on (it used to be set here and
      // did nothing). The driver counts the bytes as they arrive and stops at the limit.
      // A refused upload's body is left unread (the driver stops at the limit): the connection ends with the
      // answer instead of Node reading the rest of the body to keep it alive.
      onError: async (_request, reply) => {
        reply.header('connection', 'close');
      },
      schema: {
        hide: true,
        operationId: 'uploadToLocalStorage',
        querystring: Query,
        response: {
          200: Type.Object({ success: Type.Boolean(), size: Type.Integer() }),
          ...errorResponses(400, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request) => {
      const key = (request.params as { '*': string })['*'];
      const q = request.query;
      if (!driver.verify({ method: 'PUT', key, expires: q.expires, type: q.type, max: q.max }, q.signature)) {
        throw new AppError('FORBIDDEN', 'Enlace de subida inválido o caducado');
      }
      const declared = q.max;
      const type = String(request.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      if (type !== q.type!.toLowerCase())
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          `El tipo del archivo (${type || 'sin Content-Type'}) no coincide con el del enlace de subida (${q.type})`,
        );
      // A declared length over the limit, or other than the signed size, is refused before a byte is read.
      const length = request.headers['content-length'];
      if (length !== undefined && Number(length) > maxBytes)
        throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(maxBytes));
      if (declared !== undefined && length !== undefined && Number(length) > declared)
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `El archivo ocupa más de los ${declared} bytes declarados al pedir el enlace de subida`,
        );
      if (declared !== undefined && length !== undefined && Number(length) < declared)
        throw new AppError(
          'VALIDATION',
          `El archivo ocupa ${length} bytes y se declararon ${declared} al pedir el enlace de subida`,
          [{ field: 'size', message: 'no coincide con el archivo enviado' }],
        );
      const size = await driver.write(key, request.body as Readable, { size: declared, maxBytes });
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

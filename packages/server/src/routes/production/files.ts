import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, IdParams } from '../../lib/schemas.ts';
import * as production from '../../services/review/index.ts';

/** An item's files: signed URLs to upload straight to the store and to download. */
export const fileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/production/items/:id/signed-url',
    {
      schema: {
        operationId: 'createSignedUploadUrl',
        tags: ['files'],
        summary: 'URL firmada para subir un archivo de la pieza directamente al almacenamiento',
        params: IdParams,
        body: Type.Object(
          {
            fileName: Type.String({ minLength: 1, maxLength: 255 }),
            fileType: Type.String({ minLength: 1, maxLength: 120 }),
            size: Type.Optional(
              Type.Integer({
                minimum: 0,
                maximum: Number.MAX_SAFE_INTEGER,
                description:
                  'Tamaño exacto en bytes (opcional): si se indica, la subida debe tenerlo; si no, el tamaño del archivo guardado se comprueba al añadirlo a una versión',
              }),
            ),
          },
          { title: 'SignedUrlBody' },
        ),
        response: {
          200: Type.Object(
            {
              url: Type.String(),
              headers: Type.Record(Type.String(), Type.String(), {
                description: 'Cabeceras que la subida (PUT) debe enviar tal cual',
              }),
              s3Key: Type.String(),
              expiresAt: Type.String(),
            },
            { title: 'SignedUpload' },
          ),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request) => {
      const { item } = await production.loadItem(app.db, request.user, request.params.id, 'production.edit');
      return production.issueUpload(
        app.db,
        app.storage,
        app.env.UPLOAD_MAX_BYTES,
        request.user,
        item,
        request.body,
      );
    },
  );

  app.get(
    '/production/items/:id/download-url',
    {
      schema: {
        operationId: 'getDownloadUrl',
        tags: ['files'],
        summary: 'URL firmada para descargar un archivo de la pieza',
        params: IdParams,
        querystring: Type.Object({ s3Key: Type.String({ minLength: 1, maxLength: 500 }) }),
        response: {
          200: Type.Object({ url: Type.String(), expiresAt: Type.String() }, { title: 'SignedDownload' }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const access = await production.loadItem(app.db, request.user, request.params.id);
      return production.downloadUrl(app.db, app.storage, access, request.query.s3Key);
    },
  );
};

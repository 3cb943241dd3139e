import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { component, errorResponses, ref } from '../../lib/schemas.ts';
import { uploadSettings } from '../../services/storage/index.ts';

const UploadSettingsSchema = component(
  'UploadSettings',
  Type.Object({
    maxBytes: Type.Integer({ description: 'Tamaño máximo de un archivo, en bytes (UPLOAD_MAX_BYTES)' }),
    types: Type.Array(Type.String(), { description: 'Tipos MIME que se aceptan al subir un archivo' }),
  }),
);

/** The server's settings the app needs to draw its screens (any signed-in user). */
export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/settings/uploads',
    {
      schema: {
        operationId: 'getUploadSettings',
        tags: ['settings'],
        summary: 'Límites de subida: tamaño máximo y tipos de archivo aceptados',
        response: { 200: ref(UploadSettingsSchema), ...errorResponses(401) },
      },
    },
    async () => uploadSettings(app.env),
  );
};

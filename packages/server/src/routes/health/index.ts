import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ErrorRef } from '../../lib/schemas.ts';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'Estado del servicio y de su base de datos',
        security: [],
        response: { 200: Type.Object({ status: Type.Literal('ok') }, { title: 'Health' }), 503: ErrorRef },
      },
    },
    async (_request, reply) => {
      if (!(await app.database.ping())) {
        return reply.status(503).send({ message: 'La base de datos no responde', code: 'UNAVAILABLE' });
      }
      return { status: 'ok' as const };
    },
  );
};

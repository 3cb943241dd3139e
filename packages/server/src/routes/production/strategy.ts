import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, IdParams, ref } from '../../lib/schemas.ts';
import * as production from '../../services/review/index.ts';
import { CoverageSchema, ItemSchema } from './schemas.ts';

const tags = ['production'];

/** Strategy: draft items that cover the portfolio's pillars, angles, formats and funnel stages, and the coverage. */
export const strategyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/production/cycles/:id/items/strategy',
    {
      schema: {
        operationId: 'generateStrategy',
        tags,
        summary: 'Genera piezas en borrador que cubren pilares, ángulos, formatos y fases del embudo',
        params: IdParams,
        body: Type.Object(
          { itemsCount: Type.Integer({ minimum: 1, maximum: 100 }) },
          { title: 'GenerateStrategyBody' },
        ),
        response: { 201: Type.Array(ref(ItemSchema)), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = await production.loadCycle(app.db, request.user, request.params.id, 'production.edit');
      return reply
        .status(201)
        .send(await production.draftStrategy(app, request.user, access, request.body.itemsCount));
    },
  );

  app.get(
    '/production/cycles/:id/items/strategy',
    {
      schema: {
        operationId: 'getStrategyCoverage',
        tags,
        summary: 'Cobertura del ciclo por pilar, ángulo, formato, fase y nivel de conciencia',
        params: IdParams,
        response: { 200: ref(CoverageSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { cycle, internal } = await production.loadCycle(
        app.db,
        request.user,
        request.params.id,
        'production.view',
      );
      return production.strategyCoverage(app.db, cycle, internal);
    },
  );
};

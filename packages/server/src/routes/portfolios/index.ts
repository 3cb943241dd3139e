import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../lib/schemas.ts';
import { listVisiblePortfolios } from '../../services/portfolios.ts';
import { PortfolioSchema } from './schemas.ts';

export const portfolioRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/portfolios',
    {
      schema: {
        operationId: 'listPortfolios',
        tags: ['portfolios'],
        summary: 'Los portafolios que el usuario puede ver',
        response: { 200: Type.Array(PortfolioSchema), ...errorResponses(401) },
      },
    },
    async (request) => listVisiblePortfolios(app.db, request.user),
  );
};

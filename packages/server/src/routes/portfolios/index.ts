import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, IdParams, ref } from '../../lib/schemas.ts';
import { requirePortfolio } from '../../policy.ts';
import { getPortfolioView, listVisiblePortfolios } from '../../services/portfolios.ts';
import { PortfolioSchema } from './schemas.ts';

export const portfolioRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/portfolios',
    {
      schema: {
        operationId: 'listPortfolios',
        tags: ['portfolios'],
        summary: 'Los portafolios que el usuario puede ver',
        response: { 200: Type.Array(ref(PortfolioSchema)), ...errorResponses(401) },
      },
    },
    async (request) => listVisiblePortfolios(app.db, request.user),
  );

  app.get(
    '/portfolios/:id',
    {
      schema: {
        operationId: 'getPortfolio',
        tags: ['portfolios'],
        summary: 'Un portafolio con sus integraciones',
        params: IdParams,
        response: { 200: ref(PortfolioSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      await requirePortfolio(app.db, request.user, request.params.id, 'portfolio.view');
      return getPortfolioView(app.db, request.params.id);
    },
  );
};

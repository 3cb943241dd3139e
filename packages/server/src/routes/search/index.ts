import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../lib/schemas.ts';
import * as service from '../../services/search/index.ts';
import { EntityId } from '../params.ts';

const SearchHitSchema = Type.Object(
  {
    type: Type.Union(service.searchTypes.map((t) => Type.Literal(t))),
    id: Type.String(),
    title: Type.String(),
    snippet: Type.String({
      description:
        'El texto que coincide, con las palabras halladas entre <mark> y </mark> (el resto, escapado como HTML)',
    }),
    portfolioId: Type.String(),
    portfolioName: Type.String(),
    cycleId: Type.Union([Type.String(), Type.Null()]),
    cycleStartDate: Type.Union([Type.String(), Type.Null()]),
    cycleEndDate: Type.Union([Type.String(), Type.Null()]),
    itemId: Type.Union([Type.String(), Type.Null()]),
    url: Type.String({ description: 'La pantalla de la app que abre el resultado' }),
  },
  { title: 'SearchHit' },
);

export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/search',
    {
      schema: {
        operationId: 'search',
        tags: ['search'],
        summary: 'Busca en carteras, piezas y comentarios visibles para quien llama, en todos los ciclos',
        querystring: Type.Object({
          q: Type.String({ maxLength: service.SEARCH_MAX_CHARS }),
          portfolioId: Type.Optional(EntityId),
          limit: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: service.SEARCH_MAX_LIMIT,
              default: service.SEARCH_DEFAULT_LIMIT,
            }),
          ),
        }),
        response: {
          200: Type.Object({ items: Type.Array(SearchHitSchema) }, { title: 'SearchResults' }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => service.search(app.db, request.user, request.query),
  );
};

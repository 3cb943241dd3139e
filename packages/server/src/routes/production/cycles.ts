import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, IdParams, IsoDate, Ok, PageQuery, Paginated, ref } from '../../lib/schemas.ts';
import { isInternalViewer, requirePortfolio } from '../../policy.ts';
import * as production from '../../services/review/index.ts';
import { cycleFromPath, portfolioFromPath } from '../access.ts';
import { EntityId } from '../params.ts';
import { CycleSchema } from './schemas.ts';

const tags = ['production'];
const CycleDuration = Type.Integer({ minimum: 1, maximum: 365, description: 'Días' });

/**
 * Cycles: they stay contiguous (a new one starts the day after the last one ends); only the last one's end may
 * change, and only the last one, when it holds no items, may be deleted. Each route parses, authorises (portfolio
 * grant and permission; 404 for what the caller may not see) and calls one service.
 */
export const cycleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/production/portfolios/:id/start',
    {
      schema: {
        operationId: 'startProduction',
        tags,
        summary: 'Inicia la producción: abre el primer ciclo desde hoy',
        params: IdParams,
        body: Type.Object({ cycleDuration: CycleDuration }, { title: 'StartProductionBody' }),
        response: { 201: ref(CycleSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const portfolioId = await portfolioFromPath(app, request, 'production.edit');
      return reply
        .status(201)
        .send(await production.startProduction(app.db, portfolioId, request.body.cycleDuration));
    },
  );

  app.get(
    '/production/portfolios/:id/current-cycle',
    {
      schema: {
        operationId: 'getCurrentCycle',
        tags,
        summary:
          'El ciclo cuyas fechas contienen hoy, o null si no hay ninguno (aún sin ciclos, o entre ciclos)',
        params: IdParams,
        response: {
          200: Type.Union([ref(CycleSchema), Type.Null()], { title: 'CurrentCycle' }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) =>
      production.currentCycle(app.db, await portfolioFromPath(app, request, 'production.view')),
  );

  app.get(
    '/production/portfolios/:id/cycles',
    {
      schema: {
        operationId: 'listCycles',
        tags,
        summary: 'Ciclos del portafolio, los más recientes primero (paginado, con búsqueda)',
        params: IdParams,
        querystring: Type.Object({ ...PageQuery, search: Type.Optional(Type.String({ maxLength: 50 })) }),
        response: { 200: Paginated(ref(CycleSchema), 'CyclePage'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const perms = await requirePortfolio(app.db, request.user, request.params.id, 'production.view');
      const internal = isInternalViewer(request.user, perms);
      return production.listCycles(app.db, request.params.id, internal, request.query);
    },
  );

  app.post(
    '/production/portfolios/:id/next-cycle',
    {
      schema: {
        operationId: 'createNextCycle',
        tags,
        summary:
          'Crea el ciclo siguiente: empieza el día después del último (misma duración si no se indica)',
        params: IdParams,
        body: Type.Object({ cycleDuration: Type.Optional(CycleDuration) }, { title: 'NextCycleBody' }),
        response: { 201: ref(CycleSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const portfolioId = await portfolioFromPath(app, request, 'production.edit');
      return reply
        .status(201)
        .send(await production.createNextCycle(app.db, portfolioId, request.body.cycleDuration));
    },
  );

  app.post(
    '/production/cycles',
    {
      schema: {
        operationId: 'createCycle',
        tags,
        summary:
          'Crea un ciclo: el primero del portafolio empieza cualquier día; los demás, el día después de que termine el último (409 si no)',
        body: Type.Object(
          {
            portfolioId: EntityId,
            startDate: IsoDate,
            endDate: IsoDate,
          },
          { title: 'CreateCycleBody' },
        ),
        response: { 201: ref(CycleSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await requirePortfolio(app.db, request.user, request.body.portfolioId, 'production.edit');
      return reply.status(201).send(await production.createCycle(app.db, request.body));
    },
  );

  app.patch(
    '/production/cycles/:id',
    {
      schema: {
        operationId: 'updateCycle',
        tags,
        summary: 'Cambia la fecha de fin del último ciclo (nunca antes de su inicio; 409 si no es el último)',
        params: IdParams,
        body: Type.Object({ endDate: IsoDate }, { title: 'UpdateCycleBody' }),
        response: { 200: ref(CycleSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { cycle } = await cycleFromPath(app, request, 'production.edit');
      return production.updateCycleEnd(app.db, cycle, request.body.endDate);
    },
  );

  app.delete(
    '/production/cycles/:id',
    {
      schema: {
        operationId: 'deleteCycle',
        tags,
        summary: 'Elimina el último ciclo si no tiene piezas (409 si no es el último o si tiene piezas)',
        params: IdParams,
        response: { 200: Ok, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { cycle } = await cycleFromPath(app, request, 'production.edit');
      await production.deleteCycle(app.db, cycle);
      return { success: true };
    },
  );
};

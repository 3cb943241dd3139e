import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, IdParams, Ok, ref } from '../../lib/schemas.ts';
import { requireGlobal } from '../../policy.ts';
import * as service from '../../services/review/index.ts';
import { portfolioFromPath } from '../access.ts';
import { idParams } from '../params.ts';
import {
  AccountDataSchema,
  IntegrationSchema,
  NotionSyncStateSchema,
  PortfolioSchema,
  ProductionCycleDataSchema,
} from './schemas.ts';

const Identifier = Type.String({ minLength: 3, maxLength: 60, pattern: service.slugPattern });
const tags = ['portfolios'];
/** The body that names a Notion page (to integrate it, or to let it go). */
const notionPageBody = (title: string) =>
  Type.Object({ paginaNotionId: Type.String({ minLength: 1, maxLength: 200 }) }, { title });

export const portfolioRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/portfolios',
    {
      schema: {
        operationId: 'listPortfolios',
        tags,
        summary: 'Los portafolios que el usuario puede ver',
        response: { 200: Type.Array(ref(PortfolioSchema)), ...errorResponses(401) },
      },
    },
    async (request) => service.listVisiblePortfolios(app.db, request.user),
  );

  app.post(
    '/portfolios',
    {
      schema: {
        operationId: 'createPortfolio',
        tags,
        summary: 'Crea un portafolio; quien lo crea recibe acceso de empleado',
        body: Type.Object(
          {
            identifier: Identifier,
            accountData: AccountDataSchema,
            productionCycleData: Type.Optional(Type.Partial(ProductionCycleDataSchema)),
          },
          { title: 'CreatePortfolioBody' },
        ),
        response: { 201: ref(PortfolioSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      requireGlobal(request.user, 'portfolios.create');
      return reply.status(201).send(await service.addPortfolio(app, request.user, request.body));
    },
  );

  app.get(
    '/portfolios/check-identifier/:id',
    {
      schema: {
        operationId: 'checkPortfolioIdentifier',
        tags,
        summary: 'Indica si un identificador está libre (solo para quien puede crear portafolios)',
        params: IdParams,
        response: {
          200: Type.Object({ available: Type.Boolean() }, { title: 'IdentifierAvailability' }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => {
      // Only those who may create a portfolio need to know whether an identifier is taken; anyone else
      // could use the answer to enumerate the agency's clients.
      requireGlobal(request.user, 'portfolios.create');
      return { available: await service.identifierAvailable(app.db, request.params.id) };
    },
  );

  app.get(
    '/portfolios/:id',
    {
      schema: {
        operationId: 'getPortfolio',
        tags,
        summary: 'Un portafolio con sus integraciones',
        params: IdParams,
        response: { 200: ref(PortfolioSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      service.getPortfolioView(app.db, await portfolioFromPath(app, request, 'portfolio.view')),
  );

  app.put(
    '/portfolios/:id',
    {
      schema: {
        operationId: 'updatePortfolio',
        tags,
        summary: 'Edita los datos de un portafolio',
        params: IdParams,
        body: Type.Object(
          {
            identifier: Type.Optional(Identifier),
            accountData: Type.Optional(Type.Partial(AccountDataSchema)),
            productionCycleData: Type.Optional(Type.Partial(ProductionCycleDataSchema)),
            allowSelfApproval: Type.Optional(
              Type.Boolean({
                description: 'Permitir que el autor apruebe su propio trabajo (equipos de una persona)',
              }),
            ),
          },
          { title: 'UpdatePortfolioBody', minProperties: 1 },
        ),
        response: { 200: ref(PortfolioSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const portfolioId = await portfolioFromPath(app, request, 'portfolio.edit');
      return service.editPortfolio(app, portfolioId, request.body);
    },
  );

  app.delete(
    '/portfolios/:id',
    {
      schema: {
        operationId: 'deletePortfolio',
        tags,
        summary: 'Elimina el portafolio y todo lo que contiene',
        params: IdParams,
        response: { 200: Ok, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const portfolioId = await portfolioFromPath(app, request, 'portfolio.delete');
      await service.deletePortfolio(app, portfolioId, request.log);
      return { success: true };
    },
  );

  app.post(
    '/portfolios/:id/integraciones/notion',
    {
      schema: {
        operationId: 'createNotionIntegration',
        tags,
        summary: 'Integra una página de Notion en el portafolio',
        params: IdParams,
        body: notionPageBody('NotionIntegrationBody'),
        response: { 201: IntegrationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const portfolioId = await portfolioFromPath(app, request, 'portfolio.edit');
      return reply
        .status(201)
        .send(await service.addNotionIntegration(app.db, portfolioId, request.body.paginaNotionId));
    },
  );

  app.get(
    '/portfolios/:id/integraciones/notion/sincronizaciones',
    {
      schema: {
        operationId: 'listNotionSyncs',
        tags,
        summary: 'El estado de la sincronización con Notion de cada pieza aprobada por el cliente',
        params: IdParams,
        response: { 200: NotionSyncStateSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.notionSyncState(app, await portfolioFromPath(app, request, 'portfolio.edit')),
  );

  app.post(
    '/portfolios/:id/integraciones/notion/sincronizar',
    {
      schema: {
        operationId: 'syncNotionNow',
        tags,
        summary:
          'Sincroniza ahora: reintenta lo que falló y envía las piezas aprobadas que aún no están en las páginas',
        params: IdParams,
        response: {
          200: Type.Object(
            { retried: Type.Integer(), queued: Type.Integer() },
            { title: 'NotionSyncNowResult' },
          ),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) => service.syncNotionNow(app, await portfolioFromPath(app, request, 'portfolio.edit')),
  );

  app.get(
    '/portfolios/:id/integraciones',
    {
      schema: {
        operationId: 'listIntegrations',
        tags,
        summary: 'Las integraciones del portafolio',
        params: IdParams,
        response: { 200: Type.Array(IntegrationSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      service.listIntegrations(app.db, await portfolioFromPath(app, request, 'portfolio.view')),
  );

  app.delete(
    '/portfolios/:id/integraciones/:integrationId',
    {
      schema: {
        operationId: 'deleteIntegration',
        tags,
        summary: 'Elimina una integración (con paginaNotionId en el cuerpo)',
        params: idParams('id', 'integrationId'),
        body: notionPageBody('DeleteIntegrationBody'),
        response: { 200: Ok, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const portfolioId = await portfolioFromPath(app, request, 'portfolio.edit');
      await service.removeIntegration(
        app.db,
        portfolioId,
        request.params.integrationId,
        request.body.paginaNotionId,
      );
      return { success: true };
    },
  );
};

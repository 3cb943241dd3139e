import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, IdParams, Ok, ref } from '../../lib/schemas.ts';
import { requireGlobal, requirePortfolio } from '../../policy.ts';
import * as service from '../../services/portfolios.ts';
import {
  AccountDataSchema,
  IntegrationSchema,
  NotionSyncStateSchema,
  PortfolioSchema,
  ProductionCycleDataSchema,
} from './schemas.ts';

const Identifier = Type.String({ minLength: 3, maxLength: 60, pattern: service.slugPattern });
const tags = ['portfolios'];

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
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
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
    async (request) => {
      await requirePortfolio(app.db, request.user, request.params.id, 'portfolio.view');
      return service.getPortfolioView(app.db, request.params.id);
    },
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
      await requirePortfolio(app.db, request.user, request.params.id, 'portfolio.edit');
      return service.editPortfolio(app, request.params.id, request.body);
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
      await requirePortfolio(app.db, request.user, request.params.id, 'portfolio.delete');
      await service.deletePortfolio(app, request.params.id, request.log);
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
        body: Type.Object(
          { paginaNotionId: Type.String({ minLength: 1, maxLength: 200 }) },
          { title: 'NotionIntegrationBody' },
        ),
        response: { 201: IntegrationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await requirePortfolio(app.db, request.user, request.params.id, 'portfolio.edit');
      return reply
        .status(201)
        .send(await service.addNotionIntegration(app.db, request.params.id, request.body.paginaNotionId));
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
    async (request) => {
      await requirePortfolio(app.db, request.user, request.params.id, 'portfolio.edit');
      return service.notionSyncState(app, request.params.id);
    },
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
    async (request) => {
      await requirePortfolio(app.db, request.user, request.params.id, 'portfolio.edit');
      return service.syncNotionNow(app, request.params.id);
    },
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
    async (request) => {
      await requirePortfolio(app.db, request.user, request.params.id, 'portfolio.view');
      return service.listIntegrations(app.db, request.params.id);
    },
  );

  app.delete(
    '/portfolios/:id/integraciones/:integrationId',
    {
      schema: {
        operationId: 'deleteIntegration',
        tags,
        summary: 'Elimina una integración (con paginaNotionId en el cuerpo)',
        params: Type.Object({
          id: Type.String({ minLength: 1, maxLength: 100 }),
          integrationId: Type.String({ minLength: 1, maxLength: 100 }),
        }),
        body: Type.Object(
          { paginaNotionId: Type.String({ minLength: 1, maxLength: 200 }) },
          { title: 'DeleteIntegrationBody' },
        ),
        response: { 200: Ok, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await requirePortfolio(app.db, request.user, request.params.id, 'portfolio.edit');
      await service.removeIntegration(
        app.db,
        request.params.id,
        request.params.integrationId,
        request.body.paginaNotionId,
      );
      return { success: true };
    },
  );
};

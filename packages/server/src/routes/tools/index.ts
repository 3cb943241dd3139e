import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../errors.ts';
import { component, errorResponses, IdParams, Ok, ref, Timestamp } from '../../lib/schemas.ts';
import * as service from '../../services/agents/index.ts';

const Kind = Type.Union([Type.Literal('webhook'), Type.Literal('notion')]);
const Config = Type.Object({
  url: Type.Optional(Type.String({ maxLength: 2000 })),
  method: Type.Optional(Type.Union(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => Type.Literal(m)))),
});

export const ToolSchema = component(
  'Tool',
  Type.Object({
    _id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    kind: Kind,
    config: Config,
    enabled: Type.Boolean(),
    /** Signs each call: `x-crw-signature: sha256=HMAC(secret, "{x-crw-timestamp}.{body}")` (admins only). */
    secret: Type.String(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  }),
);

const ToolTestResult = component(
  'ToolTestResult',
  Type.Object({
    ok: Type.Boolean(),
    /** The tool's HTTP status, when it answered. */
    status: Type.Union([Type.Integer(), Type.Null()]),
    ms: Type.Integer(),
    /** Plain Spanish: what failed and what to do. */
    error: Type.Union([Type.String(), Type.Null()]),
    /** The technical detail of a failure (the network error as Node gave it, or the status and the answer's start), shown behind «Detalles». */
    errorDetail: Type.Union([Type.String(), Type.Null()]),
    /** What the tool answered (its body's start, up to 2,000 characters), when it answered (issue 49). */
    body: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  }),
);

const ToolBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    kind: Kind,
    config: Type.Optional(Config),
    enabled: Type.Optional(Type.Boolean()),
  },
  { title: 'ToolBody' },
);

const tags = ['tools'];
const config = { roles: ['admin' as const] };

/** The tools catalogue: every call is for admins only. */
export const toolRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/tools',
    {
      config,
      schema: {
        operationId: 'listTools',
        tags,
        summary: 'El catálogo de herramientas',
        response: { 200: Type.Array(ref(ToolSchema)), ...errorResponses(401, 403) },
      },
    },
    async () => service.listTools(app.db),
  );
  app.post(
    '/tools',
    {
      config,
      schema: {
        operationId: 'createTool',
        tags,
        summary: 'Crea una herramienta',
        body: ToolBody,
        response: { 201: ref(ToolSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createTool(app.db, request.body, app.webhooks.destinationProblem)),
  );
  app.get(
    '/tools/:id',
    {
      config,
      schema: {
        operationId: 'getTool',
        tags,
        summary: 'Una herramienta',
        params: IdParams,
        response: { 200: ref(ToolSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.toTool(await service.getTool(app.db, request.params.id)),
  );
  app.put(
    '/tools/:id',
    {
      config,
      schema: {
        operationId: 'updateTool',
        tags,
        summary: 'Edita una herramienta',
        params: IdParams,
        body: Type.Partial(ToolBody, { title: 'UpdateToolBody', minProperties: 1 }),
        response: { 200: ref(ToolSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateTool(app.db, request.params.id, request.body, app.webhooks.destinationProblem),
  );
  app.delete(
    '/tools/:id',
    {
      config,
      schema: {
        operationId: 'deleteTool',
        tags,
        summary: 'Elimina una herramienta (y la quita de los agentes)',
        params: IdParams,
        response: { 200: Ok, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await service.deleteTool(app.db, request.params.id);
      return { success: true };
    },
  );
  app.post(
    '/tools/:id/test',
    {
      config,
      schema: {
        operationId: 'testTool',
        tags,
        summary: 'Prueba una herramienta webhook: le envía una llamada de prueba firmada',
        params: IdParams,
        response: { 200: ref(ToolTestResult), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const tool = await service.getTool(app.db, request.params.id);
      if (tool.kind !== 'webhook')
        throw new AppError('VALIDATION', 'Solo se pueden probar las herramientas webhook', [
          { field: 'kind', message: 'No es una herramienta webhook' },
        ]);
      const outcome = await app.webhooks.send({
        url: tool.config.url ?? '',
        method: tool.config.method ?? 'POST',
        secret: tool.secret,
        event: 'tool.test',
        deliveryId: `test:${tool.id}:${Date.now()}`,
        payload: { event: 'tool.test', tool: { id: tool.id, name: tool.name } },
      });
      return {
        ok: outcome.ok,
        status: outcome.status ?? null,
        ms: Math.round(outcome.ms),
        error: outcome.ok ? null : outcome.error,
        errorDetail: outcome.ok ? null : outcome.detail,
        body: outcome.body === undefined ? null : outcome.body.slice(0, 2000),
      };
    },
  );
};

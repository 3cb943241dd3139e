import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, IdParams, Ok, PageQuery, Paginated, ref } from '../../lib/schemas.ts';
import * as work from '../../services/agents/index.ts';
import * as service from '../../services/agents/index.ts';
import { portfolioFromPath } from '../access.ts';
import { EntityId } from '../params.ts';
import { TaskFields, TaskSchema, TaskStatusSchema } from './schemas.ts';

const tags = ['tasks'];

export const taskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/tasks',
    {
      schema: {
        operationId: 'listTasks',
        tags,
        summary: 'Tareas filtradas por estado, agente, portafolio o pieza (paginado)',
        querystring: Type.Object({
          ...PageQuery,
          status: Type.Optional(TaskStatusSchema),
          agentId: Type.Optional(Type.String({ maxLength: 100 })),
          portfolioId: Type.Optional(Type.String({ maxLength: 100 })),
          itemId: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: { 200: Paginated(ref(TaskSchema), 'TaskPage'), ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      service.listTasks(app.db, request.user, request.query as Parameters<typeof service.listTasks>[2]),
  );

  app.get(
    '/tasks/portfolio/:id',
    {
      schema: {
        operationId: 'listPortfolioTasks',
        tags,
        summary: 'Todas las tareas de un portafolio',
        params: IdParams,
        response: { 200: Type.Array(ref(TaskSchema)), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => work.portfolioTasks(app, await portfolioFromPath(app, request, 'agents.manage')),
  );

  app.post(
    '/tasks',
    {
      schema: {
        operationId: 'createTask',
        tags,
        summary: 'Crea una tarea',
        body: Type.Object(
          {
            ...TaskFields,
            agentId: EntityId,
            portfolioId: EntityId,
          },
          { title: 'CreateTaskBody' },
        ),
        response: { 201: ref(TaskSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const agent = await service.loadAgent(
        app.db,
        request.user,
        request.body.portfolioId,
        request.body.agentId,
        'agents.manage',
      );
      return reply.status(201).send(await work.addTask(app, request.user, agent, request.body));
    },
  );

  app.get(
    '/tasks/:id',
    {
      schema: {
        operationId: 'getTask',
        tags,
        summary: 'Una tarea',
        params: IdParams,
        response: { 200: ref(TaskSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      service.toTask(await service.loadTask(app.db, request.user, request.params.id, 'agents.manage')),
  );

  app.put(
    '/tasks/:id',
    {
      schema: {
        operationId: 'updateTask',
        tags,
        summary: 'Edita una tarea (estado, resultado, fechas…)',
        params: IdParams,
        body: Type.Object(
          {
            title: Type.Optional(TaskFields.title),
            instructions: TaskFields.instructions,
            itemId: TaskFields.itemId,
            dueDate: TaskFields.dueDate,
            status: Type.Optional(TaskStatusSchema),
            // null first: a null stays null (in the string branch coercion would turn it into "").
            result: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 20000 })])),
          },
          { title: 'UpdateTaskBody', minProperties: 1 },
        ),
        response: { 200: ref(TaskSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const task = await service.loadTask(app.db, request.user, request.params.id, 'agents.manage');
      return work.editTask(app, task, request.body as Partial<service.TaskInput>);
    },
  );

  app.post(
    '/tasks/:id/apply-proposal',
    {
      schema: {
        operationId: 'applyTaskProposal',
        tags,
        summary:
          'Aplica como nueva versión de la pieza el material que el agente propuso mientras la pieza estaba en revisión',
        params: IdParams,
        response: { 200: ref(TaskSchema), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const task = await service.loadTask(app.db, request.user, request.params.id, 'agents.manage');
      return work.applyTaskProposal(app, request.user, task);
    },
  );

  app.delete(
    '/tasks/:id',
    {
      schema: {
        operationId: 'deleteTask',
        tags,
        summary: 'Elimina una tarea',
        params: IdParams,
        response: { 200: Ok, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const task = await service.loadTask(app.db, request.user, request.params.id, 'agents.manage');
      await work.deleteTask(app, task);
      return { success: true };
    },
  );
};

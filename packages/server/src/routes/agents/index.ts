import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import { component, errorResponses, Ok, ref, Timestamp } from '../../lib/schemas.ts';
import { type Actor, requirePortfolio } from '../../policy.ts';
import * as work from '../../services/agents/index.ts';
import * as service from '../../services/agents/index.ts';
import { AGENT_DETAIL_TASKS } from '../../services/agents/index.ts';
import { EntityId, idParams } from '../params.ts';
import { TaskFields, TaskSchema } from '../tasks/schemas.ts';

/** What an agent and its detail both answer, around the tools (ids, or the tools themselves) and the tasks. */
const agentHead = {
  _id: Type.String(),
  portfolioId: Type.String(),
  name: Type.String(),
  description: Type.String(),
  instructions: Type.String(),
};
const agentTail = { active: Type.Boolean(), createdAt: Timestamp, updatedAt: Timestamp };

export const AgentSchema = component(
  'Agent',
  Type.Object({ ...agentHead, tools: Type.Array(Type.String()), ...agentTail }),
);

/**
 * An agent in its portfolio's list, with how many of its tasks are open: counted by the server from the open
 * tasks alone (a few rows whatever the years of done ones), so the list never downloads an agent's history.
 */
const AgentSummarySchema = component(
  'AgentSummary',
  Type.Object({
    ...agentHead,
    tools: Type.Array(Type.String()),
    openTasks: Type.Integer({ minimum: 0, description: 'Tareas pendientes o en curso del agente' }),
    ...agentTail,
  }),
);

const AgentDetailSchema = component(
  'AgentDetail',
  Type.Object({
    ...agentHead,
    tools: Type.Array(Type.Object({ _id: Type.String(), name: Type.String(), kind: Type.String() })),
    tasks: Type.Array(ref(TaskSchema), {
      maxItems: AGENT_DETAIL_TASKS,
      description: `Las ${AGENT_DETAIL_TASKS} tareas más recientes del agente; todas, por páginas, con GET /tasks?agentId=`,
    }),
    ...agentTail,
  }),
);

const PortfolioParams = idParams('portfolioId');
const AgentParams = idParams('portfolioId', 'agentId');
const ToolIds = Type.Array(EntityId, { maxItems: 50 });
const tags = ['agents'];
const AgentFields = {
  name: Type.String({ minLength: 1, maxLength: 120 }),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  instructions: Type.Optional(Type.String({ maxLength: 20000 })),
};

export const agentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The path's agent, once the caller may manage the agents of its portfolio (policy.ts, in loadAgent). */
  const agentInPath = (request: { user: Actor; params: Static<typeof AgentParams> }) =>
    service.loadAgent(
      app.db,
      request.user,
      request.params.portfolioId,
      request.params.agentId,
      'agents.manage',
    );

  app.get(
    '/agents/:portfolioId',
    {
      schema: {
        operationId: 'listAgents',
        tags,
        summary: 'Agentes del portafolio, cada uno con sus tareas abiertas',
        params: PortfolioParams,
        response: { 200: Type.Array(ref(AgentSummarySchema)), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await requirePortfolio(app.db, request.user, request.params.portfolioId, 'agents.manage');
      return service.listAgents(app.db, request.params.portfolioId);
    },
  );

  app.post(
    '/agents/:portfolioId',
    {
      schema: {
        operationId: 'createAgent',
        tags,
        summary: 'Crea un agente en el portafolio',
        params: PortfolioParams,
        body: Type.Object(
          { ...AgentFields, tools: Type.Optional(ToolIds), active: Type.Optional(Type.Boolean()) },
          { title: 'CreateAgentBody' },
        ),
        response: { 201: ref(AgentSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await requirePortfolio(app.db, request.user, request.params.portfolioId, 'agents.manage');
      return reply
        .status(201)
        .send(await service.createAgent(app.db, request.params.portfolioId, request.body));
    },
  );

  app.get(
    '/agents/:portfolioId/:agentId',
    {
      schema: {
        operationId: 'getAgent',
        tags,
        summary: 'Un agente con sus herramientas y tareas',
        params: AgentParams,
        response: { 200: ref(AgentDetailSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.agentDetail(app.db, await agentInPath(request)),
  );

  app.delete(
    '/agents/:portfolioId/:agentId',
    {
      schema: {
        operationId: 'deleteAgent',
        tags,
        summary: 'Elimina un agente y sus tareas',
        params: AgentParams,
        response: { 200: Ok, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await work.deleteAgent(app, await agentInPath(request));
      return { success: true };
    },
  );

  app.put(
    '/agents/:portfolioId/:agentId',
    {
      schema: {
        operationId: 'updateAgent',
        tags,
        summary: 'Edita un agente (nombre, descripción, instrucciones, activo)',
        params: AgentParams,
        body: Type.Object(
          {
            name: Type.Optional(AgentFields.name),
            description: AgentFields.description,
            instructions: AgentFields.instructions,
            active: Type.Optional(Type.Boolean()),
          },
          { title: 'UpdateAgentBody', minProperties: 1 },
        ),
        response: { 200: ref(AgentSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => work.editAgent(app, await agentInPath(request), request.body),
  );

  app.put(
    '/agents/:portfolioId/:agentId/tools',
    {
      schema: {
        operationId: 'setAgentTools',
        tags,
        summary: 'Asigna las herramientas del agente',
        params: AgentParams,
        body: Type.Object({ tools: ToolIds }, { title: 'AgentToolsBody' }),
        response: { 200: ref(AgentSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.setAgentTools(app.db, await agentInPath(request), request.body.tools),
  );

  app.post(
    '/agents/:portfolioId/:agentId/tasks',
    {
      schema: {
        operationId: 'createAgentTask',
        tags,
        summary: 'Crea una tarea para el agente',
        params: AgentParams,
        body: Type.Object(TaskFields, { title: 'CreateAgentTaskBody' }),
        response: { 201: ref(TaskSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const agent = await agentInPath(request);
      return reply.status(201).send(await work.addTask(app, request.user, agent, request.body));
    },
  );
};

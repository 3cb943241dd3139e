import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  component,
  errorResponses,
  IdParams,
  Ok,
  PageQuery,
  Paginated,
  ref,
  Timestamp,
} from '../../lib/schemas.ts';
import * as useCases from '../../services/review/index.ts';
import * as service from '../../services/review/index.ts';

const EntityType = Type.Union(['item', 'cycle', 'task', 'agent', 'portfolio'].map((t) => Type.Literal(t)));
const Body = Type.String({ minLength: 1, maxLength: 10_000 });
const Visibility = Type.Union([Type.Literal('internal'), Type.Literal('client')], {
  description:
    "internal: solo el equipo; client: también el cliente. Lo que escribe un cliente es siempre 'client'.",
});
const Unit = Type.Number({ minimum: 0, maximum: 1 });
const Anchor = Type.Object(
  {
    versionNumber: Type.Integer({ minimum: 1, maximum: 100_000 }),
    fileKey: Type.String({ minLength: 1, maxLength: 500 }),
    x: Unit,
    y: Unit,
    t: Type.Optional(Type.Number({ minimum: 0, maximum: 86_400 })),
  },
  {
    title: 'CommentAnchor',
    description: 'Marca sobre un archivo de una versión (x, y de 0 a 1; t en segundos)',
  },
);

export const CommentSchema = component(
  'Comment',
  Type.Object({
    _id: Type.String(),
    entityId: Type.String(),
    entityType: EntityType,
    body: Type.String(),
    visibility: Visibility,
    anchor: Type.Union([Anchor, Type.Null()]),
    author: Type.Object({ _id: Type.String(), name: Type.String() }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    canEdit: Type.Boolean({
      description: 'Si quien pregunta puede editarlo o eliminarlo (su autor o un administrador)',
    }),
  }),
);

const tags = ['comments'];

export const commentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/comments',
    {
      schema: {
        operationId: 'listComments',
        tags,
        summary:
          'Comentarios de un elemento, del más antiguo al más reciente (paginado); con `order=desc`, del más reciente al más antiguo',
        querystring: Type.Object({
          entityId: Type.String({ minLength: 1, maxLength: 100 }),
          entityType: EntityType,
          ...PageQuery,
          order: Type.Optional(
            Type.Union([Type.Literal('asc'), Type.Literal('desc')], {
              description: 'asc (por defecto): los más antiguos primero; desc: los más recientes primero',
            }),
          ),
        }),
        response: {
          200: Paginated(ref(CommentSchema), 'CommentPage'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const { entityId, entityType, page, limit, order } = request.query;
      const type = entityType as Parameters<typeof service.resolveEntity>[1];
      const entity = await service.resolveEntity(app.db, type, entityId, request.user);
      const { internal } = service.authorizeEntity(request.user, entity, false);
      return service.listComments(app.db, entity, internal, { page, limit, order }, request.user);
    },
  );

  app.post(
    '/comments',
    {
      schema: {
        operationId: 'createComment',
        tags,
        summary: 'Comenta un elemento (texto enriquecido saneado; las menciones avisan)',
        body: Type.Object(
          {
            entityId: Type.String({ minLength: 1, maxLength: 100 }),
            entityType: EntityType,
            body: Body,
            visibility: Type.Optional(Visibility),
            anchor: Type.Optional(Anchor),
          },
          { title: 'CreateCommentBody' },
        ),
        response: { 201: ref(CommentSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const comment = await useCases.postComment(app, request.user, request.body as service.CommentInput);
      return reply.status(201).send(comment);
    },
  );

  app.get(
    '/comments/:id',
    {
      schema: {
        operationId: 'getComment',
        tags,
        summary: 'Un comentario',
        params: IdParams,
        response: { 200: ref(CommentSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      service.getComment(app.db, await service.loadComment(app.db, request.user, request.params.id, false)),
  );

  app.put(
    '/comments/:id',
    {
      schema: {
        operationId: 'updateComment',
        tags,
        summary: 'Edita un comentario (su autor o un administrador)',
        params: IdParams,
        body: Type.Object(
          { body: Type.Optional(Body), visibility: Type.Optional(Visibility) },
          { title: 'UpdateCommentBody', minProperties: 1 },
        ),
        response: { 200: ref(CommentSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const loaded = await service.loadComment(app.db, request.user, request.params.id, true);
      return useCases.editComment(app, loaded, request.body);
    },
  );

  app.delete(
    '/comments/:id',
    {
      schema: {
        operationId: 'deleteComment',
        tags,
        summary: 'Elimina un comentario (su autor o un administrador)',
        params: IdParams,
        response: { 200: Ok, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const loaded = await service.loadComment(app.db, request.user, request.params.id, true);
      await useCases.removeComment(app, loaded);
      return { success: true };
    },
  );
};

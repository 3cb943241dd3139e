import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { component, errorResponses, IdParams, Ok, ref, Timestamp } from '../../lib/schemas.ts';
import * as service from '../../services/comments.ts';

const EntityType = Type.Union(['item', 'cycle', 'task', 'agent', 'portfolio'].map((t) => Type.Literal(t)));
const Body = Type.String({ minLength: 1, maxLength: 10_000 });

export const CommentSchema = component(
  'Comment',
  Type.Object({
    _id: Type.String(),
    entityId: Type.String(),
    entityType: EntityType,
    body: Type.String(),
    author: Type.Object({ _id: Type.String(), name: Type.String() }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
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
        summary: 'Comentarios de un elemento, del más antiguo al más reciente',
        querystring: Type.Object({
          entityId: Type.String({ minLength: 1, maxLength: 100 }),
          entityType: EntityType,
        }),
        response: { 200: Type.Array(ref(CommentSchema)), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const type = request.query.entityType as Parameters<typeof service.resolveEntity>[1];
      const entity = await service.resolveEntity(app.db, type, request.query.entityId);
      await service.authorizeEntity(app.db, request.user, entity, false);
      return service.listComments(app.db, type, request.query.entityId);
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
          { entityId: Type.String({ minLength: 1, maxLength: 100 }), entityType: EntityType, body: Body },
          { title: 'CreateCommentBody' },
        ),
        response: { 201: ref(CommentSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createComment(
            app.db,
            app.notifier,
            request.user,
            request.body as Parameters<typeof service.createComment>[3],
          ),
        ),
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
        body: Type.Object({ body: Body }, { title: 'UpdateCommentBody' }),
        response: { 200: ref(CommentSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateComment(
        app.db,
        await service.loadComment(app.db, request.user, request.params.id, true),
        request.body.body,
      ),
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
      await service.deleteComment(
        app.db,
        await service.loadComment(app.db, request.user, request.params.id, true),
      );
      return { success: true };
    },
  );
};

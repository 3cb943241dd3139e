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
import { ItemSchema } from '../production/schemas.ts';

const EntityType = Type.Union(['item', 'cycle', 'task', 'agent', 'portfolio'].map((t) => Type.Literal(t)));
const Body = Type.String({ minLength: 1, maxLength: 10_000 });
const Visibility = Type.Union([Type.Literal('internal'), Type.Literal('client')], {
  description:
    "internal: solo el equipo; client: también el cliente. Lo que escribe un cliente es siempre 'client'.",
});
const Unit = Type.Number({ minimum: 0, maximum: 1 });
const VersionNumber = Type.Integer({ minimum: 1, maximum: 100_000 });
const PinAnchor = Type.Object(
  {
    versionNumber: VersionNumber,
    fileKey: Type.String({ minLength: 1, maxLength: 500 }),
    x: Unit,
    y: Unit,
    t: Type.Optional(Type.Number({ minimum: 0, maximum: 86_400 })),
  },
  {
    title: 'CommentPinAnchor',
    description: 'Marca sobre un archivo de una versión (x, y de 0 a 1; t en segundos)',
    additionalProperties: false,
  },
);
const QuoteAnchor = Type.Object(
  {
    versionNumber: VersionNumber,
    quote: Type.String({ minLength: 1, maxLength: 1000 }),
    prefix: Type.Optional(Type.String({ maxLength: 64 })),
    suffix: Type.Optional(Type.String({ maxLength: 64 })),
  },
  {
    title: 'CommentQuoteAnchor',
    description:
      'Palabras del texto de una versión (TextQuoteSelector de W3C Web Annotation): el texto citado y, para situarlo, el que lo precede y el que lo sigue (hasta 64 caracteres). El texto es el de la copia sin etiquetas, con un salto de línea entre bloques.',
    additionalProperties: false,
  },
);
const Anchor = Type.Union([PinAnchor, QuoteAnchor], {
  title: 'CommentAnchor',
  description: 'Una marca sobre un archivo o una cita del texto de una versión',
});
const Suggestion = Type.Object(
  { replacement: Type.String({ maxLength: 5000 }) },
  {
    title: 'CommentSuggestion',
    description: 'El texto que sustituiría a la cita',
    additionalProperties: false,
  },
);
const Person = Type.Object({ _id: Type.String(), name: Type.String() });

export const CommentSchema = component(
  'Comment',
  Type.Object({
    _id: Type.String(),
    entityId: Type.String(),
    entityType: EntityType,
    body: Type.String(),
    visibility: Visibility,
    anchor: Type.Union([Anchor, Type.Null()]),
    anchorState: Type.Union(
      [Type.Literal('attached'), Type.Literal('moved'), Type.Literal('orphaned'), Type.Null()],
      {
        description:
          'Dónde está la cita en la versión que ve quien pregunta (la actual; un cliente: la última enviada): attached, donde estaba; moved, en otro lugar; orphaned, ya no está. null si no cita texto',
      },
    ),
    suggestion: Type.Union([Suggestion, Type.Null()]),
    suggestionState: Type.Union(
      [Type.Literal('open'), Type.Literal('applied'), Type.Literal('dismissed'), Type.Null()],
      { description: 'null si no es una sugerencia' },
    ),
    canApply: Type.Boolean({
      description:
        'Si quien pregunta puede aplicar la sugerencia ahora (edita la pieza y su material es editable)',
    }),
    canDismiss: Type.Boolean({
      description: 'Si quien pregunta puede descartar la sugerencia (edita la pieza o la propuso)',
    }),
    author: Person,
    createdAt: Timestamp,
    updatedAt: Timestamp,
    canEdit: Type.Boolean({
      description: 'Si quien pregunta puede editarlo o eliminarlo (su autor o un administrador)',
    }),
    resolved: Type.Boolean(),
    resolvedBy: Type.Union([Person, Type.Null()]),
  }),
);

const AppliedSchema = Type.Object(
  {
    comments: Type.Array(ref(CommentSchema)),
    item: ref(ItemSchema),
    versionNumber: Type.Integer({ description: 'La versión del material que se escribió' }),
  },
  {
    title: 'AppliedSuggestions',
    description: 'Las sugerencias aplicadas, la pieza como la ve quien pregunta y la nueva versión',
  },
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
            suggestion: Type.Optional(Suggestion),
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

  const commentStep = (
    path: 'resolve' | 'reopen' | 'dismiss',
    operationId: string,
    summary: string,
    run: (request: { user: service.LoadedComment['actor']; params: { id: string } }) => Promise<unknown>,
  ) =>
    app.post(
      `/comments/:id/${path}`,
      {
        schema: {
          operationId,
          tags,
          summary,
          params: IdParams,
          response: { 200: ref(CommentSchema), ...errorResponses(401, 403, 404, 409) },
        },
      },
      // The service answers the comment as the caller sees it (the schema above).
      async (request) => (await run(request)) as never,
    );

  commentStep(
    'resolve',
    'resolveComment',
    'Marca el hilo como resuelto (quien puede leerlo y comentar, también el cliente)',
    (r) => service.setResolved(app, r.user, r.params.id, true),
  );
  commentStep('reopen', 'reopenComment', 'Reabre un hilo resuelto', (r) =>
    service.setResolved(app, r.user, r.params.id, false),
  );
  commentStep(
    'dismiss',
    'dismissCommentSuggestion',
    'Descarta la sugerencia del comentario (quien edita la pieza o quien la propuso)',
    (r) => service.dismissSuggestion(app, r.user, r.params.id),
  );

  app.post(
    '/comments/:id/apply',
    {
      schema: {
        operationId: 'applyCommentSuggestion',
        tags,
        summary:
          'Aplica la sugerencia: escribe una nueva versión del material cuya copia sustituye la cita (conserva el formato); quien edita la pieza, si su material es editable',
        params: IdParams,
        response: { 200: AppliedSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const loaded = await service.loadComment(app.db, request.user, request.params.id, false);
      return service.applySuggestions(app, request.user, loaded.row.entityId, [request.params.id]);
    },
  );

  app.post(
    '/production/items/:id/suggestions/apply',
    {
      schema: {
        operationId: 'applyItemSuggestions',
        tags,
        summary:
          'Aplica varias sugerencias de la pieza en UNA nueva versión («Aplicar todas»): todas o ninguna (409 con las que fallan)',
        params: IdParams,
        body: Type.Object(
          { ids: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 100 }) },
          { title: 'ApplySuggestionsBody' },
        ),
        response: { 200: AppliedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.applySuggestions(app, request.user, request.params.id, request.body.ids),
  );
};

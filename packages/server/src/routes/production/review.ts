import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, IdParams, ref } from '../../lib/schemas.ts';
import * as production from '../../services/review/index.ts';
import { commentsSuffice, needsComments, type TransitionName } from '../../services/review/index.ts';
import { ItemSchema, MaterialInputSchema, VersionHistorySchema } from './schemas.ts';

const Comments = Type.String({ maxLength: 5000 });
/**
 * A decision's `reviewComments`: required (at least one character) where the workflow table says the step needs
 * comments (`needsComments`), optional elsewhere. Where the caller's comments may stand for it
 * (`commentsSuffice`), the body may leave it out and the service says whether there is either (400 otherwise).
 */
const reviewComments = (name: TransitionName, description?: string) =>
  needsComments(name) && !commentsSuffice(name)
    ? Type.String({ minLength: 1, maxLength: 5000, ...(description ? { description } : {}) })
    : Type.Optional(description ? Type.String({ maxLength: 5000, description }) : Comments);
const Description = Type.String({ maxLength: 5000 });
/** Every review-flow body may carry the item's optimistic version the caller last read. */
const Version = {
  version: Type.Optional(
    Type.Integer({ minimum: 1, description: 'La versión optimista de la pieza que se leyó (409 si cambió)' }),
  ),
};
/** A decision may name the material version it decides (default: the version the caller is shown). */
const Decided = {
  ...Version,
  versionNumber: Type.Optional(
    Type.Integer({
      minimum: 1,
      description: 'La versión del material que se decide (409 si ya no es la vigente)',
    }),
  ),
};

/** Body schema and summary of each review-flow call (product-design §4). */
const flow: Record<
  TransitionName,
  { operationId: string; summary: string; body: ReturnType<typeof Type.Object> }
> = {
  'mark-for-internal-review': {
    operationId: 'markForInternalReview',
    summary: 'Envía la pieza a revisión interna con su material (crea una versión)',
    body: Type.Object(
      {
        materialData: Type.Optional(MaterialInputSchema),
        changeDescription: Type.Optional(Description),
        ...Version,
      },
      { title: 'MarkForInternalReviewBody' },
    ),
  },
  'approve-for-client': {
    operationId: 'approveForClient',
    summary: 'Aprueba internamente y envía al cliente',
    body: Type.Object(
      { reviewComments: reviewComments('approve-for-client'), ...Decided },
      { title: 'ApproveForClientBody' },
    ),
  },
  'request-internal-changes': {
    operationId: 'requestInternalChanges',
    summary: 'Pide cambios internos',
    body: Type.Object(
      {
        reviewComments: reviewComments('request-internal-changes'),
        changeDescription: Type.Optional(Description),
        ...Decided,
      },
      { title: 'RequestInternalChangesBody' },
    ),
  },
  'create-material-version': {
    operationId: 'createMaterialVersion',
    summary: 'Crea una nueva versión del material',
    body: Type.Object(
      {
        materialData: MaterialInputSchema,
        changeReason: Type.Optional(Description),
        changeDescription: Type.Optional(Description),
        ...Version,
      },
      { title: 'CreateMaterialVersionBody' },
    ),
  },
  'approve-client-review': {
    operationId: 'approveClientReview',
    summary: 'El cliente aprueba la pieza',
    body: Type.Object(
      { reviewComments: reviewComments('approve-client-review'), ...Decided },
      { title: 'ApproveClientReviewBody' },
    ),
  },
  'request-client-changes': {
    operationId: 'requestClientChanges',
    summary: 'El cliente pide cambios',
    body: Type.Object(
      {
        reviewComments: reviewComments(
          'request-client-changes',
          'Qué cambiar. Puede omitirse si quien pide dejó comentarios para el cliente en la pieza desde que se le envió la versión; sin ninguna de las dos cosas, 400',
        ),
        ...Decided,
      },
      { title: 'RequestClientChangesBody' },
    ),
  },
  'withdraw-from-client-review': {
    operationId: 'withdrawFromClientReview',
    summary:
      'Retira la pieza de la revisión del cliente para cambiarla (pasa a cambios internos; se avisa al cliente)',
    body: Type.Object(
      {
        reviewComments: reviewComments('withdraw-from-client-review', 'El motivo'),
        ...Version,
      },
      { title: 'WithdrawFromClientReviewBody' },
    ),
  },
  'update-material': {
    operationId: 'updateMaterial',
    summary: 'Actualiza el material de trabajo (sin crear versión)',
    body: Type.Object({ materialData: MaterialInputSchema, ...Version }, { title: 'UpdateMaterialBody' }),
  },
};

const QueueEntrySchema = Type.Object(
  {
    item: ref(ItemSchema),
    sentBy: Type.Union([Type.Object({ _id: Type.String(), name: Type.String() }), Type.Null()]),
    waitingSince: Type.String({ format: 'date-time' }),
  },
  { title: 'ReviewQueueEntry' },
);
const ReviewQueuesSchema = Type.Object(
  {
    internal: Type.Array(QueueEntrySchema),
    clientChanges: Type.Array(QueueEntrySchema),
    client: Type.Array(QueueEntrySchema),
  },
  { title: 'ReviewQueues' },
);

/**
 * The review flow (product-design §4): one call per step of the workflow table, the review queues and an item's
 * versions and history. Each route parses, authorises and calls one service.
 */
export const reviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const [name, def] of Object.entries(flow) as Array<[TransitionName, (typeof flow)[TransitionName]]>) {
    app.post(
      `/production/items/:id/${name}`,
      {
        schema: {
          operationId: def.operationId,
          tags: ['review'],
          summary: def.summary,
          params: IdParams,
          body: def.body,
          response: { 200: ref(ItemSchema), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        production.reviewStep(
          app,
          request.user,
          request.params.id,
          name,
          request.body as production.TransitionInput,
          app.env.UPLOAD_MAX_BYTES,
        ),
    );
  }

  app.get(
    '/production/internal-review/pending',
    {
      schema: {
        operationId: 'listPendingInternalReview',
        tags: ['review'],
        summary: 'Piezas en revisión interna que el usuario puede revisar',
        querystring: Type.Object({
          portfolioId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        }),
        response: { 200: Type.Array(ref(ItemSchema)), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => production.pendingInternalReview(app.db, request.user, request.query.portfolioId),
  );

  app.get(
    '/production/portfolios/:id/review-queues',
    {
      schema: {
        operationId: 'getReviewQueues',
        tags: ['review'],
        summary:
          'Colas de revisión del portafolio para quien pregunta: revisión interna y cambios del cliente (equipo con review.internal) o pendientes del cliente (cliente con review.client), de la más antigua a la más reciente',
        params: IdParams,
        response: { 200: ReviewQueuesSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => production.reviewQueues(app.db, request.user, request.params.id),
  );

  app.get(
    '/production/items/:id/material-version-history',
    {
      schema: {
        operationId: 'getMaterialVersionHistory',
        tags: ['review'],
        summary: 'Versiones del material (de la más reciente a la primera) e historial de la pieza',
        params: IdParams,
        response: { 200: ref(VersionHistorySchema), ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      production.versionHistory(app.db, await production.loadItem(app.db, request.user, request.params.id)),
  );
};

import type { ProductionEvent } from '@crw/api-client/events';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../errors.ts';
import { errorResponses, IdParams, nativeJsonAnswer, Ok, Paginated, ref } from '../../lib/schemas.ts';
import { isInternalViewer, requirePortfolio } from '../../policy.ts';
import * as production from '../../services/production/index.ts';
import type { TransitionName } from '../../services/transitions.ts';
import {
  CoverageSchema,
  ItemFields,
  ItemListQuery,
  ItemSchema,
  MaterialInputSchema,
  MemberSchema,
  VersionHistorySchema,
} from './schemas.ts';

const tags = ['production'];
const Comments = Type.String({ maxLength: 5000 });
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
      { reviewComments: Type.Optional(Comments), ...Decided },
      { title: 'ApproveForClientBody' },
    ),
  },
  'request-internal-changes': {
    operationId: 'requestInternalChanges',
    summary: 'Pide cambios internos',
    body: Type.Object(
      {
        reviewComments: Type.String({ minLength: 1, maxLength: 5000 }),
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
      { reviewComments: Type.Optional(Comments), ...Decided },
      { title: 'ApproveClientReviewBody' },
    ),
  },
  'request-client-changes': {
    operationId: 'requestClientChanges',
    summary: 'El cliente pide cambios',
    body: Type.Object(
      { reviewComments: Type.String({ minLength: 1, maxLength: 5000 }), ...Decided },
      { title: 'RequestClientChangesBody' },
    ),
  },
  'withdraw-from-client-review': {
    operationId: 'withdrawFromClientReview',
    summary:
      'Retira la pieza de la revisión del cliente para cambiarla (pasa a cambios internos; se avisa al cliente)',
    body: Type.Object(
      {
        reviewComments: Type.String({ minLength: 1, maxLength: 5000, description: 'El motivo' }),
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

export const productionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** Tells the portfolio's open screens about the items a call changed, and answers them unchanged. */
  const announce = <T extends production.ItemView | production.ItemView[]>(
    kind: ProductionEvent['kind'],
    actorId: string,
    result: T,
    previousStatus?: production.ItemView['status'],
  ): T => {
    const list = Array.isArray(result) ? result : [result];
    app.productionEvents.publish(list.map((item) => ({ kind, item, actorId, previousStatus })));
    return result;
  };
  /** Staff views of items as the caller is answered: with what the caller may do on each now. */
  const answer = (user: production.Viewer['actor'], access: Omit<production.Viewer, 'actor'>) => ({
    one: async (view: production.ItemView) =>
      (await production.withActions(app.db, [view], { actor: user, ...access }))[0]!,
    all: (views: production.ItemView[]) => production.withActions(app.db, views, { actor: user, ...access }),
  });

  // ——— Cycles: routes/production/cycles.ts ———

  // ——— Members ———
  app.get(
    '/production/portfolios/:id/members',
    {
      schema: {
        operationId: 'listPortfolioMembers',
        tags,
        summary: 'Personas del portafolio (para asignar piezas y mencionar); el cliente no ve correos',
        params: IdParams,
        response: { 200: Type.Array(ref(MemberSchema)), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const perms = await requirePortfolio(app.db, request.user, request.params.id, 'portfolio.view');
      return production.portfolioMembers(app.db, request.params.id, isInternalViewer(request.user, perms));
    },
  );

  // ——— Items ———
  app.get(
    '/production/cycles/:id/items',
    {
      schema: {
        operationId: 'listItems',
        tags,
        summary:
          'Piezas del ciclo, paginadas, filtradas y ordenadas (los clientes solo ven las que están en su revisión o después)',
        params: IdParams,
        querystring: ItemListQuery,
        response: { 200: Paginated(ref(ItemSchema), 'ItemPage'), ...errorResponses(400, 401, 403, 404) },
      },
      ...nativeJsonAnswer,
    },
    async (request) => {
      const { user } = request;
      const read = () =>
        production.readItemPage(app.db, user, request.params.id, request.query as production.ItemQuery);
      // On PGlite the same page for the same person is answered again until anything is written (a grant, a
      // role and an item are all writes); a refusal is never kept.
      const reads = app.database.reads;
      return reads
        ? reads.get(
            `items:${user.id}:${user.role}:${request.params.id}:${JSON.stringify(request.query)}`,
            read,
          )
        : read();
    },
  );

  app.post(
    '/production/cycles/:id/items',
    {
      schema: {
        operationId: 'createItem',
        tags,
        summary: 'Crea una pieza en borrador',
        params: IdParams,
        body: Type.Object(ItemFields, { title: 'CreateItemBody' }),
        response: { 201: ref(ItemSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { cycle, ...access } = await production.loadCycle(
        app.db,
        request.user,
        request.params.id,
        'production.edit',
      );
      const item = await production.createItem(app.db, request.user, cycle, request.body);
      announce('item.created', request.user.id, item);
      return reply.status(201).send(await answer(request.user, access).one(item));
    },
  );

  app.put(
    '/production/items/:id',
    {
      schema: {
        operationId: 'updateItem',
        tags,
        summary: 'Edita los datos de una pieza (nunca su estado)',
        params: IdParams,
        body: Type.Partial(
          Type.Object({
            ...ItemFields,
            version: Type.Integer({
              minimum: 1,
              maximum: 2_000_000_000,
              description: 'La versión leída: si otra persona la cambió después, 409 (nada se sobrescribe)',
            }),
          }),
          { title: 'UpdateItemBody', minProperties: 1 },
        ),
        response: { 200: ref(ItemSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { item, ...access } = await production.loadItem(
        app.db,
        request.user,
        request.params.id,
        'production.edit',
      );
      const { version, ...changes } = request.body;
      if (version !== undefined && version !== item.version) throw new AppError('CONCURRENT_UPDATE');
      if (Object.keys(changes).length === 0) {
        throw new AppError('VALIDATION', 'El cuerpo no contiene ningún campo que cambiar');
      }
      const updated = await production.updateItem(app.db, request.user, item, changes);
      announce('item.updated', request.user.id, updated);
      return answer(request.user, access).one(updated);
    },
  );

  app.delete(
    '/production/items/:id',
    {
      schema: {
        operationId: 'deleteItem',
        tags,
        summary: 'Elimina una pieza con sus versiones, historial y archivos',
        params: IdParams,
        response: { 200: Ok, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { item } = await production.loadItem(app.db, request.user, request.params.id, 'production.edit');
      const keys = await production.deleteItem(app.db, item);
      announce('item.deleted', request.user.id, production.toItem(item));
      await app.storage.delete(keys).catch((err) => request.log.warn({ err }, 'limpieza de archivos'));
      return { success: true };
    },
  );

  app.post(
    '/production/items/:id/duplicate',
    {
      schema: {
        operationId: 'duplicateItem',
        tags,
        summary: 'Duplica una pieza como borrador',
        params: IdParams,
        response: { 201: ref(ItemSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { item, ...access } = await production.loadItem(
        app.db,
        request.user,
        request.params.id,
        'production.edit',
      );
      const copy = await production.duplicateItem(app.db, app.storage, request.user, item);
      announce('item.created', request.user.id, copy);
      return reply.status(201).send(await answer(request.user, access).one(copy));
    },
  );

  app.post(
    '/production/items/:id/move',
    {
      schema: {
        operationId: 'moveItem',
        tags,
        summary: 'Mueve una pieza a otro ciclo del mismo portafolio',
        params: IdParams,
        body: Type.Object(
          { nextCycleId: Type.String({ minLength: 1, maxLength: 100 }) },
          { title: 'MoveItemBody' },
        ),
        response: { 200: ref(ItemSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { item, ...access } = await production.loadItem(
        app.db,
        request.user,
        request.params.id,
        'production.edit',
      );
      const moved = await production.moveItem(app.db, request.user, item, request.body.nextCycleId);
      announce('item.updated', request.user.id, moved);
      return answer(request.user, access).one(moved);
    },
  );

  app.post(
    '/production/items/move',
    {
      schema: {
        operationId: 'moveItems',
        tags,
        summary: 'Mueve varias piezas de un portafolio a otro ciclo suyo (todas o ninguna)',
        body: Type.Object(
          {
            itemIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
              minItems: 1,
              maxItems: 100,
              uniqueItems: true,
            }),
            nextCycleId: Type.String({ minLength: 1, maxLength: 100 }),
          },
          { title: 'MoveItemsBody' },
        ),
        response: { 200: Type.Array(ref(ItemSchema)), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const moving = [];
      let access: Omit<production.Viewer, 'actor'> | undefined;
      for (const id of request.body.itemIds) {
        const { item, ...rest } = await production.loadItem(app.db, request.user, id, 'production.edit');
        moving.push(item);
        access = rest;
      }
      const moved = await production.moveItems(app.db, request.user, moving, request.body.nextCycleId);
      announce('item.updated', request.user.id, moved);
      return answer(request.user, access!).all(moved);
    },
  );

  app.post(
    '/production/cycles/:id/carry-over',
    {
      schema: {
        operationId: 'carryOverPending',
        tags,
        summary: 'Pasa al ciclo indicado todas las piezas del ciclo que aún no están aprobadas',
        params: IdParams,
        body: Type.Object(
          { nextCycleId: Type.String({ minLength: 1, maxLength: 100 }) },
          { title: 'CarryOverBody' },
        ),
        response: { 200: Type.Array(ref(ItemSchema)), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { cycle, ...access } = await production.loadCycle(
        app.db,
        request.user,
        request.params.id,
        'production.edit',
      );
      const moved = await production.carryOver(app.db, request.user, cycle, request.body.nextCycleId);
      announce('item.updated', request.user.id, moved);
      return answer(request.user, access).all(moved);
    },
  );

  app.get(
    '/production/items/:id',
    {
      schema: {
        operationId: 'getItem',
        tags,
        summary: 'Una pieza, tal como este usuario puede verla',
        params: IdParams,
        response: { 200: ref(ItemSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { item, perms, internal } = await production.loadItem(app.db, request.user, request.params.id);
      return production.itemAnswer(app.db, item, { actor: request.user, perms, internal });
    },
  );

  // ——— The review flow ———
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
      async (request) => {
        const { item, answer, previousStatus } = await production.runTransition(
          app.db,
          app.notifier,
          request.user,
          request.params.id,
          name,
          request.body as production.TransitionInput,
          { storage: app.storage, maxBytes: app.env.UPLOAD_MAX_BYTES },
        );
        if (name === 'approve-client-review') app.notionSync.kick();
        announce('item.updated', request.user.id, item, previousStatus);
        return answer;
      },
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

  // ——— Strategy ———
  app.post(
    '/production/cycles/:id/items/strategy',
    {
      schema: {
        operationId: 'generateStrategy',
        tags,
        summary: 'Genera piezas en borrador que cubren pilares, ángulos, formatos y fases del embudo',
        params: IdParams,
        body: Type.Object(
          { itemsCount: Type.Integer({ minimum: 1, maximum: 100 }) },
          { title: 'GenerateStrategyBody' },
        ),
        response: { 201: Type.Array(ref(ItemSchema)), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { cycle, ...access } = await production.loadCycle(
        app.db,
        request.user,
        request.params.id,
        'production.edit',
      );
      const created = await production.generateStrategy(app.db, request.user, cycle, request.body.itemsCount);
      announce('item.created', request.user.id, created);
      return reply.status(201).send(await answer(request.user, access).all(created));
    },
  );

  app.get(
    '/production/cycles/:id/items/strategy',
    {
      schema: {
        operationId: 'getStrategyCoverage',
        tags,
        summary: 'Cobertura del ciclo por pilar, ángulo, formato, fase y nivel de conciencia',
        params: IdParams,
        response: { 200: ref(CoverageSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { cycle, internal } = await production.loadCycle(
        app.db,
        request.user,
        request.params.id,
        'production.view',
      );
      return production.strategyCoverage(app.db, cycle, internal);
    },
  );

  // ——— Files ———
  app.post(
    '/production/items/:id/signed-url',
    {
      schema: {
        operationId: 'createSignedUploadUrl',
        tags: ['files'],
        summary: 'URL firmada para subir un archivo de la pieza directamente al almacenamiento',
        params: IdParams,
        body: Type.Object(
          {
            fileName: Type.String({ minLength: 1, maxLength: 255 }),
            fileType: Type.String({ minLength: 1, maxLength: 120 }),
            size: Type.Optional(
              Type.Integer({
                minimum: 0,
                maximum: Number.MAX_SAFE_INTEGER,
                description:
                  'Tamaño exacto en bytes (opcional): si se indica, la subida debe tenerlo; si no, el tamaño del archivo guardado se comprueba al añadirlo a una versión',
              }),
            ),
          },
          { title: 'SignedUrlBody' },
        ),
        response: {
          200: Type.Object(
            {
              url: Type.String(),
              headers: Type.Record(Type.String(), Type.String(), {
                description: 'Cabeceras que la subida (PUT) debe enviar tal cual',
              }),
              s3Key: Type.String(),
              expiresAt: Type.String(),
            },
            { title: 'SignedUpload' },
          ),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request) => {
      const { item } = await production.loadItem(app.db, request.user, request.params.id, 'production.edit');
      return production.issueUpload(
        app.db,
        app.storage,
        app.env.UPLOAD_MAX_BYTES,
        request.user,
        item,
        request.body,
      );
    },
  );

  app.get(
    '/production/items/:id/download-url',
    {
      schema: {
        operationId: 'getDownloadUrl',
        tags: ['files'],
        summary: 'URL firmada para descargar un archivo de la pieza',
        params: IdParams,
        querystring: Type.Object({ s3Key: Type.String({ minLength: 1, maxLength: 500 }) }),
        response: {
          200: Type.Object({ url: Type.String(), expiresAt: Type.String() }, { title: 'SignedDownload' }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const access = await production.loadItem(app.db, request.user, request.params.id);
      return production.downloadUrl(app.db, app.storage, access, request.query.s3Key);
    },
  );
};

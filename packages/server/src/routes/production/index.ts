import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { and, eq } from 'drizzle-orm';
import { files } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { errorResponses, IdParams, IsoDate, Ok, PageQuery, Paginated, ref } from '../../lib/schemas.ts';
import { requirePortfolio } from '../../policy.ts';
import * as production from '../../services/production.ts';
import { allowedTypes, makeKey, PRESIGN_SECONDS } from '../../services/storage/index.ts';
import type { TransitionName } from '../../services/transitions.ts';
import {
  CoverageSchema,
  CycleSchema,
  ItemFields,
  ItemSchema,
  MaterialInputSchema,
  StatusSchema,
  VersionHistorySchema,
} from './schemas.ts';

const tags = ['production'];
const Comments = Type.String({ maxLength: 5000 });
const Description = Type.String({ maxLength: 5000 });

/** Body schema and summary of each review-flow call (product-design §4). */
const flow: Record<
  TransitionName,
  { operationId: string; summary: string; body: ReturnType<typeof Type.Object> }
> = {
  'mark-for-internal-review': {
    operationId: 'markForInternalReview',
    summary: 'Envía la pieza a revisión interna con su material (crea una versión)',
    body: Type.Object(
      { materialData: Type.Optional(MaterialInputSchema), changeDescription: Type.Optional(Description) },
      { title: 'MarkForInternalReviewBody' },
    ),
  },
  'approve-for-client': {
    operationId: 'approveForClient',
    summary: 'Aprueba internamente y envía al cliente',
    body: Type.Object({ reviewComments: Type.Optional(Comments) }, { title: 'ApproveForClientBody' }),
  },
  'request-internal-changes': {
    operationId: 'requestInternalChanges',
    summary: 'Pide cambios internos',
    body: Type.Object(
      {
        reviewComments: Type.String({ minLength: 1, maxLength: 5000 }),
        changeDescription: Type.Optional(Description),
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
      },
      { title: 'CreateMaterialVersionBody' },
    ),
  },
  'approve-client-review': {
    operationId: 'approveClientReview',
    summary: 'El cliente aprueba la pieza',
    body: Type.Object({ reviewComments: Type.Optional(Comments) }, { title: 'ApproveClientReviewBody' }),
  },
  'request-client-changes': {
    operationId: 'requestClientChanges',
    summary: 'El cliente pide cambios',
    body: Type.Object(
      { reviewComments: Type.String({ minLength: 1, maxLength: 5000 }) },
      { title: 'RequestClientChangesBody' },
    ),
  },
  'update-material': {
    operationId: 'updateMaterial',
    summary: 'Actualiza el material de trabajo (sin crear versión)',
    body: Type.Object({ materialData: MaterialInputSchema }, { title: 'UpdateMaterialBody' }),
  },
};

export const productionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // ——— Cycles ———
  app.post(
    '/production/portfolios/:id/start',
    {
      schema: {
        operationId: 'startProduction',
        tags,
        summary: 'Inicia la producción: abre el primer ciclo desde hoy',
        params: IdParams,
        body: Type.Object(
          { cycleDuration: Type.Integer({ minimum: 1, maximum: 365 }) },
          { title: 'StartProductionBody' },
        ),
        response: { 201: ref(CycleSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await requirePortfolio(app.db, request.user, request.params.id, 'production.edit');
      return reply
        .status(201)
        .send(await production.startProduction(app.db, request.params.id, request.body.cycleDuration));
    },
  );

  app.get(
    '/production/portfolios/:id/current-cycle',
    {
      schema: {
        operationId: 'getCurrentCycle',
        tags,
        summary: 'El ciclo cuyas fechas contienen hoy',
        params: IdParams,
        response: { 200: ref(CycleSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await requirePortfolio(app.db, request.user, request.params.id, 'production.view');
      return production.currentCycle(app.db, request.params.id);
    },
  );

  app.get(
    '/production/portfolios/:id/cycles',
    {
      schema: {
        operationId: 'listCycles',
        tags,
        summary: 'Ciclos del portafolio, los más recientes primero (paginado, con búsqueda)',
        params: IdParams,
        querystring: Type.Object({ ...PageQuery, search: Type.Optional(Type.String({ maxLength: 50 })) }),
        response: { 200: Paginated(ref(CycleSchema), 'CyclePage'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await requirePortfolio(app.db, request.user, request.params.id, 'production.view');
      return production.listCycles(app.db, request.params.id, request.query);
    },
  );

  app.post(
    '/production/cycles',
    {
      schema: {
        operationId: 'createCycle',
        tags,
        summary: 'Crea un ciclo (sin solaparse con otros del portafolio)',
        body: Type.Object(
          {
            portfolioId: Type.String({ minLength: 1, maxLength: 100 }),
            startDate: IsoDate,
            endDate: IsoDate,
          },
          { title: 'CreateCycleBody' },
        ),
        response: { 201: ref(CycleSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await requirePortfolio(app.db, request.user, request.body.portfolioId, 'production.edit');
      return reply.status(201).send(await production.createCycle(app.db, request.body));
    },
  );

  // ——— Items ———
  app.get(
    '/production/cycles/:id/items',
    {
      schema: {
        operationId: 'listItems',
        tags,
        summary: 'Piezas del ciclo (los clientes solo ven las que están en su revisión o después)',
        params: IdParams,
        querystring: Type.Object({ status: Type.Optional(StatusSchema) }),
        response: { 200: Type.Array(ref(ItemSchema)), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { cycle, perms } = await production.loadCycle(
        app.db,
        request.user,
        request.params.id,
        'production.view',
      );
      const internal = perms.has('production.edit') || perms.has('review.internal');
      return production.listItems(app.db, cycle.id, internal, request.query.status as never);
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
      const { cycle } = await production.loadCycle(
        app.db,
        request.user,
        request.params.id,
        'production.edit',
      );
      return reply.status(201).send(await production.createItem(app.db, request.user, cycle, request.body));
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
        body: Type.Partial(Type.Object(ItemFields), { title: 'UpdateItemBody' }),
        response: { 200: ref(ItemSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { item } = await production.loadItem(app.db, request.user, request.params.id, 'production.edit');
      return production.updateItem(app.db, request.user, item, request.body);
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
        response: { 200: Ok, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { item } = await production.loadItem(app.db, request.user, request.params.id, 'production.edit');
      const keys = await app.db.select({ key: files.s3Key }).from(files).where(eq(files.itemId, item.id));
      await production.deleteItem(app.db, item.id);
      await app.storage
        .delete(keys.map((k) => k.key))
        .catch((err) => request.log.warn({ err }, 'limpieza de archivos'));
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
      const { item } = await production.loadItem(app.db, request.user, request.params.id, 'production.edit');
      return reply.status(201).send(await production.duplicateItem(app.db, request.user, item));
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
      const { item } = await production.loadItem(app.db, request.user, request.params.id, 'production.edit');
      return production.moveItem(app.db, request.user, item, request.body.nextCycleId);
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
      async (request) =>
        production.runTransition(
          app.db,
          app.notifier,
          request.user,
          request.params.id,
          name,
          request.body as production.TransitionInput,
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
      const { cycle } = await production.loadCycle(
        app.db,
        request.user,
        request.params.id,
        'production.edit',
      );
      return reply
        .status(201)
        .send(await production.generateStrategy(app.db, request.user, cycle, request.body.itemsCount));
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
      const { cycle } = await production.loadCycle(
        app.db,
        request.user,
        request.params.id,
        'production.view',
      );
      return production.strategyCoverage(app.db, cycle);
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
            size: Type.Optional(Type.Integer({ minimum: 0 })),
          },
          { title: 'SignedUrlBody' },
        ),
        response: {
          200: Type.Object(
            { url: Type.String(), s3Key: Type.String(), expiresAt: Type.String() },
            { title: 'SignedUpload' },
          ),
          ...errorResponses(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request) => {
      const { item } = await production.loadItem(app.db, request.user, request.params.id, 'production.edit');
      const { fileName, fileType, size } = request.body;
      if (!allowedTypes.has(fileType))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Tipo de archivo no permitido: ${fileType}`);
      if (size !== undefined && size > app.env.UPLOAD_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
      const s3Key = makeKey(item.id, fileName);
      const presigned = await app.storage.presignPut(s3Key, {
        contentType: fileType,
        maxBytes: app.env.UPLOAD_MAX_BYTES,
        expiresIn: PRESIGN_SECONDS,
      });
      await app.db.insert(files).values({
        itemId: item.id,
        s3Key,
        fileName,
        fileType,
        size: size ?? null,
        uploadedBy: request.user.id,
      });
      return { url: presigned.url, s3Key, expiresAt: presigned.expiresAt };
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
      const { item } = await production.loadItem(app.db, request.user, request.params.id);
      const [file] = await app.db
        .select()
        .from(files)
        .where(and(eq(files.itemId, item.id), eq(files.s3Key, request.query.s3Key)));
      if (!file) throw new AppError('NOT_FOUND', 'Archivo no encontrado');
      return app.storage.presignGet(file.s3Key, { expiresIn: PRESIGN_SECONDS, fileName: file.fileName });
    },
  );
};

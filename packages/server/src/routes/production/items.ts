import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, IdParams, nativeJsonAnswer, Ok, Paginated, ref } from '../../lib/schemas.ts';
import { isInternalViewer, requirePortfolio } from '../../policy.ts';
import { isFollowing } from '../../services/notify/index.ts';
import * as production from '../../services/review/index.ts';
import { cycleFromPath } from '../access.ts';
import { EntityId } from '../params.ts';
import {
  BoardQuery,
  CalendarQuery,
  CycleCalendarSchema,
  ItemBoardSchema,
  ItemFields,
  ItemListQuery,
  ItemReadSchema,
  ItemSchema,
  MemberSchema,
} from './schemas.ts';

const tags = ['production'];
/** The body that names the cycle the pieces go to (moving one, or carrying a cycle's pending ones over). */
const nextCycleBody = (title: string) => Type.Object({ nextCycleId: EntityId }, { title });

/**
 * A portfolio's people and a cycle's items: list, create, edit, delete, duplicate, move, carry over. Each route
 * parses, authorises (`loadItem`/`loadCycle`: 404 for what the caller may not see, 403 without the permission)
 * and calls one use-case of services/review/production/use-cases.ts.
 */
export const itemRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
    async (request) =>
      production.itemPage(app, request.user, request.params.id, request.query as production.ItemQuery),
  );

  app.get(
    '/production/cycles/:id/board',
    {
      schema: {
        operationId: 'getCycleBoard',
        tags,
        summary:
          'La primera página de cada columna pedida del tablero (los estados en `status`), con los filtros y el orden del plan, en una lectura: cada una como la lista la responde para ese estado',
        params: IdParams,
        querystring: BoardQuery,
        response: { 200: ref(ItemBoardSchema), ...errorResponses(400, 401, 403, 404) },
      },
      ...nativeJsonAnswer,
    },
    async (request) =>
      production.itemBoard(app, request.user, request.params.id, request.query as production.BoardRead),
  );

  app.get(
    '/production/cycles/:id/calendar',
    {
      schema: {
        operationId: 'getCycleCalendar',
        tags,
        summary: `El calendario del ciclo: cada pieza que cumple los filtros con lo que el calendario muestra (título, estado, fecha y versión), en el orden del plan, hasta ${production.CALENDAR_MAX}`,
        params: IdParams,
        querystring: CalendarQuery,
        response: { 200: ref(CycleCalendarSchema), ...errorResponses(400, 401, 403, 404) },
      },
      ...nativeJsonAnswer,
    },
    async (request) =>
      production.cycleCalendar(app, request.user, request.params.id, request.query as production.ItemFilters),
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
      const access = await cycleFromPath(app, request, 'production.edit');
      return reply.status(201).send(await production.addItem(app, request.user, access, request.body));
    },
  );

  app.patch(
    '/production/cycles/:id/items',
    {
      schema: {
        operationId: 'bulkUpdateItems',
        tags,
        summary:
          'Cambia los mismos datos en varias piezas del ciclo a la vez: aplica lo que puede en una transacción y dice por qué rechazó cada una de las demás',
        params: IdParams,
        body: Type.Object(
          {
            ids: Type.Array(EntityId, {
              minItems: 1,
              maxItems: production.BULK_MAX_ITEMS,
              description: 'Las piezas del ciclo que cambiar',
            }),
            set: Type.Object(
              {
                publishDate: ItemFields.publishDate,
                format: ItemFields.format,
                pilar: ItemFields.pilar,
                angulo: ItemFields.angulo,
                funnelPhase: ItemFields.funnelPhase,
                awarenessLevel: ItemFields.awarenessLevel,
                assigneeId: ItemFields.assigneeId,
              },
              { minProperties: 1 },
            ),
          },
          { title: 'BulkUpdateItemsBody' },
        ),
        response: {
          200: Type.Object(
            {
              updated: Type.Array(Type.String()),
              refused: Type.Array(Type.Object({ id: Type.String(), reason: Type.String() })),
            },
            { title: 'BulkUpdateItemsResult' },
          ),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const access = await cycleFromPath(app, request, 'production.edit');
      const { ids, set } = request.body;
      return production.bulkEditItems(app, request.user, access, ids, set);
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
      const access = await production.loadItem(app.db, request.user, request.params.id, 'production.edit');
      return production.editItem(app, request.user, access, request.body);
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
      await production.removeItem(app, request.user, item, request.log);
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
      const access = await production.loadItem(app.db, request.user, request.params.id, 'production.edit');
      return reply.status(201).send(await production.copyItem(app, request.user, access));
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
        body: nextCycleBody('MoveItemBody'),
        response: { 200: ref(ItemSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const access = await production.loadItem(app.db, request.user, request.params.id, 'production.edit');
      return production.moveItemTo(app, request.user, access, request.body.nextCycleId);
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
            itemIds: Type.Array(EntityId, {
              minItems: 1,
              maxItems: 100,
              uniqueItems: true,
            }),
            nextCycleId: EntityId,
          },
          { title: 'MoveItemsBody' },
        ),
        response: { 200: Type.Array(ref(ItemSchema)), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const moving = [];
      let access: Omit<production.ItemAccess, 'item'> | undefined;
      for (const id of request.body.itemIds) {
        const { item, ...rest } = await production.loadItem(app.db, request.user, id, 'production.edit');
        moving.push(item);
        access = rest;
      }
      return production.moveItemsTo(app, request.user, moving, access!, request.body.nextCycleId);
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
        body: nextCycleBody('CarryOverBody'),
        response: { 200: Type.Array(ref(ItemSchema)), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const access = await cycleFromPath(app, request, 'production.edit');
      return production.carryOverPending(app, request.user, access, request.body.nextCycleId);
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
        response: { 200: ref(ItemReadSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { item, perms, internal } = await production.loadItem(app.db, request.user, request.params.id);
      const answer = await production.itemAnswer(app.db, item, { actor: request.user, perms, internal });
      return { ...answer, following: await isFollowing(app.db, item.id, request.user.id) };
    },
  );
};

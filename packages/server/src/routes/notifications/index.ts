import { deviceNameFromEndpoint } from '@crw/api-client/devices';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { endpointProblem } from '../../lib/net-guard.ts';
import { component, errorResponses, IdParams, ref, Timestamp } from '../../lib/schemas.ts';
import { matchScreen, mayOpen } from '../../services/app-links.ts';
import * as notificationsService from '../../services/notifications.ts';
import { recipientCount, userRoom } from '../../services/notifier.ts';
import { RoleSchema } from '../schemas.ts';

export const NotificationSchema = component(
  'Notification',
  Type.Object({
    _id: Type.String(),
    title: Type.String(),
    content: Type.String(),
    createdAt: Timestamp,
    read: Type.Boolean(),
    archived: Type.Boolean(),
    payload: Type.Object({ url: Type.Optional(Type.String()) }, { additionalProperties: true }),
  }),
);

const CountResult = Type.Object({ count: Type.Integer() }, { title: 'CountResult' });
const UnreadCount = Type.Object({ count: Type.Integer(), atLeast: Type.Boolean() }, { title: 'UnreadCount' });
const BulkResult = Type.Object({ success: Type.Boolean(), count: Type.Integer() }, { title: 'BulkResult' });

const Criteria = Type.Object(
  {
    roles: Type.Optional(Type.Array(RoleSchema, { maxItems: 3 })),
    portfolioIds: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { maxItems: 500 })),
    userIds: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { maxItems: 5000 })),
  },
  { title: 'BroadcastCriteria' },
);

/** Broadcast answers carry the Spanish text in both `message` and `error` (spec §8: it reads `error`). */
const BroadcastError = Type.Object(
  { message: Type.String(), code: Type.String(), error: Type.Optional(Type.String()) },
  { title: 'BroadcastError' },
);

const PushSubscriptionBody = Type.Object(
  {
    endpoint: Type.String({ pattern: '^https://', maxLength: 2048 }),
    expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    keys: Type.Object({
      auth: Type.String({ minLength: 1, maxLength: 256 }),
      p256dh: Type.String({ minLength: 1, maxLength: 256 }),
    }),
  },
  { title: 'PushSubscriptionBody' },
);
const EndpointBody = Type.Object(
  { endpoint: Type.String({ minLength: 1, maxLength: 2048 }) },
  { title: 'EndpointBody' },
);
const DeviceSchema = component(
  'PushDevice',
  Type.Object({ _id: Type.String(), endpoint: Type.String(), browser: Type.String(), createdAt: Timestamp }),
);

const tags = ['notifications'];

/**
 * Devices kept per user: a push goes to each of them, so one account cannot make every notification fan out to
 * thousands of endpoints. Past the limit the oldest subscriptions are dropped (a browser that still uses one
 * subscribes again on its next visit).
 */
export const MAX_PUSH_DEVICES_PER_USER = 20;

export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const emitUpdated = (userId: string, notification: notificationsService.NotificationView) => {
    app.io.to(userRoom(userId)).emit('notification:updated', notification);
  };

  app.get(
    '/notifications',
    {
      schema: {
        operationId: 'listNotifications',
        tags,
        summary:
          'Las notificaciones del usuario, las más recientes primero, por páginas (`before`: la última que ya tiene)',
        querystring: Type.Object({
          includeArchived: Type.Boolean({ default: false }),
          archived: Type.Optional(
            Type.Boolean({ description: 'Solo las archivadas (tiene prioridad sobre includeArchived)' }),
          ),
          limit: Type.Integer({
            minimum: 1,
            maximum: notificationsService.LIST_LIMIT,
            default: notificationsService.LIST_LIMIT,
          }),
          before: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        }),
        response: { 200: Type.Array(ref(NotificationSchema)), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { id } = request.user;
      const { includeArchived, archived, limit, before } = request.query;
      const view = archived ? 'archived' : includeArchived ? 'all' : 'active';
      const read = () => notificationsService.listNotifications(app.db, id, { view, limit, before });
      // On PGlite a person's list is answered again until anything is written (a new notification, a state).
      const reads = app.database.reads;
      return reads ? reads.get(`notifications:${id}:${view}:${limit}:${before ?? ''}`, read) : read();
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        operationId: 'getUnreadCount',
        tags,
        summary: `Número de notificaciones activas sin leer, contadas hasta ${notificationsService.UNREAD_CAP} (\`atLeast\`: hay al menos esas)`,
        response: { 200: UnreadCount, ...errorResponses(401) },
      },
    },
    async (request) => notificationsService.unreadCount(app.db, request.user.id),
  );

  app.put(
    '/notifications/:id/read',
    {
      schema: {
        operationId: 'markNotificationRead',
        tags,
        summary: 'Marca una notificación como leída',
        params: IdParams,
        response: { 200: ref(NotificationSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const n = await notificationsService.updateOwn(app.db, request.user.id, request.params.id, {
        read: true,
      });
      emitUpdated(request.user.id, n);
      return n;
    },
  );

  app.put(
    '/notifications/:id/archive',
    {
      schema: {
        operationId: 'archiveNotification',
        tags,
        summary: 'Archiva una notificación (y la marca como leída)',
        params: IdParams,
        response: { 200: ref(NotificationSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const n = await notificationsService.updateOwn(app.db, request.user.id, request.params.id, {
        archived: true,
        read: true,
      });
      emitUpdated(request.user.id, n);
      return n;
    },
  );

  app.post(
    '/notifications/mark-all-read',
    {
      schema: {
        operationId: 'markAllNotificationsRead',
        tags,
        summary: 'Marca como leídas todas las notificaciones no archivadas',
        response: { 200: BulkResult, ...errorResponses(401) },
      },
    },
    async (request) => ({
      success: true,
      count: await notificationsService.markAllRead(app.db, request.user.id),
    }),
  );

  app.post(
    '/notifications/archive-all',
    {
      schema: {
        operationId: 'archiveAllNotifications',
        tags,
        summary: 'Archiva (y marca como leídas) todas las notificaciones activas',
        response: { 200: BulkResult, ...errorResponses(401) },
      },
    },
    async (request) => ({
      success: true,
      count: await notificationsService.archiveAll(app.db, request.user.id),
    }),
  );

  const broadcastErrors = { 400: BroadcastError, 401: BroadcastError, 403: BroadcastError };
  app.post(
    '/notifications/broadcast',
    {
      config: { roles: ['admin'] },
      schema: {
        operationId: 'broadcastNotification',
        tags,
        summary:
          'Envía una notificación a todos los usuarios que cumplen los criterios (solo administradores)',
        body: Type.Object(
          {
            title: Type.String({ minLength: 1, maxLength: 120 }),
            content: Type.String({ minLength: 1, maxLength: 1000 }),
            url: Type.Optional(Type.String({ pattern: '^/', maxLength: 500 })),
            criteria: Type.Optional(Criteria),
          },
          { title: 'BroadcastBody' },
        ),
        response: { 200: BulkResult, ...broadcastErrors },
      },
    },
    async (request) => {
      const { title, content, url, criteria = {} } = request.body;
      if (url !== undefined && !matchScreen(url)) {
        throw new AppError('VALIDATION', "El campo 'url' no abre ninguna pantalla de la aplicación", [
          { field: 'url', message: 'No es una pantalla de la aplicación' },
        ]);
      }
      // Without a link, everyone gets the same notification: one statement reads the audience and writes it.
      if (url === undefined) {
        const created = await app.notifier.createForAudience(
          app.db,
          {
            query: notificationsService.audienceQuery(app.db, criteria),
            rooms: notificationsService.audienceRooms(criteria),
          },
          { title, content, group: 'team', asks: false },
        );
        app.notifier.deliver(created);
        return { success: true, count: recipientCount(created) };
      }
      const userIds = await notificationsService.audience(app.db, criteria);
      // Everyone is told; the link goes only to those who may open it (a client never gets a staff screen,
      // nobody a portfolio they cannot see).
      const opens = await mayOpen(app.db, url, userIds);
      const withLink = userIds.filter((id) => opens.has(id));
      const withoutLink = userIds.filter((id) => !opens.has(id));
      // Everyone or no one: one notification is one statement, which commits by itself; two (with and without
      // the link) commit together. Only then is anyone told.
      const parts = [
        { userIds: withLink, title, content, url, group: 'team' as const, asks: false },
        { userIds: withoutLink, title, content, group: 'team' as const, asks: false },
      ].filter((part) => part.userIds.length > 0);
      const created =
        parts.length > 1
          ? await app.db.transaction(async (tx) => [
              await app.notifier.create(tx, parts[0]!),
              await app.notifier.create(tx, parts[1]!),
            ])
          : await Promise.all(parts.map((part) => app.notifier.create(app.db, part)));
      for (const c of created) app.notifier.deliver(c);
      return { success: true, count: withLink.length + withoutLink.length };
    },
  );

  app.post(
    '/notifications/broadcast/preview',
    {
      config: { roles: ['admin'] },
      schema: {
        operationId: 'previewBroadcast',
        tags,
        summary: 'Cuántos usuarios recibirían una difusión con estos criterios',
        body: Type.Object({ criteria: Type.Optional(Criteria) }, { title: 'BroadcastPreviewBody' }),
        response: { 200: CountResult, ...broadcastErrors },
      },
    },
    async (request) => ({
      count: await notificationsService.audienceCount(app.db, request.body.criteria ?? {}),
    }),
  );

  app.get(
    '/notifications/vapid-public-key',
    {
      schema: {
        operationId: 'getVapidPublicKey',
        tags,
        summary: 'La clave pública VAPID para suscribirse a Web Push',
        response: {
          200: Type.Object({ publicKey: Type.String() }, { title: 'VapidPublicKey' }),
          ...errorResponses(401),
        },
      },
    },
    async () => ({ publicKey: app.push.publicKey }),
  );

  app.post(
    '/notifications/push-subscription',
    {
      schema: {
        operationId: 'savePushSubscription',
        tags,
        summary: 'Guarda la suscripción push de este dispositivo (una por endpoint)',
        body: PushSubscriptionBody,
        response: { 200: ref(DeviceSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { endpoint, keys } = request.body;
      const problem = endpointProblem(endpoint, app.env.PUSH_ALLOW_LOOPBACK);
      if (problem) {
        throw new AppError('VALIDATION', `El campo 'endpoint' no es válido: ${problem}`, [
          { field: 'endpoint', message: problem },
        ]);
      }
      const row = await app.db.transaction(async (tx) => {
        const [saved] = await tx
          .insert(pushSubscriptions)
          .values({
            userId: request.user.id,
            endpoint,
            auth: keys.auth,
            p256dh: keys.p256dh,
            userAgent: request.headers['user-agent']?.slice(0, 300),
          })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { userId: request.user.id, auth: keys.auth, p256dh: keys.p256dh },
          })
          .returning();
        const beyond = await tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(and(eq(pushSubscriptions.userId, request.user.id), ne(pushSubscriptions.id, saved!.id)))
          .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
          .offset(MAX_PUSH_DEVICES_PER_USER - 1);
        if (beyond.length > 0)
          await tx.delete(pushSubscriptions).where(
            inArray(
              pushSubscriptions.id,
              beyond.map((b) => b.id),
            ),
          );
        return saved;
      });
      return toDevice(row!);
    },
  );

  app.delete(
    '/notifications/push-subscription',
    {
      schema: {
        operationId: 'deletePushSubscription',
        tags,
        summary: 'Elimina una suscripción push del usuario por su endpoint',
        body: EndpointBody,
        response: {
          200: Type.Object({ success: Type.Boolean() }, { title: 'Success' }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const deleted = await app.db
        .delete(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.endpoint, request.body.endpoint),
            eq(pushSubscriptions.userId, request.user.id),
          ),
        )
        .returning({ id: pushSubscriptions.id });
      if (deleted.length === 0) throw new AppError('NOT_FOUND', 'Suscripción no encontrada');
      return { success: true };
    },
  );

  app.post(
    '/notifications/push-subscription/check',
    {
      schema: {
        operationId: 'checkPushSubscription',
        tags,
        summary: 'Indica si este endpoint está registrado para el usuario',
        body: EndpointBody,
        response: {
          200: Type.Object({ isRegistered: Type.Boolean() }, { title: 'PushCheck' }),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.endpoint, request.body.endpoint),
            eq(pushSubscriptions.userId, request.user.id),
          ),
        );
      return { isRegistered: Boolean(row) };
    },
  );

  app.get(
    '/notifications/push-subscriptions',
    {
      schema: {
        operationId: 'listPushSubscriptions',
        tags,
        summary: 'Los dispositivos del usuario suscritos a Web Push',
        response: { 200: Type.Array(ref(DeviceSchema)), ...errorResponses(401) },
      },
    },
    async (request) => {
      const rows = await app.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, request.user.id))
        .orderBy(asc(pushSubscriptions.createdAt));
      return rows.map(toDevice);
    },
  );
};

function toDevice(row: typeof pushSubscriptions.$inferSelect) {
  return {
    _id: row.id,
    endpoint: row.endpoint,
    browser: deviceNameFromEndpoint(row.endpoint),
    createdAt: row.createdAt.toISOString(),
  };
}

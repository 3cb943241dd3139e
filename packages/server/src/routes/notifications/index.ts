import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { component, errorResponses, IdParams, ref, Timestamp } from '../../lib/schemas.ts';
import { broadcast, inbox, markOwn } from '../../services/notify/index.ts';
import * as notificationsService from '../../services/notify/index.ts';
import * as pushDevices from '../../services/notify/index.ts';
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

/** Re-exported for the tests that fill a user's devices. */
export { MAX_PUSH_DEVICES_PER_USER } from '../../services/notify/index.ts';

export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
      const { includeArchived, archived, limit, before } = request.query;
      const view = archived ? 'archived' : includeArchived ? 'all' : 'active';
      return inbox(app, request.user.id, { view, limit, before });
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
    async (request) => markOwn(app, request.user.id, request.params.id, { read: true }),
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
    async (request) => markOwn(app, request.user.id, request.params.id, { archived: true, read: true }),
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
    async (request) => ({ success: true, count: await broadcast(app, request.body) }),
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
    async (request) =>
      pushDevices.savePushDevice(
        app.db,
        request.user.id,
        { ...request.body, userAgent: request.headers['user-agent'] },
        app.env.PUSH_ALLOW_LOOPBACK,
      ),
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
      await pushDevices.deletePushDevice(app.db, request.user.id, request.body.endpoint);
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
    async (request) => ({
      isRegistered: await pushDevices.isPushDeviceRegistered(app.db, request.user.id, request.body.endpoint),
    }),
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
    async (request) => pushDevices.listPushDevices(app.db, request.user.id),
  );
};

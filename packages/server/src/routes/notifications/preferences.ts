import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type TObject, Type } from '@sinclair/typebox';
import { AppError } from '../../errors.ts';
import { component, errorResponses, IdParams, ref } from '../../lib/schemas.ts';
import type { Actor } from '../../policy.ts';
import {
  getPreferences,
  groupLabels,
  isFollowing,
  NOTIFY_CHANNELS,
  NOTIFY_GROUPS,
  type Preferences,
  setFollowing,
  updatePreferences,
} from '../../services/notify/index.ts';
import { loadItem } from '../../services/review/index.ts';

const tags = ['notifications'];

const channels = (optional: boolean) =>
  Type.Object(
    Object.fromEntries(
      NOTIFY_CHANNELS.map((c) => [c, optional ? Type.Optional(Type.Boolean()) : Type.Boolean()]),
    ),
  );
const groups = (optional: boolean): TObject =>
  Type.Object(
    Object.fromEntries(
      NOTIFY_GROUPS.map((g) => [g, optional ? Type.Optional(channels(true)) : channels(false)]),
    ),
  );

const PreferencesSchema = component(
  'NotificationPreferences',
  Type.Object({
    preferences: groups(false),
    /** The groups in the order the screen lists them, with their Spanish names. */
    groups: Type.Array(Type.Object({ key: Type.String(), label: Type.String() })),
    email: Type.Object({
      /** Email is configured on this server (SMTP_URL): without it the email switches do nothing. */
      available: Type.Boolean(),
      /** Minutes between two digests (events that do not ask to act go there). */
      digestMinutes: Type.Integer(),
    }),
  }),
);
const FollowingSchema = Type.Object({ following: Type.Boolean() }, { title: 'Following' });

/**
 * A user's notification preferences (`/settings` › «Notificaciones») and whether they follow an item
 * («Dejar de seguir»). Everyone may read and change only their own.
 */
export const notificationPreferenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The answer of both preference routes; no preferences means the account is gone (401, as for any route). */
  const answer = (role: Actor['role'], preferences: Preferences | undefined) => {
    if (!preferences) throw new AppError('UNAUTHORIZED');
    return {
      preferences,
      // The screen lists what the person can be told of: tasks are internal work, never a client's.
      groups: NOTIFY_GROUPS.filter((key) => role !== 'client' || key !== 'tasks').map((key) => ({
        key,
        label: groupLabels[key],
      })),
      email: { available: app.mail.enabled, digestMinutes: app.env.MAIL_DIGEST_MINUTES },
    };
  };

  app.get(
    '/notifications/preferences',
    {
      schema: {
        operationId: 'getNotificationPreferences',
        tags,
        summary: 'Qué avisos recibe el usuario y por qué canal (en la app, push, correo)',
        response: { 200: ref(PreferencesSchema), ...errorResponses(401) },
      },
    },
    async (request) => answer(request.user.role, await getPreferences(app.db, request.user.id)),
  );

  app.put(
    '/notifications/preferences',
    {
      schema: {
        operationId: 'updateNotificationPreferences',
        tags,
        summary: 'Cambia canales de grupos de avisos; lo que no se envía se queda como estaba',
        body: Type.Object({ preferences: groups(true) }, { title: 'NotificationPreferencesBody' }),
        response: { 200: ref(PreferencesSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      answer(request.user.role, await updatePreferences(app.db, request.user.id, request.body.preferences)),
  );

  app.get(
    '/production/items/:id/following',
    {
      schema: {
        operationId: 'getItemFollowing',
        tags,
        summary: 'Si el usuario sigue la pieza (recibe sus comentarios y decisiones)',
        params: IdParams,
        response: { 200: FollowingSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      await loadItem(app.db, request.user, request.params.id);
      return { following: await isFollowing(app.db, request.params.id, request.user.id) };
    },
  );

  app.put(
    '/production/items/:id/following',
    {
      schema: {
        operationId: 'setItemFollowing',
        tags,
        summary: 'Seguir o dejar de seguir una pieza',
        params: IdParams,
        body: FollowingSchema,
        response: { 200: FollowingSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await loadItem(app.db, request.user, request.params.id);
      await setFollowing(app.db, request.params.id, request.user.id, request.body.following);
      return { following: request.body.following };
    },
  );
};

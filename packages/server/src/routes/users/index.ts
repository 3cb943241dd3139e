import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, IdParams, Ok, PageQuery, Paginated, ref } from '../../lib/schemas.ts';
import { permissionCatalog, requireGlobal } from '../../policy.ts';
import * as usersService from '../../services/people/index.ts';
import { toPublicUser } from '../../services/people/index.ts';
import { EntityId, idParams } from '../params.ts';
import { RoleSchema, UserSchema } from '../schemas.ts';

export const CreateUserBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    name: Type.String({ minLength: 1, maxLength: 120 }),
    role: RoleSchema,
    password: Type.Optional(
      Type.String({
        minLength: 8,
        maxLength: 200,
        description:
          'Sin ella (con el correo configurado) se envía una invitación para que la persona elija la suya, válida 7 días',
      }),
    ),
  },
  { title: 'CreateUserBody' },
);

const UpdateUserBody = Type.Object(
  {
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    role: Type.Optional(RoleSchema),
    password: Type.Optional(Type.String({ minLength: 8, maxLength: 200 })),
  },
  { title: 'UpdateUserBody', minProperties: 1 },
);

const PermissionInfo = Type.Object(
  {
    key: Type.String(),
    label: Type.String(),
    scope: Type.Union([Type.Literal('portfolio'), Type.Literal('global')]),
  },
  { title: 'PermissionInfo' },
);
const UserSummary = Type.Object(
  { _id: Type.String(), name: Type.String(), email: Type.String(), role: RoleSchema },
  { title: 'UserSummary' },
);
const PortfolioAccessSchema = Type.Object(
  { portfolioId: Type.String(), permissions: Type.Array(Type.String()), businessName: Type.String() },
  { title: 'PortfolioAccess' },
);
const PermissionKeys = Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 50 });

const tags = ['users'];
const admin = { roles: ['admin' as const] };

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/users',
    {
      config: admin,
      schema: {
        operationId: 'listUsers',
        tags,
        summary: 'Lista paginada de usuarios (solo administradores)',
        querystring: Type.Object({
          ...PageQuery,
          query: Type.Optional(Type.String({ maxLength: 100 })),
          sort: Type.Optional(Type.Union(usersService.userSortKeys.map((k) => Type.Literal(k)))),
          order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
        }),
        response: { 200: Paginated(ref(UserSchema), 'UserPage'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => usersService.listUsers(app.db, request.query),
  );

  app.post(
    '/users',
    {
      config: admin,
      schema: {
        operationId: 'createUser',
        tags,
        summary: 'Crea un usuario (solo administradores)',
        body: CreateUserBody,
        response: { 201: ref(UserSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { user } = await usersService.addUserOrInvite(app, request.user.name, request.body);
      return reply.status(201).send(toPublicUser(user));
    },
  );

  app.post(
    '/users/:id/invite',
    {
      config: admin,
      schema: {
        operationId: 'resendInvitation',
        tags,
        summary: 'Reenvía la invitación a quien todavía no ha entrado (solo administradores)',
        description: '409 si la persona ya entró o si el envío de correos no está configurado.',
        params: IdParams,
        response: {
          202: Type.Object({ accepted: Type.Literal(true) }),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      await usersService.resendInvitation(app, request.user.name, request.params.id);
      return reply.status(202).send({ accepted: true as const });
    },
  );

  app.get(
    '/users/search',
    {
      schema: {
        operationId: 'searchUsers',
        tags,
        summary: 'Busca usuarios por nombre o correo (máximo 20)',
        querystring: Type.Object({ query: Type.String({ maxLength: 100, default: '' }) }),
        response: { 200: Type.Array(UserSummary), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireGlobal(request.user, 'users.search');
      return usersService.searchUsers(app.db, request.query.query);
    },
  );

  app.get(
    '/users/permissions/available',
    {
      schema: {
        operationId: 'listAvailablePermissions',
        tags,
        summary: 'El catálogo de permisos con sus etiquetas',
        response: {
          200: Type.Object({ permissions: Type.Array(PermissionInfo) }, { title: 'AvailablePermissions' }),
          ...errorResponses(401),
        },
      },
    },
    async () => ({ permissions: permissionCatalog.map((p) => ({ ...p })) }),
  );

  app.get(
    '/users/permissions',
    {
      schema: {
        operationId: 'getMyPermissions',
        tags,
        summary: 'Los permisos del usuario actual: globales y por portafolio',
        response: {
          200: Type.Object(
            {
              permissions: Type.Array(Type.String()),
              portfolios: Type.Array(
                Type.Object({ portfolioId: Type.String(), permissions: Type.Array(Type.String()) }),
              ),
            },
            { title: 'MyPermissions' },
          ),
          ...errorResponses(401),
        },
      },
    },
    async (request) => usersService.permissionsOf(app.db, request.user),
  );

  app.get(
    '/users/:id',
    {
      config: admin,
      schema: {
        operationId: 'getUser',
        tags,
        summary: 'Un usuario (solo administradores)',
        params: IdParams,
        response: { 200: ref(UserSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => toPublicUser(await usersService.getActiveUser(app.db, request.params.id)),
  );

  app.put(
    '/users/:id',
    {
      config: admin,
      schema: {
        operationId: 'updateUser',
        tags,
        summary: 'Edita nombre, correo, rol o contraseña (solo administradores)',
        params: IdParams,
        body: UpdateUserBody,
        response: { 200: ref(UserSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      toPublicUser(await usersService.updateUser(app, request.user, request.params.id, request.body)),
  );

  app.delete(
    '/users/:id',
    {
      config: admin,
      schema: {
        operationId: 'deleteUser',
        tags,
        summary: 'Elimina un usuario; su historial se conserva como usuario eliminado',
        params: IdParams,
        response: { 200: Ok, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await usersService.deleteUser(app, request.user, request.params.id);
      return { success: true };
    },
  );

  app.patch(
    '/users/:id/permissions',
    {
      config: admin,
      schema: {
        operationId: 'updateUserPermissions',
        tags,
        summary: 'Cambia los permisos globales de un usuario',
        params: IdParams,
        body: Type.Object({ permissions: PermissionKeys }, { title: 'PermissionsBody' }),
        response: { 200: ref(UserSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      toPublicUser(
        await usersService.setGlobalPermissions(
          app,
          request.user,
          request.params.id,
          request.body.permissions,
        ),
      ),
  );

  app.get(
    '/users/:id/portfolio-access',
    {
      config: admin,
      schema: {
        operationId: 'listPortfolioAccess',
        tags,
        summary: 'Los accesos a portafolios de un usuario',
        params: IdParams,
        response: { 200: Type.Array(PortfolioAccessSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => usersService.listAccess(app.db, request.params.id),
  );

  app.post(
    '/users/:id/portfolio-access',
    {
      config: admin,
      schema: {
        operationId: 'grantPortfolioAccess',
        tags,
        summary: 'Concede (o cambia) el acceso de un usuario a un portafolio',
        params: IdParams,
        body: Type.Object(
          {
            portfolioId: EntityId,
            permissions: Type.Optional(PermissionKeys),
          },
          { title: 'GrantAccessBody' },
        ),
        response: { 200: PortfolioAccessSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      usersService.grantAccess(app, request.params.id, request.body.portfolioId, request.body.permissions),
  );

  app.delete(
    '/users/:id/portfolio-access/:portfolioId',
    {
      config: admin,
      schema: {
        operationId: 'revokePortfolioAccess',
        tags,
        summary: 'Retira el acceso de un usuario a un portafolio',
        params: idParams('id', 'portfolioId'),
        response: { 200: Ok, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await usersService.revokeAccess(app, request.params.id, request.params.portfolioId);
      return { success: true };
    },
  );
};

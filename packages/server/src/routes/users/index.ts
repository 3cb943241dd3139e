import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, ref } from '../../lib/schemas.ts';
import { createUser, toPublicUser } from '../../services/users.ts';
import { RoleSchema, UserSchema } from '../schemas.ts';

export const CreateUserBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    name: Type.String({ minLength: 1, maxLength: 120 }),
    role: RoleSchema,
    password: Type.String({ minLength: 8, maxLength: 200 }),
  },
  { title: 'CreateUserBody' },
);

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/users',
    {
      config: { roles: ['admin'] },
      schema: {
        operationId: 'createUser',
        tags: ['users'],
        summary: 'Crea un usuario (solo administradores)',
        body: CreateUserBody,
        response: { 201: ref(UserSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const user = await createUser(app.db, request.body);
      return reply.status(201).send(toPublicUser(user));
    },
  );
};

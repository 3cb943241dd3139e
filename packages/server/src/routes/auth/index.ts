import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import { errorResponses, ref } from '../../lib/schemas.ts';
import { createThrottle } from '../../services/login-throttle.ts';
import { findActiveUserByEmail, normaliseEmail, toPublicUser } from '../../services/users.ts';
import { UserSchema } from '../schemas.ts';

const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { title: 'LoginBody' },
);
const LoginResponse = Type.Object(
  { token: Type.String(), user: ref(UserSchema) },
  { title: 'LoginResponse' },
);

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Two limits (docs/decisions.md): per address, whatever the account (the route's rate limit), and per
  // account from one address. An attacker guessing one account from one address is stopped; the owner, from
  // their own device, is never locked out by someone else's guessing.
  const perAccount = createThrottle({
    max: app.env.LOGIN_RATE_LIMIT,
    windowMs: 60_000,
    redis: app.redis,
    prefix: 'crw-login-account',
  });

  app.post(
    '/auth/login',
    {
      config: { public: true, rateLimit: { max: app.env.LOGIN_RATE_LIMIT, timeWindow: 60_000 } },
      schema: {
        operationId: 'login',
        tags: ['auth'],
        summary: 'Inicia sesión con correo y contraseña',
        security: [],
        body: LoginBody,
        response: { 200: LoginResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      const key = `${email}|${request.ip}`;
      if (!(await perAccount.hit(key))) throw new AppError('RATE_LIMITED');
      const user = await findActiveUserByEmail(app.db, email);
      if (!(await verifyPassword(user?.passwordHash, request.body.password)) || !user) {
        throw new AppError('INVALID_CREDENTIALS');
      }
      await perAccount.reset(key);
      return { token: await app.tokens.sign(user), user: toPublicUser(user) };
    },
  );

  app.get(
    '/auth/me',
    {
      schema: {
        operationId: 'getMe',
        tags: ['auth'],
        summary: 'El usuario de la sesión actual',
        response: { 200: ref(UserSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const { id: _id, tokenVersion: _tv, ...user } = request.user;
      return user;
    },
  );
};

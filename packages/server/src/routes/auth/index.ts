import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import { errorResponses, ref } from '../../lib/schemas.ts';
import {
  createThrottle,
  findActiveUserByEmail,
  normaliseEmail,
  redeemSigninLink,
  toPublicUser,
} from '../../services/people/index.ts';
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

const SigninLinkBody = Type.Object(
  {
    // Unbounded but for the body limit: any string that is not a live link gets the same 410.
    token: Type.String(),
    sessionUserId: Type.Optional(
      Type.String({
        maxLength: 100,
        description:
          'El usuario con sesión abierta en este navegador, si lo hay: si el enlace es de otra persona, se responde 409 sin usarlo',
      }),
    ),
  },
  { title: 'SigninLinkBody' },
);
const SigninLinkSession = Type.Object(
  { token: Type.String(), user: ref(UserSchema), target: Type.String() },
  { title: 'SigninLinkSession' },
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

  app.post(
    '/auth/link',
    {
      config: { public: true, rateLimit: { max: app.env.LOGIN_RATE_LIMIT, timeWindow: 60_000 } },
      schema: {
        operationId: 'redeemSigninLink',
        tags: ['auth'],
        summary: 'Inicia sesión con un enlace de un solo uso y responde la ruta que abre',
        description:
          'Un enlace usado, caducado, anulado o desconocido responde 410 con un único mensaje; si el enlace existe, `details` lleva su destino (`field: target`).',
        security: [],
        body: SigninLinkBody,
        response: { 200: SigninLinkSession, ...errorResponses(400, 409, 410, 429) },
      },
    },
    async (request) => {
      const { user, target } = await redeemSigninLink(app.db, request.body.token, {
        sessionUserId: request.body.sessionUserId,
      });
      return { token: await app.tokens.sign(user), user: toPublicUser(user), target };
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

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import { errorResponses, ref } from '../../lib/schemas.ts';
import {
  accountMailOff,
  changePassword,
  createThrottle,
  findActiveUserByEmail,
  linkTarget,
  markSignedIn,
  normaliseEmail,
  redeemSigninLink,
  requestPasswordReset,
  requestSigninLink,
  resetPassword,
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

const EmailBody = Type.Object(
  { email: Type.String({ minLength: 3, maxLength: 254 }) },
  { title: 'PasswordForgotBody' },
);
const LinkRequestBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    next: Type.Optional(
      Type.String({ maxLength: 2000, description: 'La ruta de la aplicación que abrirá el enlace nuevo' }),
    ),
  },
  { title: 'LinkRequestBody' },
);
const NewPassword = Type.String({ minLength: 8, maxLength: 200 });
const PasswordResetBody = Type.Object(
  { token: Type.String({ maxLength: 200 }), password: NewPassword },
  { title: 'PasswordResetBody' },
);
const PasswordChangeBody = Type.Object(
  { currentPassword: Type.String({ minLength: 1, maxLength: 200 }), newPassword: NewPassword },
  { title: 'PasswordChangeBody' },
);
const Accepted = Type.Object({ accepted: Type.Literal(true) }, { title: 'Accepted' });

/** Emails asked for one address: at most this many an hour, whatever the callers (silently: the answer is 202). */
const MAILS_PER_ADDRESS_HOUR = 5;

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const perAddressMail = createThrottle({
    max: MAILS_PER_ADDRESS_HOUR,
    windowMs: 3_600_000,
    redis: app.redis,
    prefix: 'crw-account-mail',
  });
  // The requests that name an address answer 202 before they look it up, so neither the answer nor its time says
  // whether the address is someone's; the work runs after, and the app's close waits for it.
  const pending = new Set<Promise<void>>();
  const afterAnswer = (email: string, work: (email: string) => Promise<void>) => {
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        if (await perAddressMail.hit(email)) await work(email);
      })
      .catch((err: unknown) => app.log.error({ err }, 'no se pudo preparar el correo de acceso'))
      .finally(() => pending.delete(job));
    pending.add(job);
  };
  app.addHook('onClose', async () => {
    await Promise.all([...pending]);
  });
  const signInLimit = { rateLimit: { max: app.env.LOGIN_RATE_LIMIT, timeWindow: 60_000 } };

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
      if (!user.signedInAt) await markSignedIn(app.db, user.id);
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
      if (!user.signedInAt) await markSignedIn(app.db, user.id);
      return { token: await app.tokens.sign(user), user: toPublicUser(user), target };
    },
  );

  app.post(
    '/auth/password/forgot',
    {
      config: { public: true, ...signInLimit },
      schema: {
        operationId: 'forgotPassword',
        tags: ['auth'],
        summary: 'Envía un enlace para elegir una contraseña nueva, si el correo es de alguien',
        description:
          'Responde 202 siempre (exista o no la cuenta, y en el mismo tiempo); 409 si el envío de correos no está configurado.',
        security: [],
        body: EmailBody,
        response: { 202: Accepted, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      if (!app.mail.enabled) throw accountMailOff();
      afterAnswer(normaliseEmail(request.body.email), (email) => requestPasswordReset(app, email));
      return reply.status(202).send({ accepted: true });
    },
  );

  app.post(
    '/auth/password/reset',
    {
      config: { public: true, ...signInLimit },
      schema: {
        operationId: 'resetPassword',
        tags: ['auth'],
        summary: 'Elige una contraseña nueva con el enlace del correo; inicia sesión y cierra las demás',
        description: 'Un enlace usado, caducado, anulado o desconocido responde 410 con un único mensaje.',
        security: [],
        body: PasswordResetBody,
        response: { 200: LoginResponse, ...errorResponses(400, 410, 429) },
      },
    },
    async (request) => {
      const user = await resetPassword(app, request.body.token, request.body.password);
      return { token: await app.tokens.sign(user), user: toPublicUser(user) };
    },
  );

  app.post(
    '/auth/link/request',
    {
      config: { public: true, ...signInLimit },
      schema: {
        operationId: 'requestSigninLink',
        tags: ['auth'],
        summary: 'Envía un enlace de acceso nuevo a la misma pantalla, si el correo es de alguien',
        description:
          'Responde 202 siempre (exista o no la cuenta, y en el mismo tiempo); 409 si el envío de correos no está configurado.',
        security: [],
        body: LinkRequestBody,
        response: { 202: Accepted, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      if (!app.mail.enabled) throw accountMailOff();
      const next = linkTarget(request.body.next);
      afterAnswer(normaliseEmail(request.body.email), (email) => requestSigninLink(app, email, next));
      return reply.status(202).send({ accepted: true });
    },
  );

  app.put(
    '/auth/me/password',
    {
      config: signInLimit,
      schema: {
        operationId: 'changeMyPassword',
        tags: ['auth'],
        summary: 'Cambia la contraseña propia; las demás sesiones se cierran y esta recibe un token nuevo',
        body: PasswordChangeBody,
        response: { 200: LoginResponse, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const user = await changePassword(app, request.user.id, request.body);
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

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMail, type Mail } from '../services/notify/index.ts';
import {
  createSigninLink,
  PASSWORD_LINK_TARGET,
  passwordLinkUrl,
  signinLinkUrl,
} from '../services/people/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Email (SMTP_URL): queued in transactions, sent by a worker (each mail by exactly one instance), digests. */
    mail: Mail;
  }
}

/**
 * Email, made before the notifier that writes it. Its worker is started and stopped with the other background
 * workers (plugins/workers.ts).
 */
export const mailPlugin = fp(email, {
  name: 'crw-mail',
  dependencies: ['crw-core', 'crw-health'],
  decorators: { fastify: ['env', 'db', 'health'] },
});

async function email(app: FastifyInstance, opts: { backoffMs?: ((attempt: number) => number) | undefined }) {
  const { env, db } = app;
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const mail = await createMail({
    db,
    env,
    log: app.log,
    health: app.health,
    backoffMs: opts.backoffMs,
    // An email's button signs its recipient in and opens the piece: a one-time link made as it is sent.
    linkFor: async (userId, path) =>
      signinLinkUrl(
        publicUrl,
        await createSigninLink(db, { userId, target: path, ttlHours: env.SIGNIN_LINK_TTL_HOURS }),
      ),
    // A new password's or an invitation's button: a one-time link to «Nueva contraseña» (issue 49).
    passwordLinkFor: async (userId, hours) =>
      passwordLinkUrl(
        publicUrl,
        await createSigninLink(db, { userId, target: PASSWORD_LINK_TARGET, ttlHours: hours }),
      ),
  });
  app.decorate('mail', mail);
}

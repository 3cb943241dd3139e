import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isTest } from '../env.ts';
import { createNotifier, type Notifier } from '../services/notify/index.ts';
import { createProductionPublisher, type ProductionPublisher } from '../services/notify/index.ts';
import { createPushSender, loadVapidKeys, type PushSender } from '../services/notify/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    notifier: Notifier;
    /** Realtime production events (item created, changed, deleted) to the users who may see them. */
    productionEvents: ProductionPublisher;
    push: PushSender;
  }
}

/**
 * Notifications (in the app, push, email) and the realtime production events. Both send through the socket
 * server, which is made later (plugins/realtime.ts, which needs them): they reach it when they send, once the app
 * is ready, never while it is being built.
 */
export const notifierPlugin = fp(notifier, {
  name: 'crw-notifier',
  dependencies: ['crw-core', 'crw-mail'],
  decorators: { fastify: ['env', 'db', 'mail'] },
});

async function notifier(app: FastifyInstance, opts: { pushCa?: string | Buffer | undefined }) {
  const { env, db, mail } = app;
  const push = createPushSender({
    db,
    keys: await loadVapidKeys(db, env),
    subject: env.VAPID_SUBJECT,
    log: app.log,
    allowLoopback: env.PUSH_ALLOW_LOOPBACK,
    offline: isTest(env),
    ca: opts.pushCa,
  });
  app.decorate('push', push);
  // Pushes under way finish (each within its time limit) before the database they update is closed.
  app.addHook('onClose', () => push.close());
  app.decorate(
    'notifier',
    createNotifier({
      db,
      io: () => app.io,
      push,
      log: app.log,
      mail: {
        enqueue: (tx, queued) => mail.enqueue(tx, queued),
        digest: (tx, entry) => mail.addDigestEntry(tx, entry),
        kick: () => mail.kick(),
      },
    }),
  );
  app.decorate('productionEvents', createProductionPublisher({ db, io: () => app.io, log: app.log }));
}

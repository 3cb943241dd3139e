import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createHealthMonitor, type HealthMonitor } from '../lib/health.ts';
import { drainingHooks } from '../lib/shutdown.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The state of the database, Redis, SMTP and storage (`/api/health`), and the one log of its changes. */
    health: HealthMonitor;
  }
}

/**
 * The health monitor, with the database's probe and connection reports, and the hooks that make a draining and
 * then closing instance answer as lib/shutdown describes (registered first, so they run before the others).
 */
export const healthPlugin = fp(healthMonitor, {
  name: 'crw-health',
  dependencies: ['crw-core'],
  decorators: { fastify: ['database'] },
});

async function healthMonitor(app: FastifyInstance) {
  const { database } = app;
  const health = createHealthMonitor(app.log);
  health.setProbe('database', () => database.ping());
  database.watchConnections?.((ok, error) => health.report('database', ok, error));
  app.decorate('health', health);
  drainingHooks(app, health);
}

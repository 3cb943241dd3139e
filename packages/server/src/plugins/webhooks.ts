import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isTest } from '../env.ts';
import { parseAllowList } from '../lib/net-guard.ts';
import { createWebhookSender, WEBHOOK_TIMEOUT_MS, type WebhookSender } from '../services/agents/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signed calls to webhook tools (tasks and the catalogue's "Probar"). */
    webhooks: WebhookSender;
  }
}

export const webhooksPlugin = fp(webhooks, {
  name: 'crw-webhooks',
  dependencies: ['crw-core'],
  decorators: { fastify: ['env'] },
});

async function webhooks(app: FastifyInstance, opts: { timeoutMs?: number | undefined }) {
  app.decorate(
    'webhooks',
    createWebhookSender({
      timeoutMs: opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      // Tests reach only their loopback peers; otherwise public addresses only (see docs/decisions.md), and the
      // private ones WEBHOOK_ALLOW_HOSTS lists. A test that sets the list gets the list's rules for loopback too.
      allowLoopback: isTest(app.env) && !app.env.WEBHOOK_ALLOW_HOSTS,
      offline: isTest(app.env),
      allow: parseAllowList(app.env.WEBHOOK_ALLOW_HOSTS),
    }),
  );
}

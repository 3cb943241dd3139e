import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isTest } from '../env.ts';
import { type AgentRunner, createAgentRunner } from '../services/agents/index.ts';
import { purgeReadNotifications } from '../services/notify/index.ts';
import { createNotionClient, NOTION_TIMEOUT_MS } from '../services/integrations/index.ts';
import { createNotionSync, type NotionSync } from '../services/integrations/index.ts';
import { REMINDER_CHECK_MS, sendReviewReminders } from '../services/jobs/index.ts';
import { WEBHOOK_TIMEOUT_MS } from '../services/agents/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily review reminders (scheduled on every instance; exactly one sends them each day). */
    reminders: { runNow(now?: Date): Promise<{ ran: boolean; notified: number }> };
    /** The daily purge of old notifications everyone has read (NOTIFICATION_RETENTION_DAYS). */
    retention: { runNow(now?: Date): Promise<{ ran: boolean; removed: number }> };
    /** Runs agents' tasks through their webhook tools (each task on exactly one instance). */
    agentRunner: AgentRunner;
    /** Appends client-approved items to linked Notion pages (each on exactly one instance). */
    notionSync: NotionSync;
  }
}

export interface WorkersOptions {
  /** Agents' task runner: a webhook's time limit and the wait before a retry (tests shorten both). */
  agents?: { webhookTimeoutMs?: number; backoffMs?: (attempt: number) => number } | undefined;
  /** The Notion sync: a request's time limit and the wait before a retry (tests shorten both). */
  notion?: { timeoutMs?: number; backoffMs?: (attempt: number) => number } | undefined;
}

/**
 * The background work: the daily reminders and purge, the agents' task runner, the Notion sync and the email
 * worker (made by plugins/mail.ts). Each starts when the app is ready (not in tests, which drive them) and stops
 * when it closes, in this order.
 */
export const workersPlugin = fp(workers, {
  name: 'crw-workers',
  dependencies: ['crw-core', 'crw-mail', 'crw-notifier', 'crw-webhooks'],
  decorators: { fastify: ['env', 'db', 'mail', 'notifier', 'productionEvents', 'webhooks'] },
});

async function workers(app: FastifyInstance, opts: WorkersOptions) {
  const { env, db, mail } = app;
  const running = env.NODE_ENV !== 'test';

  const reminders = {
    runNow: (now = new Date()) =>
      sendReviewReminders(db, app.notifier, { now, waitHours: env.REVIEW_REMINDER_HOURS }),
  };
  app.decorate('reminders', reminders);
  const retention = {
    runNow: (now = new Date()) => purgeReadNotifications(db, { now, days: env.NOTIFICATION_RETENTION_DAYS }),
  };
  app.decorate('retention', retention);
  // Every instance checks now and then; the database lets one of them send each day's reminders and purge the
  // old notifications. Tests run them on demand (`app.reminders.runNow`, `app.retention.runNow`).
  if (running) {
    let timer: NodeJS.Timeout | undefined;
    const check = () => {
      reminders.runNow().catch((err) => app.log.error({ err }, 'no se pudieron enviar los recordatorios'));
      retention
        .runNow()
        .catch((err) => app.log.error({ err }, 'no se pudieron borrar las notificaciones antiguas'));
    };
    app.addHook('onReady', async () => {
      timer = setInterval(check, REMINDER_CHECK_MS);
      timer.unref();
      setTimeout(check, 30_000).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }

  const agentRunner = createAgentRunner({
    db,
    notifier: app.notifier,
    events: app.productionEvents,
    webhooks: app.webhooks,
    log: app.log,
    timeoutMs: opts.agents?.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
    backoffMs: opts.agents?.backoffMs,
  });
  app.decorate('agentRunner', agentRunner);
  // A new or re-queued task kicks this instance's runner; every instance also looks now and then, so a task
  // whose retry is due, or whose instance died, is picked up. Tests drive it (`app.agentRunner.drain`).
  if (running) app.addHook('onReady', async () => agentRunner.start());
  app.addHook('onClose', () => agentRunner.stop());

  const notionTimeoutMs = opts.notion?.timeoutMs ?? NOTION_TIMEOUT_MS;
  const notionSync = createNotionSync({
    db,
    log: app.log,
    client: env.NOTION_TOKEN
      ? createNotionClient({
          token: env.NOTION_TOKEN,
          baseUrl: env.NOTION_API_URL,
          timeoutMs: notionTimeoutMs,
          // As webhooks: loopback (a local Notion peer) only in tests, public addresses otherwise.
          allowLoopback: isTest(env),
          offline: isTest(env),
        })
      : null,
    appOrigin: env.PUBLIC_URL,
    timeoutMs: notionTimeoutMs,
    backoffMs: opts.notion?.backoffMs,
  });
  app.decorate('notionSync', notionSync);
  if (running) app.addHook('onReady', async () => notionSync.start());
  app.addHook('onClose', () => notionSync.stop());

  // As the Notion sync: every instance drains and makes due digests; tests drive it (`app.mail.drain`).
  if (running) app.addHook('onReady', async () => mail.start());
  app.addHook('onClose', () => mail.stop());
}

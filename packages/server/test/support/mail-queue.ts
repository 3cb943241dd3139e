/** What both mail-queue test files share: the addresses, a queued mail, a recording logger, plain links and a wait. */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { App } from '../../src/app.ts';
import { mailOutbox } from '../../src/db/schema.ts';
import type { MailLinkMaker } from '../../src/services/notify/mail/outbox.ts';
import type { MailData } from '../../src/services/notify/mail/templates.tsx';
import type { TestUser } from '../helpers.ts';

export const PUBLIC_URL = 'http://correo.estudio.test:3999';
export const HOST = 'correo.estudio.test';

export const asks: MailData = {
  title: 'Revisión interna',
  content: 'Ana te pide que revises «Post de lanzamiento» de Café Aurora',
  url: '/portfolios/p1/review?item=i1',
  portfolioName: 'Café Aurora',
  actorName: 'Ana',
  group: 'reviews',
};

export const rowsTo = (app: App, to: string) =>
  app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
export const rowOf = async (app: App, id: string) =>
  (await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

export async function queue(app: App, user: TestUser, content = asks.content) {
  await app.mail.enqueue(app.db, {
    userId: user.id,
    to: user.email,
    template: 'action',
    data: { ...asks, content },
  });
  return (await rowsTo(app, user.email)).at(-1)!.id;
}

/** A pino-like logger that keeps its warnings (the worker's structured lines). */
export function recordingLog() {
  const warnings: Array<Record<string, unknown>> = [];
  const noop = () => undefined;
  const log = {
    warn: (fields: Record<string, unknown>) => warnings.push(fields),
    error: noop,
    info: noop,
    debug: noop,
    trace: noop,
    fatal: noop,
    level: 'warn',
    silent: noop,
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, warnings };
}

export const plainLinks: MailLinkMaker = {
  button: async (_userId, path) => `${PUBLIC_URL}${path}`,
  unsubscribe: () => `${PUBLIC_URL}/api/mail/unsubscribe?token=x`,
};

export const until = async (fn: () => boolean | Promise<boolean>, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!(await fn())) {
    if (Date.now() > deadline) throw new Error(`Tiempo agotado esperando: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Env } from '../../../env.ts';
import type { DrainLoop } from '../../../lib/drain-loop.ts';
import type { HealthMonitor } from '../../../lib/health.ts';
import { getOrCreateSetting, randomSecret } from '../../../lib/settings.ts';
import { addDigestEntry, DIGEST_CHECK_MS, type DigestEntry, runMailDigest } from './digest.ts';
import { createMailWorker, enqueueMail, type QueuedMail } from './outbox.ts';
import { createSmtpTransport } from './transport.ts';
import { createUnsubscribeTokens, type UnsubscribeTokens } from './unsubscribe.ts';

/**
 * The email channel as the app sees it (`app.mail`): whether it is on (SMTP_URL), queuing in the caller's
 * transaction, the worker that sends (lib/queue-worker.ts, like the Notion sync), the digest job and the signed
 * unsubscribe links. Without SMTP_URL every method is a no-op: nothing queues, nothing is sent.
 */
export interface Mail extends DrainLoop {
  readonly enabled: boolean;
  /** Queues one email (action, reminder) in the caller's transaction. */
  enqueue(db: DbOrTx, mail: QueuedMail): Promise<void>;
  /** Keeps an event for the user's next digest, in the caller's transaction. */
  addDigestEntry(db: DbOrTx, entry: DigestEntry): Promise<void>;
  /** Makes the digests that are due (every instance runs it each minute; one of them does the work). */
  runDigest(now?: Date): Promise<{ ran: boolean; queued: number }>;
  unsubscribeTokens: UnsubscribeTokens;
}

/** How often `/api/health` checks the SMTP server at most (a connection, a greeting and a QUIT). */
const SMTP_PROBE_TTL_MS = 30_000;

export async function createMail(deps: {
  db: Db;
  env: Env;
  log: FastifyBaseLogger;
  /** `app.health`: SMTP's state is reported there and probed by `/api/health`. */
  health: HealthMonitor;
  /**
   * The button's address for a user and an app path. Default: the plain address on PUBLIC_URL; the one-time
   * sign-in links (services/signin-links) replace it when wired.
   */
  linkFor?: (userId: string, path: string) => Promise<string>;
  /** An account email's one-time link to choose a password (services/people's password links). */
  passwordLinkFor?: (userId: string, hours: number) => Promise<string>;
  backoffMs?: (attempt: number) => number;
}): Promise<Mail> {
  const { env } = deps;
  const enabled = Boolean(env.SMTP_URL);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const unsubscribeTokens = createUnsubscribeTokens(
    await getOrCreateSetting(deps.db, 'mail_secret', randomSecret),
  );
  const linkFor = deps.linkFor ?? (async (_userId: string, path: string) => `${publicUrl}${path}`);
  const transport = env.SMTP_URL ? createSmtpTransport({ url: env.SMTP_URL, from: env.MAIL_FROM }) : null;
  if (transport) {
    const probe = async () => {
      await transport.verify();
      return true;
    };
    deps.health.setProbe('smtp', probe, { ttlMs: SMTP_PROBE_TTL_MS });
  } else {
    deps.health.configure('smtp', false);
  }
  const worker = createMailWorker({
    db: deps.db,
    log: deps.log,
    transport,
    health: deps.health,
    messageHost: new URL(publicUrl).hostname,
    backoffMs: deps.backoffMs,
    links: {
      button: linkFor,
      app: (path) => `${publicUrl}${path}`,
      ...(deps.passwordLinkFor ? { password: deps.passwordLinkFor } : {}),
      unsubscribe: (userId, groups) =>
        `${publicUrl}/api/mail/unsubscribe?token=${unsubscribeTokens.sign({ userId, groups })}`,
    },
  });
  const runDigest = async (now = new Date()) => {
    if (!enabled) return { ran: false, queued: 0 };
    const result = await runMailDigest(deps.db, { now, minutes: env.MAIL_DIGEST_MINUTES });
    if (result.queued > 0) worker.kick();
    return result;
  };
  let digestTimer: NodeJS.Timeout | undefined;
  let stopping: Promise<void> | undefined;
  return {
    ...worker,
    enabled,
    unsubscribeTokens,
    enqueue: async (db, mail) => {
      if (enabled) await enqueueMail(db, mail);
    },
    addDigestEntry: async (db, entry) => {
      if (enabled) await addDigestEntry(db, entry);
    },
    runDigest,
    start() {
      if (!enabled) return;
      stopping = undefined;
      worker.start();
      digestTimer ??= setInterval(
        () =>
          void runDigest().catch((err) =>
            deps.log.error({ err }, 'no se pudo preparar el resumen por correo'),
          ),
        DIGEST_CHECK_MS,
      );
      digestTimer.unref();
    },
    // Called at the start of a shutdown and again by the app's close: both wait for the same stop (a message
    // under way gets the SMTP server's reply, then the pool closes).
    stop() {
      clearInterval(digestTimer);
      digestTimer = undefined;
      stopping ??= worker.stop().finally(() => transport?.close());
      return stopping;
    },
  };
}

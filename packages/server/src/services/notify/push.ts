import { type Agent, request as httpsRequest } from 'node:https';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import webpush from 'web-push';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { endpointProblem, guardedAgent } from '../../lib/net-guard.ts';
import { getOrCreateSetting } from '../../lib/settings.ts';

/** Push services accept at most 4,096 bytes of encrypted record; 3,993 bytes of plaintext fit. */
export const MAX_PUSH_PAYLOAD_BYTES = 3993;
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Push requests in flight at once, per server: a broadcast to thousands never opens thousands of sockets. */
export const PUSH_CONCURRENCY = 8;
/** The whole push request (connect, send, answer) must finish within this time, or it is abandoned. */
export const PUSH_TIMEOUT_MS = 10_000;
/** How much of a push service's answer is kept (for the log); the rest is read and dropped. */
const MAX_ANSWER_CHARS = 1024;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export async function loadVapidKeys(db: Db, env: Env): Promise<VapidKeys> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  }
  const stored = await getOrCreateSetting(db, 'vapid_keys', () =>
    JSON.stringify(webpush.generateVAPIDKeys()),
  );
  return JSON.parse(stored) as VapidKeys;
}

export interface PushMessage {
  userId: string;
  title: string;
  body: string;
  url?: string;
  tag?: string;
}

export interface PushSender {
  publicKey: string;
  /** Never rejects: every failure is logged (a push service's trouble is never the request's). */
  sendToUsers(messages: PushMessage[], urgency?: 'very-low' | 'low' | 'normal' | 'high'): Promise<void>;
  /** Waits for the pushes under way (each ends within its time limit) and closes the connections. */
  close(): Promise<void>;
}

/** The JSON the service worker reads, cut so that it stays within 3,993 bytes. */
export function pushPayload(message: Omit<PushMessage, 'userId'>): string {
  const base = {
    title: message.title,
    body: message.body,
    url: message.url ?? '/',
    icon: '/favicon.svg',
    tag: message.tag,
  };
  let json = JSON.stringify(base);
  let body = message.body;
  while (Buffer.byteLength(json) > MAX_PUSH_PAYLOAD_BYTES && body.length > 0) {
    body = body.slice(
      0,
      Math.max(0, body.length - Math.ceil((Buffer.byteLength(json) - MAX_PUSH_PAYLOAD_BYTES) / 2) - 1),
    );
    json = JSON.stringify({ ...base, body: `${body}…` });
  }
  return json;
}

export function createPushSender(deps: {
  db: Db;
  keys: VapidKeys;
  subject: string;
  log: FastifyBaseLogger;
  /** Loopback push services (a local test peer): PUSH_ALLOW_LOOPBACK. */
  allowLoopback?: boolean;
  /** Extra certificate authorities to trust (tests against a local HTTPS push peer). */
  ca?: string | Buffer;
  concurrency?: number;
  /** Time limit of one push request, connect to last byte (default PUSH_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Resolve no names and connect to loopback only (NODE_ENV=test): nothing else is ever contacted. */
  offline?: boolean;
}): PushSender {
  const { db, keys, subject, log } = deps;
  const allowLoopback = deps.allowLoopback ?? false;
  const concurrency = deps.concurrency ?? PUSH_CONCURRENCY;
  const timeoutMs = deps.timeoutMs ?? PUSH_TIMEOUT_MS;
  // Every connection goes through the guard: names resolve through its lookup (the address checked is the
  // address connected to, so DNS rebinding gains nothing) and address literals are checked before connecting.
  const agent = guardedAgent({
    allowLoopback,
    offline: deps.offline,
    keepAlive: true,
    maxSockets: concurrency,
    ...(deps.ca ? { ca: deps.ca } : {}),
  });
  // One limit for the whole server: two broadcasts at once still keep `concurrency` requests in flight.
  const limit = pLimit(concurrency);
  const running = new Set<Promise<void>>();
  let closed = false;

  async function sendOne(message: PushMessage, sub: Subscription, urgency: Urgency) {
    // Checked again at send time: subscriptions stored before the guard existed, and the URL parsed here is
    // the very URL the request is made to (no second parser that could read the host differently).
    const problem = endpointProblem(sub.endpoint, allowLoopback);
    if (problem) {
      log.warn({ endpoint: tail(sub.endpoint), problem }, 'push a un destino no permitido');
      return;
    }
    try {
      // web-push encrypts and signs (VAPID); the request itself is ours so that it has a deadline for the
      // whole exchange and a bounded answer. Like web-push's own sendNotification (https.request, any
      // non-2xx rejected), it follows no redirects: a 3xx is a failure, never a second request elsewhere.
      const details = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { auth: sub.auth, p256dh: sub.p256dh } },
        pushPayload(message),
        {
          TTL: PUSH_TTL_SECONDS,
          urgency,
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        },
      );
      const answer = await post(new URL(sub.endpoint), details, agent, timeoutMs);
      if (answer.status >= 200 && answer.status < 300) return;
      if (answer.status === 404 || answer.status === 410) {
        await db
          .delete(pushSubscriptions)
          .where(eq(pushSubscriptions.id, sub.id))
          .catch((err) => log.warn({ err }, 'no se pudo eliminar una suscripción caducada'));
        log.info({ endpoint: tail(sub.endpoint) }, 'suscripción push caducada eliminada');
        return;
      }
      log.warn(
        { status: answer.status, answer: answer.body, endpoint: tail(sub.endpoint) },
        answer.status >= 300 && answer.status < 400
          ? 'el servicio push redirige: no se sigue'
          : 'el servicio push rechazó el envío',
      );
    } catch (error) {
      log.warn({ err: error, endpoint: tail(sub.endpoint) }, 'fallo al enviar push');
    }
  }

  async function send(messages: PushMessage[], urgency: Urgency) {
    let subs: Subscription[];
    try {
      const userIds = [...new Set(messages.map((m) => m.userId))];
      // One parameter whatever the audience (a broadcast reaches thousands).
      subs = await db
        .select()
        .from(pushSubscriptions)
        .where(
          sql`${pushSubscriptions.userId} in (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))`,
        );
    } catch (error) {
      log.warn({ err: error }, 'no se pudieron leer las suscripciones push');
      return;
    }
    const byUser = new Map<string, Subscription[]>();
    for (const sub of subs) byUser.set(sub.userId, [...(byUser.get(sub.userId) ?? []), sub]);
    const jobs = (function* () {
      for (const message of messages)
        for (const sub of byUser.get(message.userId) ?? []) yield { message, sub };
    })();
    // A few workers take the next job when they finish one: never one promise per device at once, and each
    // job waits for a place under the server-wide limit. sendOne never throws.
    const worker = async () => {
      for (let job = jobs.next(); !job.done; job = jobs.next()) {
        const { message, sub } = job.value;
        await limit(() => sendOne(message, sub, urgency));
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }

  return {
    publicKey: keys.publicKey,
    async sendToUsers(messages, urgency = 'normal') {
      if (messages.length === 0) return;
      if (closed) {
        log.warn({ count: messages.length }, 'push no enviado: el servidor se está cerrando');
        return;
      }
      const task = send(messages, urgency).catch((error) =>
        log.error({ err: error }, 'fallo al enviar push'),
      );
      running.add(task);
      try {
        await task;
      } finally {
        running.delete(task);
      }
    },
    async close() {
      closed = true;
      await Promise.allSettled([...running]);
      agent.destroy();
    },
  };
}

type Urgency = 'very-low' | 'low' | 'normal' | 'high';
type Subscription = typeof pushSubscriptions.$inferSelect;

const tail = (endpoint: string) => endpoint.slice(-30);

/** One POST to a push service, over the guarded agent, abandoned after `timeoutMs` whatever happens. */
function post(
  endpoint: URL,
  details: { method: string; headers: Record<string, string | number>; body: Buffer | null },
  agent: Agent,
  timeoutMs: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      endpoint,
      {
        method: details.method,
        headers: details.headers,
        agent,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        let body = '';
        let ended = false;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (body.length < MAX_ANSWER_CHARS) body += chunk.slice(0, MAX_ANSWER_CHARS - body.length);
        });
        res.on('end', () => {
          ended = true;
          resolve({ status: res.statusCode ?? 0, body });
        });
        res.on('error', reject);
        res.on('close', () => {
          if (!ended) reject(new Error('El servicio push cortó la respuesta'));
        });
      },
    );
    req.on('error', reject);
    req.end(details.body ?? undefined);
  });
}

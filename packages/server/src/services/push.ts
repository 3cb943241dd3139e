import type { Agent } from 'node:https';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../db/client.ts';
import { pushSubscriptions } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { getOrCreateSetting } from './settings.ts';

/** Push services accept at most 4,096 bytes of encrypted record; 3,993 bytes of plaintext fit. */
export const MAX_PUSH_PAYLOAD_BYTES = 3993;
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

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
  sendToUsers(messages: PushMessage[], urgency?: 'very-low' | 'low' | 'normal' | 'high'): Promise<void>;
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
  /** For tests against a local HTTPS push endpoint with its own certificate. */
  agent?: Agent;
}): PushSender {
  const { db, keys, subject, log } = deps;
  return {
    publicKey: keys.publicKey,
    async sendToUsers(messages, urgency = 'normal') {
      if (messages.length === 0) return;
      const userIds = [...new Set(messages.map((m) => m.userId))];
      const subs = await db
        .select()
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, userIds));
      await Promise.all(
        messages.flatMap((message) =>
          subs
            .filter((s) => s.userId === message.userId)
            .map(async (sub) => {
              try {
                await webpush.sendNotification(
                  { endpoint: sub.endpoint, keys: { auth: sub.auth, p256dh: sub.p256dh } },
                  pushPayload(message),
                  {
                    TTL: PUSH_TTL_SECONDS,
                    urgency,
                    vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
                    timeout: 10_000,
                    ...(deps.agent ? { agent: deps.agent } : {}),
                  },
                );
              } catch (error) {
                const status = (error as { statusCode?: number }).statusCode;
                if (status === 404 || status === 410) {
                  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
                  log.info({ endpoint: sub.endpoint.slice(-30) }, 'suscripción push caducada eliminada');
                } else {
                  log.warn({ err: error, status, endpoint: sub.endpoint.slice(-30) }, 'fallo al enviar push');
                }
              }
            }),
        ),
      );
    },
  };
}

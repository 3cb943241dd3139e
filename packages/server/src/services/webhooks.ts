import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type GuardOptions, guardedAgent, guardedHttpAgent } from '../lib/net-guard.ts';

/** What a webhook call answered: its HTTP status and body, or the network error that stopped it. */
export type WebhookOutcome =
  | { ok: true; status: number; body: string; ms: number }
  | { ok: false; status?: number; body?: string; error: string; retryable: boolean; ms: number };

/** A tool has this long to answer. */
export const WEBHOOK_TIMEOUT_MS = 15_000;

/** At most this much of an answer is read (a tool's result, not a download). */
export const MAX_ANSWER_BYTES = 256 * 1024;

/**
 * The signature a receiver checks: HMAC-SHA256 with the tool's secret over `{timestamp}.{body}`, hex, as
 * `x-crw-signature: sha256=…`. The timestamp (seconds, `x-crw-timestamp`) lets it refuse replays.
 */
export function signature(secret: string, timestamp: number, body: string) {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface WebhookSender {
  send(input: {
    url: string;
    method: string;
    secret: string;
    event: string;
    deliveryId: string;
    payload: unknown;
  }): Promise<WebhookOutcome>;
}

/**
 * Sends signed JSON to webhook tools through the network guard: public addresses only, or loopback only when
 * offline (NODE_ENV=test), so neither a tool's URL nor DNS can point the server at its own network. A status
 * of 408, 429 or 5xx, a timeout or a network error may succeed later (retryable); any other 4xx will not.
 */
export function createWebhookSender(opts: GuardOptions & { timeoutMs: number }): WebhookSender {
  const guard = { allowLoopback: opts.allowLoopback, offline: opts.offline };
  const agents = { http: guardedHttpAgent(guard), https: guardedAgent(guard) };
  return {
    send({ url, method, secret, event, deliveryId, payload }) {
      const started = Date.now();
      const ms = () => Date.now() - started;
      const body = JSON.stringify(payload);
      const timestamp = Math.floor(Date.now() / 1000);
      return new Promise<WebhookOutcome>((resolve) => {
        let target: URL;
        try {
          target = new URL(url);
          if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error();
        } catch {
          return resolve({ ok: false, error: 'La URL no es válida', retryable: false, ms: ms() });
        }
        const https = target.protocol === 'https:';
        // A GET carries the payload nowhere: the receiver gets the headers (event, delivery, signature of "").
        const bodyless = method === 'GET' || method === 'HEAD';
        const sent = bodyless ? '' : body;
        const req = (https ? httpsRequest : httpRequest)(
          target,
          {
            method,
            agent: https ? agents.https : agents.http,
            timeout: opts.timeoutMs,
            headers: {
              ...(bodyless
                ? {}
                : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
              'user-agent': 'EstudioContenido-Agentes/1',
              'x-crw-event': event,
              'x-crw-delivery': deliveryId,
              'x-crw-timestamp': String(timestamp),
              'x-crw-signature': signature(secret, timestamp, sent),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            let size = 0;
            res.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
            });
            res.on('error', (e) => resolve({ ok: false, error: e.message, retryable: true, ms: ms() }));
            res.on('end', () => {
              const status = res.statusCode ?? 0;
              const text = Buffer.concat(chunks).toString('utf8');
              if (status >= 200 && status < 300) return resolve({ ok: true, status, body: text, ms: ms() });
              resolve({
                ok: false,
                status,
                body: text,
                error: `La herramienta respondió ${status}`,
                retryable: status === 408 || status === 429 || status >= 500,
                ms: ms(),
              });
            });
          },
        );
        req.on('timeout', () => req.destroy(new Error(`Sin respuesta en ${opts.timeoutMs / 1000} s`)));
        req.on('error', (e: NodeJS.ErrnoException) =>
          resolve({
            ok: false,
            error: e.message,
            // A refused destination stays refused.
            retryable: e.code !== 'EADDRNOTALLOWED',
            ms: ms(),
          }),
        );
        req.end(bodyless ? undefined : body);
      });
    },
  };
}

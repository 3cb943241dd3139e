import { createHmac } from 'node:crypto';
import { destinationProblem, type GuardOptions } from '../../lib/net-guard.ts';
import { createOutboundClient } from '../../lib/outbound.ts';

/** What a webhook call answered: its HTTP status and body, or the network error that stopped it. */
export type WebhookOutcome =
  | { ok: true; status: number; body: string; ms: number }
  | {
      ok: false;
      status?: number;
      body?: string;
      /** Plain Spanish: what failed and what to do. */
      error: string;
      /** The technical detail for «Detalles»: the network error as Node gave it, or the status and the answer's start. */
      detail: string;
      retryable: boolean;
      ms: number;
    };

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
  /**
   * Why a call to this URL would be refused (a private, loopback or link-local destination not in
   * WEBHOOK_ALLOW_HOSTS), in Spanish, or undefined: asked when a tool is saved, without connecting.
   */
  destinationProblem(url: string): Promise<string | undefined>;
  send(input: {
    url: string;
    method: string;
    secret: string;
    event: string;
    deliveryId: string;
    payload: unknown;
    signal?: AbortSignal;
  }): Promise<WebhookOutcome>;
}

/**
 * Sends signed JSON to webhook tools through the network guard: public addresses only, or loopback only when
 * offline (NODE_ENV=test), so neither a tool's URL nor DNS can point the server at its own network. A status
 * of 408, 429 or 5xx, a timeout or a network error may succeed later (retryable); any other 4xx will not.
 */
export function createWebhookSender(opts: GuardOptions & { timeoutMs: number }): WebhookSender {
  const client = createOutboundClient({ ...opts, maxAnswerBytes: MAX_ANSWER_BYTES });
  return {
    destinationProblem: (url) => destinationProblem(url, opts),
    async send({ url, method, secret, event, deliveryId, payload, signal }) {
      const body = JSON.stringify(payload);
      const timestamp = Math.floor(Date.now() / 1000);
      // A GET carries the payload nowhere: the receiver gets the headers (event, delivery, signature of "").
      const bodyless = method === 'GET' || method === 'HEAD';
      const sent = bodyless ? '' : body;
      const answer = await client.request({
        url,
        method,
        body: bodyless ? undefined : body,
        signal,
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
      });
      if (!answer.ok)
        return {
          ok: false,
          error: answer.error,
          detail: answer.detail,
          // A refused destination, or a URL that is not one, stays so.
          retryable: answer.code !== 'EADDRNOTALLOWED' && answer.code !== 'EINVALIDURL',
          ms: answer.ms,
        };
      const { status, body: text, ms } = answer;
      if (status >= 200 && status < 300) return { ok: true, status, body: text, ms };
      return {
        ok: false,
        status,
        body: text,
        error: httpStatusMessage(status),
        detail: httpDetail(status, text),
        retryable: status === 408 || status === 429 || status >= 500,
        ms,
      };
    },
  };
}

/** A tool's HTTP error answer in plain Spanish: what it means and what to do, with the status for reference. */
export function httpStatusMessage(status: number): string {
  if (status === 401 || status === 403)
    return `La herramienta rechazó la llamada por falta de permiso (respondió ${status}): comprueba que verifica la firma con el secreto de esta herramienta`;
  if (status === 404 || status === 410)
    return `La herramienta no existe en esa dirección (respondió ${status}): revisa la URL`;
  if (status === 405)
    return `La herramienta no acepta ese método (respondió ${status}): revisa el método configurado`;
  if (status === 408 || status === 504)
    return `La herramienta tardó demasiado en contestar (respondió ${status}): revisa ese servicio o vuelve a intentarlo más tarde`;
  if (status === 429)
    return `La herramienta recibió demasiadas llamadas (respondió ${status}): vuelve a intentarlo más tarde`;
  if (status >= 500)
    return `La herramienta tuvo un error interno (respondió ${status}): revisa ese servicio o vuelve a intentarlo más tarde`;
  if (status >= 400)
    return `La herramienta rechazó la llamada (respondió ${status}): revisa qué datos espera`;
  return `La herramienta respondió ${status}, que no es una respuesta correcta (2xx): revisa ese servicio`;
}

/** The status line and the start of the answer, for «Detalles». */
function httpDetail(status: number, body: string) {
  const text = body.trim().slice(0, 2000);
  return text ? `HTTP ${status}\n${text}` : `HTTP ${status}`;
}

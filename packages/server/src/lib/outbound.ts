import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type GuardOptions, guardedAgent, guardedHttpAgent } from './net-guard.ts';

/** What an outbound call answered: its status, headers and (capped) body, or the error that stopped it. */
export type OutboundResult =
  | {
      ok: true;
      status: number;
      headers: Record<string, string | string[] | undefined>;
      body: string;
      ms: number;
    }
  | {
      ok: false;
      /** Plain Spanish: what failed and what to do. */
      error: string;
      /** The technical detail behind «Detalles» (Node's code and message), never the message itself. */
      detail: string;
      code?: string;
      ms: number;
    };

export interface OutboundClient {
  request(input: {
    url: string;
    method: string;
    headers: Record<string, string | number>;
    body?: string;
    /** Aborts the call (the server is shutting down): answered as an error with code `ABORT_ERR`. */
    signal?: AbortSignal;
  }): Promise<OutboundResult>;
}

/** TLS refusals name the certificate; Node gives them several codes. */
const isCertificateError = (code: string) =>
  code.startsWith('CERT_') ||
  code.startsWith('ERR_TLS') ||
  code.startsWith('UNABLE_TO_') ||
  code.includes('SELF_SIGNED') ||
  code === 'HOSTNAME_MISMATCH';

/**
 * What a failed call says to the people who read it («Probar», a failed task, a Notion sync): plain Spanish
 * naming the host and what to do, never a Node error such as «getaddrinfo ENOTFOUND example.com» (that goes
 * to `technicalDetail`, shown behind «Detalles»).
 */
export function plainNetworkError(
  host: string,
  code: string | undefined,
  timeoutMs: number,
  message: string,
) {
  switch (code ?? '') {
    case 'EADDRNOTALLOWED':
      return message; // the network guard's own Spanish message
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `No se encontró el servidor ${host}: revisa que la dirección esté bien escrita`;
    case 'ECONNREFUSED':
      return `${host} rechazó la conexión: comprueba que el servicio esté en marcha y escuche en esa dirección y puerto`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `${host} cortó la conexión antes de responder: vuelve a intentarlo y, si se repite, revisa ese servicio`;
    case 'ETIMEDOUT':
    case 'ESOCKETTIMEDOUT':
    case 'TIMEOUT':
      return `${host} no respondió en ${timeoutMs / 1000} s: comprueba que el servicio esté en marcha y responda antes`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `No hay ruta de red hasta ${host}: revisa la dirección y la red del servidor`;
    case 'ABORT_ERR':
      return 'La llamada se canceló porque el servidor se está apagando: se repetirá cuando vuelva';
    default:
      return code && isCertificateError(code)
        ? `El certificado https de ${host} no es válido (caducado, autofirmado o de otro nombre): el servicio necesita uno válido`
        : `No se pudo llamar a ${host}: revisa la dirección y vuelve a intentarlo`;
  }
}

/** The technical detail of a failure, for «Detalles»: Node's code and message as they came. */
export const technicalDetail = (code: string | undefined, message: string) =>
  code && !message.includes(code) ? `${code}: ${message}` : message || (code ?? '');

/**
 * HTTP(S) calls to third parties (webhook tools, Notion) through the network guard, with a time limit and a
 * cap on how much of the answer is read. Any status is an answer (`ok: true`); what it means is the caller's.
 */
export function createOutboundClient(
  opts: GuardOptions & { timeoutMs: number; maxAnswerBytes: number },
): OutboundClient {
  const guard = {
    allowLoopback: opts.allowLoopback,
    offline: opts.offline,
    ...(opts.allow ? { allow: opts.allow } : {}),
  };
  const agents = { http: guardedHttpAgent(guard), https: guardedAgent(guard) };
  return {
    request({ url, method, headers, body, signal }) {
      const started = Date.now();
      const ms = () => Date.now() - started;
      return new Promise<OutboundResult>((resolve) => {
        let target: URL;
        try {
          target = new URL(url);
          if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error();
        } catch {
          return resolve({
            ok: false,
            error: 'La URL no es válida: escribe una dirección que empiece por http:// o https://',
            detail: `URL no válida: ${url}`,
            code: 'EINVALIDURL',
            ms: ms(),
          });
        }
        const https = target.protocol === 'https:';
        const req = (https ? httpsRequest : httpRequest)(
          target,
          { method, agent: https ? agents.https : agents.http, timeout: opts.timeoutMs, headers, signal },
          (res) => {
            const chunks: Buffer[] = [];
            let size = 0;
            res.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size <= opts.maxAnswerBytes) chunks.push(chunk);
            });
            res.on('error', (e: NodeJS.ErrnoException) =>
              resolve({
                ok: false,
                error: plainNetworkError(target.host, e.code ?? 'ECONNRESET', opts.timeoutMs, e.message),
                detail: technicalDetail(e.code ?? 'ECONNRESET', e.message),
                code: e.code,
                ms: ms(),
              }),
            );
            res.on('end', () =>
              resolve({
                ok: true,
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks).toString('utf8'),
                ms: ms(),
              }),
            );
          },
        );
        req.on('timeout', () =>
          req.destroy(Object.assign(new Error(`Sin respuesta en ${opts.timeoutMs} ms`), { code: 'TIMEOUT' })),
        );
        req.on('error', (e: NodeJS.ErrnoException) =>
          resolve({
            ok: false,
            error: plainNetworkError(target.host, e.code, opts.timeoutMs, e.message),
            detail: technicalDetail(e.code, e.message),
            code: e.code,
            ms: ms(),
          }),
        );
        req.end(body);
      });
    },
  };
}

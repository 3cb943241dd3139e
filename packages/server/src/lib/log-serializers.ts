import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret (a one-time sign-in link's token, issue 29): never written to a log. */
const SECRET_PARAMS = new Set(['token']);

/**
 * The URL with the value of every secret query parameter replaced, judged by the name the app reads (a
 * percent-encoded `%74oken` is `token` too). Everything else is kept as it came.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const key = part.split('=', 1)[0]!;
      let name = key;
      try {
        name = decodeURIComponent(key.replaceAll('+', ' '));
      } catch {
        // A broken escape: judged as written.
      }
      return SECRET_PARAMS.has(name) ? `${key}=[oculto]` : part;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/** Fastify's own request serializer, with the URL's secrets redacted (`redactUrl`) and no `accept-version`. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

import type { GuardOptions } from '../lib/net-guard.ts';
import { createOutboundClient } from '../lib/outbound.ts';
import type { NotionBlock } from './notion-blocks.ts';

/** The Notion API version the sync speaks (sent as `Notion-Version`). */
export const NOTION_VERSION = '2022-06-28';
export const NOTION_TIMEOUT_MS = 20_000;

export type NotionOutcome =
  | { ok: true }
  | { ok: false; error: string; retryable: boolean; retryAfterMs?: number; status?: number };

export interface NotionClient {
  /** Appends blocks (at most 100) at the end of a page: `PATCH /v1/blocks/{page}/children`. */
  appendChildren(pageId: string, children: NotionBlock[]): Promise<NotionOutcome>;
}

/** Notion's error codes (its `{ object: 'error', status, code, message }` answers), in words for the team. */
const explained: Record<string, string> = {
  unauthorized: 'Notion rechazó el token de integración (NOTION_TOKEN)',
  restricted_resource: 'La integración no tiene acceso a la página: compártela con ella en Notion',
  object_not_found: 'Notion no encuentra la página: comprueba el enlace y compártela con la integración',
  validation_error: 'Notion rechazó el contenido',
  invalid_request: 'Notion rechazó la petición',
  invalid_json: 'Notion rechazó la petición',
  invalid_request_url: 'Notion rechazó la petición',
  missing_version: 'Notion rechazó la petición',
  rate_limited: 'Notion limitó las peticiones; se reintentará',
  conflict_error: 'Conflicto al guardar en Notion; se reintentará',
  internal_server_error: 'Error interno de Notion; se reintentará',
  service_unavailable: 'Notion no está disponible; se reintentará',
  database_connection_unavailable: 'Notion no está disponible; se reintentará',
  gateway_timeout: 'Notion tardó demasiado; se reintentará',
};

/** Page ids as Notion writes them: 32 hexadecimal digits, with or without dashes. */
export const notionPageIdPattern = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

export function createNotionClient(
  opts: GuardOptions & { token: string; baseUrl: string; timeoutMs?: number },
): NotionClient {
  const client = createOutboundClient({
    allowLoopback: opts.allowLoopback,
    offline: opts.offline,
    timeoutMs: opts.timeoutMs ?? NOTION_TIMEOUT_MS,
    maxAnswerBytes: 64 * 1024,
  });
  const base = opts.baseUrl.replace(/\/+$/, '');
  return {
    async appendChildren(pageId, children) {
      if (!notionPageIdPattern.test(pageId))
        return { ok: false, error: `«${pageId}» no es un id de página de Notion`, retryable: false };
      const body = JSON.stringify({ children });
      const answer = await client.request({
        url: `${base}/v1/blocks/${encodeURIComponent(pageId)}/children`,
        method: 'PATCH',
        body,
        headers: {
          authorization: `Bearer ${opts.token}`,
          'notion-version': NOTION_VERSION,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'EstudioContenido-Notion/1',
        },
      });
      if (!answer.ok)
        return {
          ok: false,
          error: `No se pudo conectar con Notion: ${answer.error}`,
          retryable: answer.code !== 'EADDRNOTALLOWED' && answer.code !== 'EINVALIDURL',
        };
      const { status } = answer;
      if (status >= 200 && status < 300) return { ok: true };
      let code = '';
      let message = '';
      try {
        const json = JSON.parse(answer.body) as { code?: unknown; message?: unknown };
        code = typeof json.code === 'string' ? json.code : '';
        message = typeof json.message === 'string' ? json.message.slice(0, 500) : '';
      } catch {
        // Not Notion's JSON (a proxy's page): the status says enough.
      }
      const retryable = status === 409 || status === 429 || status >= 500;
      const seconds = Number(answer.headers['retry-after']);
      const words = explained[code] ?? `Notion respondió ${status}`;
      return {
        ok: false,
        status,
        error: `${words}${message ? `: ${message}` : ''} (${status}${code ? ` ${code}` : ''})`,
        retryable,
        ...(status === 429 && Number.isFinite(seconds) && seconds > 0
          ? { retryAfterMs: Math.min(seconds, 3600) * 1000 }
          : {}),
      };
    },
  };
}

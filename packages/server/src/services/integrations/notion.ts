import type { GuardOptions } from '../../lib/net-guard.ts';
import { createOutboundClient } from '../../lib/outbound.ts';
import type { NotionBlock } from './notion-blocks.ts';

/** The Notion API version the sync speaks (sent as `Notion-Version`). */
export const NOTION_VERSION = '2022-06-28';
export const NOTION_TIMEOUT_MS = 20_000;

export type NotionOutcome =
  | { ok: true }
  | {
      ok: false;
      /** Plain Spanish: what failed and what to do. */
      error: string;
      /** The technical detail for «Detalles»: the network error, or Notion's status, code and message. */
      detail?: string;
      retryable: boolean;
      retryAfterMs?: number;
      status?: number;
    };

export interface NotionClient {
  /** Appends blocks (at most 100) at the end of a page: `PATCH /v1/blocks/{page}/children`. */
  appendChildren(pageId: string, children: NotionBlock[]): Promise<NotionOutcome>;
}

const refusedRequest =
  'Notion rechazó la petición: vuelve a intentarlo con «Sincronizar ahora»; si se repite, avisa a quien administra el servidor';

/**
 * Notion's error codes (its `{ object: 'error', status, code, message }` answers), in words for the team: what
 * failed and what to do. Notion's own message (English) and code go to the detail, behind «Detalles».
 */
const explained: Record<string, string> = {
  unauthorized:
    'Notion rechazó el token de integración (NOTION_TOKEN): pide a quien administra el servidor que lo revise',
  restricted_resource: 'La integración no tiene acceso a la página: compártela con ella en Notion',
  object_not_found: 'Notion no encuentra la página: comprueba el enlace y compártela con la integración',
  validation_error:
    'Notion rechazó el contenido de la pieza: revisa su texto y sus enlaces (el motivo exacto está en «Detalles»)',
  invalid_request: refusedRequest,
  invalid_json: refusedRequest,
  invalid_request_url: refusedRequest,
  missing_version: refusedRequest,
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
        return {
          ok: false,
          error: `«${pageId}» no es un id de página de Notion: corrige el enlace de la página en la integración`,
          retryable: false,
        };
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
          detail: answer.detail,
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
      const words =
        explained[code] ??
        `Notion respondió con un error (${status}): vuelve a intentarlo con «Sincronizar ahora»; si se repite, revisa la integración`;
      return {
        ok: false,
        status,
        error: words,
        detail: `HTTP ${status}${code ? ` ${code}` : ''}${message ? `\n${message}` : ''}`,
        retryable,
        ...(status === 429 && Number.isFinite(seconds) && seconds > 0
          ? { retryAfterMs: Math.min(seconds, 3600) * 1000 }
          : {}),
      };
    },
  };
}

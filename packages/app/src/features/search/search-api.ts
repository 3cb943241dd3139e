import type { SearchResponses } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { api } from '../../lib/api.ts';
import { searchMsg } from './messages.ts';

export type SearchHit = SearchResponses[200]['items'][number];

/** `GET /search`: what the caller may see, across cycles (the server scopes it). */
export const searchAll = (
  q: string,
  options: { portfolioId?: string; limit?: number; signal?: AbortSignal } = {},
): Promise<SearchHit[]> =>
  api
    .call(
      sdk.search({
        client: api.client,
        query: {
          q,
          ...(options.portfolioId ? { portfolioId: options.portfolioId } : {}),
          ...(options.limit ? { limit: options.limit } : {}),
        },
        signal: options.signal,
      }),
      searchMsg.error,
    )
    .then((r) => r.items);

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>' };
const decode = (text: string) => text.replace(/&(amp|lt|gt);/g, (e) => entities[e]!);

/**
 * A snippet's parts: the server marks the matched words with `<mark>…</mark>` and escapes the rest as HTML;
 * each part is plain text (never rendered as HTML), `mark` on the matched ones.
 */
export function snippetParts(snippet: string): Array<{ text: string; mark: boolean }> {
  return snippet
    .split(/(<mark>.*?<\/mark>)/g)
    .filter(Boolean)
    .map((part) =>
      part.startsWith('<mark>')
        ? { text: decode(part.slice(6, -7)), mark: true }
        : { text: decode(part), mark: false },
    );
}

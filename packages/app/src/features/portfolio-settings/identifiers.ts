/** Pure helpers of portfolio identifiers and Notion page ids (no React, no API). */

/** The server's rule (packages/server/src/services/review/portfolios.ts): a lowercase slug of 3 to 60 characters. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MIN = 3;
export const SLUG_MAX = 60;

export const isSlug = (s: string) => SLUG_PATTERN.test(s) && s.length >= SLUG_MIN && s.length <= SLUG_MAX;

/** "Panadería Sol & Hijos" → "panaderia-sol-hijos": accents dropped, anything else becomes one dash. */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
}

export type NotionParse = { ok: true; id: string } | { ok: false; reason: 'empty' | 'notNotion' | 'noId' };

const HEX32 = /^[0-9a-f]{32}$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TAIL_HEX32 = /(?:^|[^0-9a-f])([0-9a-f]{32})$/i;
const TAIL_UUID = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** An id as the 32 lowercase hex characters Notion's API takes (dashes dropped). */
const normal = (id: string) => id.replace(/-/g, '').toLowerCase();

function idIn(text: string): string | null {
  if (HEX32.test(text) || UUID.test(text)) return normal(text);
  const match = TAIL_HEX32.exec(text) ?? TAIL_UUID.exec(text);
  return match?.[1] ? normal(match[1]) : null;
}

/**
 * The page id in what a person pastes: a bare id (32 hex characters, with or without the UUID dashes) or
 * a page link of notion.so / notion.site ("…/Mi-pagina-<id>", "…/<id>", "…?p=<id>" for a peeked page).
 */
export function parseNotionPage(input: string): NotionParse {
  const text = input.trim();
  if (!text) return { ok: false, reason: 'empty' };
  if (HEX32.test(text) || UUID.test(text)) return { ok: true, id: normal(text) };
  const looksLikeUrl = /^[a-z]+:\/\//i.test(text) || /^[\w.-]+\.[a-z]{2,}\//i.test(text);
  if (!looksLikeUrl) return { ok: false, reason: 'noId' };
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, reason: 'noId' };
  }
  const host = url.hostname.toLowerCase();
  const notion = ['notion.so', 'notion.site'].some((d) => host === d || host.endsWith(`.${d}`));
  if (!notion || !/^https?:$/.test(url.protocol)) return { ok: false, reason: 'notNotion' };
  const peek = url.searchParams.get('p');
  if (peek) {
    const id = idIn(peek);
    if (id) return { ok: true, id };
  }
  const segments = url.pathname.split('/').filter(Boolean);
  const last = segments.at(-1);
  const id = last ? idIn(decodeURIComponent(last)) : null;
  return id ? { ok: true, id } : { ok: false, reason: 'noId' };
}

/** The page's address on Notion, for a link. */
export const notionPageUrl = (id: string) => `https://www.notion.so/${normal(id)}`;

import { createRequire } from 'node:module';

// `xss` is CommonJS and Node's ESM loader does not see all of its named exports.
const { escapeAttrValue, FilterXSS } = createRequire(import.meta.url)('xss') as typeof import('xss');

/**
 * Rich text from users (material copy, comments): only a safe subset of HTML survives. Links keep only
 * http(s) and mailto targets and always get rel="noopener noreferrer"; mentions are
 * `<span data-mention-id="…">`. Scripts and styles are dropped with their content.
 */
const filter = new FilterXSS({
  whiteList: {
    p: [],
    br: [],
    strong: [],
    b: [],
    em: [],
    i: [],
    u: [],
    s: [],
    a: ['href', 'title', 'target', 'rel'],
    ul: [],
    ol: [],
    li: [],
    blockquote: [],
    code: [],
    pre: [],
    h1: [],
    h2: [],
    h3: [],
    span: ['data-mention-id'],
  },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style'],
  safeAttrValue(tag: string, name: string, value: string) {
    if (tag === 'a' && name === 'href')
      return /^(https?:|mailto:)/i.test(value.trim()) ? escapeAttrValue(value) : '';
    if (tag === 'a' && name === 'target') return value === '_blank' ? '_blank' : '';
    return escapeAttrValue(value);
  },
  onTagAttr(tag: string, name: string) {
    if (tag === 'a' && name === 'rel') return 'rel="noopener noreferrer"';
    return undefined;
  },
});

export const sanitizeRichText = (html: string) =>
  filter.process(html).replace(/<a (?![^>]*\brel=)/g, '<a rel="noopener noreferrer" ');

/** The user ids mentioned in sanitised rich text. */
export function mentionedUserIds(html: string): string[] {
  return [...new Set([...html.matchAll(/data-mention-id="([^"]+)"/g)].map((m) => m[1]!))];
}

/** Sanitised rich text as one line of plain text (a notification's quote of a comment), at most `max` characters. */
export function plainText(html: string, max = 140): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

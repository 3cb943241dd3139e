/**
 * Quotes of a piece's copy (W3C Web Annotation TextQuoteSelector), declared once, here
 * (`@crw/contracts/text-quote`): the server checks, re-anchors and applies them, the app selects and highlights
 * them, on the same text. The copy is sanitised HTML (server lib/sanitize.ts); its TEXT is what the reader
 * reads: the text nodes, entities decoded, whitespace runs collapsed to one space (not in `pre`), one "\n"
 * between blocks (never two, never at the start or the end) and one "\n" for each `<br>`. The editor's walk
 * (packages/ui rich-text) builds the same text from its document.
 */

export interface TextQuote {
  quote: string;
  prefix?: string;
  suffix?: string;
}

/** Up to this many characters of context on each side of a quote (what the app sends). */
export const QUOTE_CONTEXT = 32;

/** Elements that start and end a line of text. */
const blocks = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'ul',
  'ol',
  'blockquote',
  'pre',
  'div',
]);
/** Containers whose whitespace-only text is layout, not text. */
const containers = new Set(['ul', 'ol', 'blockquote', 'div']);

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === '#') {
      const code =
        e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return named[e.toLowerCase()] ?? all;
  });
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One token of the HTML: a tag (kept as written) or a text node (decoded). */
type Token = { tag: string; name: string; close: boolean; raw: string } | { text: string; raw: string };

function tokenize(html: string): Token[] {
  const out: Token[] = [];
  const re = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|[^<]+|</g;
  for (const m of html.matchAll(re)) {
    const raw = m[0];
    if (raw.startsWith('<!--')) continue;
    if (m[2]) out.push({ tag: raw, name: m[2].toLowerCase(), close: m[1] === '/', raw });
    else out.push({ text: decodeEntities(raw), raw });
  }
  return out;
}

/** A text node's place in the text: `map[i]` is the index in the node's decoded text of the text's char i. */
interface Segment {
  token: number;
  start: number;
  map: number[];
}

/** The text of the copy and where each text node's characters sit in it. */
function walk(html: string) {
  const tokens = tokenize(html);
  const stack: string[] = [];
  const segments: Segment[] = [];
  let text = '';
  const newline = () => {
    if (text.length > 0 && !text.endsWith('\n')) text += '\n';
  };
  tokens.forEach((t, index) => {
    if ('name' in t) {
      if (t.name === 'br' && !t.close) {
        text += '\n';
        return;
      }
      if (blocks.has(t.name)) newline();
      if (t.close) {
        const at = stack.lastIndexOf(t.name);
        if (at >= 0) stack.length = at;
      } else if (!t.tag.endsWith('/>') && t.name !== 'br') stack.push(t.name);
      return;
    }
    const top = stack[stack.length - 1];
    const pre = stack.includes('pre');
    if (!pre && /^[ \t\r\n\f]*$/.test(t.text) && (top === undefined || containers.has(top))) return;
    const map: number[] = [];
    let chunk = '';
    for (let i = 0; i < t.text.length; i++) {
      const ch = t.text[i]!;
      if (!pre && /[ \t\r\n\f]/.test(ch)) {
        const atLineStart = (text + chunk).length === 0 || (text + chunk).endsWith('\n');
        if (atLineStart || chunk.endsWith(' ') || (chunk === '' && text.endsWith(' '))) continue;
        chunk += ' ';
      } else chunk += ch;
      map.push(i);
    }
    if (chunk.length > 0) segments.push({ token: index, start: text.length, map });
    text += chunk;
  });
  return { tokens, segments, text: text.replace(/\n+$/, '') };
}

/** The copy's text (see the module's comment). */
export const htmlToText = (html: string) => walk(html).text;

/** How many characters two strings share at their ends (`a`'s end against `b`'s end). */
function sharedTail(a: string, b: string) {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}
function sharedHead(a: string, b: string) {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

export interface QuoteMatch {
  start: number;
  end: number;
  /** The prefix and suffix given match entirely around this occurrence. */
  exact: boolean;
}

/**
 * Where the quote is in `text`: of its occurrences, the one whose surroundings match the prefix and suffix
 * best (ties: the one nearest `near`, else the first). Null when the quote is not in the text.
 */
export function findQuote(text: string, q: TextQuote, near?: number): QuoteMatch | null {
  if (!q.quote) return null;
  const prefix = q.prefix ?? '';
  const suffix = q.suffix ?? '';
  let best: { start: number; score: number; exact: boolean } | null = null;
  for (let at = text.indexOf(q.quote); at >= 0; at = text.indexOf(q.quote, at + 1)) {
    const before = text.slice(Math.max(0, at - prefix.length), at);
    const after = text.slice(at + q.quote.length, at + q.quote.length + suffix.length);
    const p = sharedTail(before, prefix);
    const s = sharedHead(after, suffix);
    const score = p + s;
    const exact = p === prefix.length && s === suffix.length;
    const better =
      !best ||
      score > best.score ||
      (score === best.score && near !== undefined && Math.abs(at - near) < Math.abs(best.start - near));
    if (better) best = { start: at, score, exact };
  }
  return best && { start: best.start, end: best.start + q.quote.length, exact: best.exact };
}

/** The context a quote of `text` from `start` to `end` is sent with. */
export function quoteAt(text: string, start: number, end: number, context = QUOTE_CONTEXT): TextQuote {
  return {
    quote: text.slice(start, end),
    prefix: text.slice(Math.max(0, start - context), start),
    suffix: text.slice(end, end + context),
  };
}

export type AnchorState = 'attached' | 'moved' | 'orphaned';

/**
 * A quote of one version's text read against another's (the current one): `attached` when it is found at the
 * same offset (its context may have changed further on: a suggestion applied in the next sentence does not
 * move it), `moved` when found elsewhere, `orphaned` when gone.
 */
export function anchorState(q: TextQuote, quotedText: string, currentText: string): AnchorState {
  const was = findQuote(quotedText, q);
  const now = findQuote(currentText, q, was?.start);
  if (!now) return 'orphaned';
  return was && now.start === was.start ? 'attached' : 'moved';
}

/**
 * The copy with the text from `start` to `end` (offsets in `htmlToText(html)`) replaced by `replacement`,
 * keeping the markup: the replacement goes into the first text node the range touches, the rest of the range
 * is removed from the others (block boundaries inside the range stay). Null when the range touches no text.
 */
export function replaceTextRange(
  html: string,
  start: number,
  end: number,
  replacement: string,
): string | null {
  const { tokens, segments } = walk(html);
  const edits = new Map<number, string>();
  let placed = false;
  if (end <= start) return null;
  for (const seg of segments) {
    const segEnd = seg.start + seg.map.length;
    if (seg.start >= end || segEnd <= start) continue;
    const token = tokens[seg.token] as { text: string };
    const from = Math.max(start, seg.start) - seg.start;
    const to = Math.min(end, segEnd) - seg.start;
    // Decoded indexes of the node's text: a collapsed whitespace run goes with the char it became.
    const rawFrom = from < seg.map.length ? seg.map[from]! : token.text.length;
    const rawTo = to < seg.map.length ? seg.map[to]! : token.text.length;
    const current = edits.get(seg.token) ?? token.text;
    const insert = placed ? '' : replacement;
    placed = true;
    edits.set(seg.token, current.slice(0, rawFrom) + insert + current.slice(rawTo));
  }
  if (!placed) return null;
  return tokens.map((t, i) => (edits.has(i) ? escapeText(edits.get(i)!) : t.raw)).join('');
}

/** A range of the copy's text (offsets in `htmlToText(html)`) to draw around, named by `id`. */
export interface TextRange {
  id: string;
  start: number;
  end: number;
}

/**
 * The copy with each range's text wrapped at render time (highlights that are never stored): every text node
 * a range touches has its part of the range wrapped in `open(range, first, text)` … `close` (`first`: the
 * range's first piece; `text`: the piece's text, decoded), the markup around left as it was, so a range across `<strong>` is two pieces. Where ranges
 * overlap, a piece goes to the range that starts last (the inner one). Ranges that touch no text are left out.
 */
export function wrapTextRanges(
  html: string,
  ranges: readonly TextRange[],
  open: (range: TextRange, first: boolean, text: string) => string,
  close = '</mark>',
): string {
  const valid = ranges.filter((r) => r.end > r.start);
  if (valid.length === 0) return html;
  const { tokens, segments } = walk(html);
  const started = new Set<string>();
  const edits = new Map<number, string>();
  for (const seg of segments) {
    const segEnd = seg.start + seg.map.length;
    const touching = valid.filter((r) => r.start < segEnd && r.end > seg.start);
    if (touching.length === 0) continue;
    const token = tokens[seg.token] as { text: string };
    const raw = (local: number) => (local < seg.map.length ? seg.map[local]! : token.text.length);
    const cuts = new Set([0, seg.map.length]);
    for (const r of touching) {
      cuts.add(Math.max(r.start, seg.start) - seg.start);
      cuts.add(Math.min(r.end, segEnd) - seg.start);
    }
    const points = [...cuts].sort((a, b) => a - b);
    let out = raw(0) > 0 ? escapeText(token.text.slice(0, raw(0))) : '';
    for (let i = 0; i < points.length - 1; i++) {
      const from = points[i]!;
      const to = points[i + 1]!;
      const decoded = token.text.slice(raw(from), to === seg.map.length ? undefined : raw(to));
      const piece = escapeText(decoded);
      const at = seg.start + from;
      const owner = touching
        .filter((r) => r.start <= at && r.end > at)
        .reduce<TextRange | null>((best, r) => (!best || r.start > best.start ? r : best), null);
      if (!owner) {
        out += piece;
        continue;
      }
      out += `${open(owner, !started.has(owner.id), decoded)}${piece}${close}`;
      started.add(owner.id);
    }
    edits.set(seg.token, out);
  }
  return tokens.map((t, i) => edits.get(i) ?? t.raw).join('');
}

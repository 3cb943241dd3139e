/**
 * An approved item as Notion blocks (the subset of Notion's block objects the sync writes): a heading with
 * the title, a line with format and publish date, the copy converted from the editor's sanitised HTML
 * (paragraphs, headings, lists, quotes, code; bold, italic, underline, strikethrough, inline code, links),
 * its links and files as a list. Notion's limits are kept: a text object holds at most 2,000 characters and
 * a link at most 2,000, and an append carries at most 100 blocks (the caller splits with `chunks`).
 */

export const NOTION_TEXT_MAX = 2000;
export const NOTION_BLOCKS_PER_APPEND = 100;

interface Annotations {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  code?: boolean;
}

export interface RichText {
  type: 'text';
  text: { content: string; link: { url: string } | null };
  annotations?: Annotations;
}

type TextBlockType =
  | 'paragraph'
  | 'heading_2'
  | 'heading_3'
  | 'bulleted_list_item'
  | 'numbered_list_item'
  | 'quote'
  | 'code';

export type NotionBlock =
  | ({ object: 'block'; type: TextBlockType } & Record<string, unknown>)
  | { object: 'block'; type: 'divider'; divider: Record<string, never> };

const block = (type: TextBlockType, rich_text: RichText[]): NotionBlock => ({
  object: 'block',
  type,
  [type]: type === 'code' ? { rich_text, language: 'plain text' } : { rich_text },
});

const text = (content: string, link?: string, annotations?: Annotations): RichText[] => {
  const out: RichText[] = [];
  const url = link && isLinkable(link) ? { url: link } : null;
  // Split on code points, never inside a surrogate pair.
  const chars = Array.from(content);
  for (let i = 0; i < chars.length; i += NOTION_TEXT_MAX) {
    out.push({
      type: 'text',
      text: { content: chars.slice(i, i + NOTION_TEXT_MAX).join(''), link: url },
      ...(annotations && Object.keys(annotations).length ? { annotations: { ...annotations } } : {}),
    });
  }
  return out;
};

/** Notion refuses links that are not absolute http(s) URLs, or longer than 2,000 characters. */
const isLinkable = (url: string) => /^https?:\/\/\S+$/i.test(url) && url.length <= NOTION_TEXT_MAX;

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return entities[name.toLowerCase()] ?? all;
  });
}

const blockTags: Record<string, TextBlockType> = {
  p: 'paragraph',
  h1: 'heading_3',
  h2: 'heading_3',
  h3: 'heading_3',
  blockquote: 'quote',
  pre: 'code',
};
const marks: Record<string, keyof Annotations> = {
  strong: 'bold',
  b: 'bold',
  em: 'italic',
  i: 'italic',
  u: 'underline',
  s: 'strikethrough',
  code: 'code',
};

/**
 * The copy's HTML (already sanitised: a known set of tags, text escaped) as blocks. Text outside any block
 * becomes a paragraph; list items become bulleted or numbered items after their list; nesting flattens.
 */
export function htmlToBlocks(html: string): NotionBlock[] {
  const blocks: NotionBlock[] = [];
  const lists: Array<'ul' | 'ol'> = [];
  const active: Array<{ tag: string; href?: string }> = [];
  let current: { type: TextBlockType; parts: RichText[] } | null = null;

  const flush = () => {
    if (current) {
      // A block holds at most 100 text objects: a longer one continues in another of its kind.
      for (const parts of chunks(trimParts(current.parts))) blocks.push(block(current.type, parts));
    }
    current = null;
  };
  const open = (type: TextBlockType) => {
    flush();
    current = { type, parts: [] };
  };
  const append = (content: string) => {
    if (!content) return;
    if (!current) {
      if (!content.trim()) return;
      current = { type: 'paragraph', parts: [] };
    }
    const annotations: Annotations = {};
    let href: string | undefined;
    for (const a of active) {
      const mark = marks[a.tag];
      if (mark) annotations[mark] = true;
      if (a.tag === 'a') href = a.href;
    }
    current.parts.push(...text(content, href, annotations));
  };

  const token = /<(\/?)([a-z0-9]+)((?:\s[^>]*)?)\/?>|([^<]+)/gi;
  for (const m of html.matchAll(token)) {
    const [, closing, rawTag, attrs, content] = m;
    if (content !== undefined) {
      append(decodeEntities(content).replace(/\s+/g, (ws) => (current?.type === 'code' ? ws : ' ')));
      continue;
    }
    const tag = rawTag!.toLowerCase();
    if (tag === 'br') {
      append('\n');
    } else if (tag === 'ul' || tag === 'ol') {
      flush();
      if (closing) lists.pop();
      else lists.push(tag);
    } else if (tag === 'li') {
      if (closing) flush();
      else open(lists.at(-1) === 'ol' ? 'numbered_list_item' : 'bulleted_list_item');
    } else if (blockTags[tag]) {
      // A paragraph inside a list item (Tiptap writes <li><p>…</p></li>) stays the item's text.
      // (TypeScript cannot see that the closures above assign `current`.)
      const kind = (current as { type: TextBlockType } | null)?.type;
      const inItem = kind === 'bulleted_list_item' || kind === 'numbered_list_item';
      if (closing) {
        if (inItem && tag === 'p') append('\n');
        else flush();
      } else if (!(inItem && tag === 'p')) open(blockTags[tag]!);
    } else if (marks[tag] || tag === 'a' || tag === 'span') {
      if (closing) {
        const at = active.map((a) => a.tag).lastIndexOf(tag);
        if (at >= 0) active.splice(at, 1);
      } else {
        const href = tag === 'a' ? /\bhref="([^"]*)"/i.exec(attrs ?? '')?.[1] : undefined;
        active.push({ tag, href: href === undefined ? undefined : decodeEntities(href) });
      }
    }
  }
  flush();
  return blocks;
}

/** Drops empty runs and the whitespace at a block's ends (Notion shows it). */
function trimParts(parts: RichText[]): RichText[] {
  const out = parts.filter((p) => p.text.content !== '');
  if (out.length) {
    out[0]!.text.content = out[0]!.text.content.replace(/^[ \t]+/, '');
    const last = out.at(-1)!;
    last.text.content = last.text.content.replace(/[ \t\n]+$/, '');
  }
  return out.filter((p) => p.text.content !== '');
}

export interface ItemForNotion {
  title: string;
  format: string | null;
  publishDate: string | null;
  copy: string;
  links: string[];
  files: Array<{ fileName: string }>;
  /** Where the item opens in the app (when the server knows its public address). */
  appUrl?: string;
}

const formatDate = (iso: string) => {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
};

export function itemToBlocks(item: ItemForNotion): NotionBlock[] {
  const meta = [
    `Formato: ${item.format || 'Sin formato'}`,
    `Publicación: ${item.publishDate ? formatDate(item.publishDate) : 'Sin fecha'}`,
  ].join(' · ');
  const out: NotionBlock[] = [
    block('heading_2', text(item.title || 'Sin título', item.appUrl)),
    block('paragraph', text(meta, undefined, { italic: true })),
    ...htmlToBlocks(item.copy),
  ];
  if (item.links.length) {
    out.push(block('paragraph', text('Enlaces', undefined, { bold: true })));
    for (const link of item.links) out.push(block('bulleted_list_item', text(link, link)));
  }
  if (item.files.length) {
    out.push(block('paragraph', text('Archivos', undefined, { bold: true })));
    for (const f of item.files) out.push(block('bulleted_list_item', text(f.fileName, item.appUrl)));
  }
  out.push({ object: 'block', type: 'divider', divider: {} });
  return out;
}

export function chunks<T>(list: T[], size = NOTION_BLOCKS_PER_APPEND): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

import { wrapTextRanges } from '@crw/contracts/text-quote';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useLayoutEffect, useMemo, useRef } from 'react';
import { cn } from '../lib/cn.ts';

/**
 * The same sanitised HTML with each mention (`<span data-mention-id>@Nombre</span>`) replaced by its plain label
 * («Nombre»), as text: for content that is published as it reads (a material's copy), where a mention is not
 * part of it. Nothing is added to the markup, so what the server's sanitiser let through stays as safe.
 */
export function plainMentions(html: string): string {
  if (!html.includes('data-mention-id')) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const span of doc.body.querySelectorAll('span[data-mention-id]'))
    span.replaceWith(doc.createTextNode((span.textContent ?? '').replace(/^@/, '')));
  return doc.body.innerHTML;
}

/**
 * Words of the content to draw attention to: `start` and `end` are offsets in the content's text as
 * `@crw/contracts/text-quote` reads it (`htmlToText`), `label` what a screen reader says of it.
 */
export interface TextHighlight {
  id: string;
  start: number;
  end: number;
  label: string;
}

const attribute = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The HTML with each highlight's words in `<mark data-highlight>`: the first piece of each is a button (focusable,
 * named by its words and its label: «nueva colección (Comentado: …)»), the others (a highlight across bold words is several pieces) only clickable.
 */
export function highlightHtml(html: string, highlights: readonly TextHighlight[]): string {
  const labels = new Map(highlights.map((h) => [h.id, h.label]));
  return wrapTextRanges(html, highlights, (r, first, words) => {
    const id = attribute(r.id);
    // Named by its words then its label: what is read is what is seen, and what it is about.
    const name = `${words.replace(/\s+/g, ' ').trim()} (${labels.get(r.id) ?? ''})`;
    return first
      ? `<mark data-highlight="${id}" role="button" tabindex="0" aria-pressed="false" aria-label="${attribute(name)}">`
      : `<mark data-highlight="${id}">`;
  });
}

/**
 * Stored rich text, read-only, looking exactly as in `RichTextEditor` (both use the `crw-prose` rules). `html`
 * must come sanitised from the server (its allow-list); this is the one way screens render it. Kept apart
 * from the editor so that reading never loads Tiptap. With `mentions="plain"` a mention reads as its plain
 * label (no chip), for content to be published.
 *
 * `highlights` are drawn over the text at render time, never stored: the words are wrapped in `<mark>` in the
 * HTML rendered (not ProseMirror decorations: a read-only view that loaded Tiptap for them would weigh on the
 * first paint of every screen that shows a copy, for a few `<mark>`s). Each is a button named by its label
 * (a click, Enter or Space: `onHighlight`); `activeHighlight`'s is drawn stronger and pressed. Choosing one
 * only toggles attributes: the HTML is not rendered again, so focus stays where it was.
 */
export function RichTextContent({
  html,
  className,
  empty,
  mentions = 'chip',
  highlights,
  activeHighlight = null,
  onHighlight,
}: {
  html: string;
  className?: string;
  empty?: ReactNode;
  mentions?: 'chip' | 'plain';
  highlights?: readonly TextHighlight[];
  activeHighlight?: string | null;
  onHighlight?: (id: string) => void;
}) {
  // Wrapped again only when a highlight changes, not when the list is merely built again.
  const drawn = highlights?.map((h) => `${h.id}:${h.start}:${h.end}:${h.label}`).join('\n') ?? '';
  const latest = useRef(highlights);
  latest.current = highlights;
  const shown = useMemo(() => {
    // The offsets are in the stored HTML's text: the marks go in first (a mention made plain loses its own).
    const marked = drawn && latest.current ? highlightHtml(html, latest.current) : html;
    return mentions === 'plain' ? plainMentions(marked) : marked;
  }, [html, mentions, drawn]);
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new HTML has new marks to mark as chosen
  useLayoutEffect(() => {
    for (const mark of box.current?.querySelectorAll<HTMLElement>('mark[data-highlight]') ?? []) {
      const on = mark.dataset.highlight === activeHighlight;
      mark.toggleAttribute('data-active', on);
      if (mark.hasAttribute('aria-pressed')) mark.setAttribute('aria-pressed', String(on));
    }
  }, [activeHighlight, shown]);
  if (!shown)
    return empty ? <div className={cn('text-sm text-muted-foreground', className)}>{empty}</div> : null;
  const chosen = (e: MouseEvent | KeyboardEvent) =>
    (e.target as Element).closest?.('mark[data-highlight]')?.getAttribute('data-highlight') ?? null;
  const interactive = highlights?.length
    ? {
        onClick: (e: MouseEvent) => {
          const id = chosen(e);
          // A click that ends a selection of words is the selection's, not the highlight's.
          if (id && (document.getSelection()?.isCollapsed ?? true)) onHighlight?.(id);
        },
        onKeyDown: (e: KeyboardEvent) => {
          const id = (e.key === 'Enter' || e.key === ' ') && chosen(e);
          if (!id) return;
          e.preventDefault();
          onHighlight?.(id);
        },
      }
    : {};
  return (
    <div
      ref={box}
      className={cn('crw-prose', className)}
      {...interactive}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server before it was stored
      dangerouslySetInnerHTML={{ __html: shown }}
    />
  );
}

import { type ReactNode, useMemo } from 'react';
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
 * Stored rich text, read-only, looking exactly as in `RichTextEditor` (both use the `crw-prose` rules). `html`
 * must come sanitised from the server (its allow-list); this is the one way screens render it. Kept apart
 * from the editor so that reading never loads Tiptap. With `mentions="plain"` a mention reads as its plain
 * label (no chip), for content to be published.
 */
export function RichTextContent({
  html,
  className,
  empty,
  mentions = 'chip',
}: {
  html: string;
  className?: string;
  empty?: ReactNode;
  mentions?: 'chip' | 'plain';
}) {
  const shown = useMemo(() => (mentions === 'plain' ? plainMentions(html) : html), [html, mentions]);
  if (!shown)
    return empty ? <div className={cn('text-sm text-muted-foreground', className)}>{empty}</div> : null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server before it was stored
  return <div className={cn('crw-prose', className)} dangerouslySetInnerHTML={{ __html: shown }} />;
}

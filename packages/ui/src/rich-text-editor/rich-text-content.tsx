import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/**
 * Stored rich text, read-only, looking exactly as in `RichTextEditor` (both use the `crw-prose` rules). `html`
 * must come sanitised from the server (its allow-list); this is the one way screens render it. Kept apart
 * from the editor so that reading never loads Tiptap.
 */
export function RichTextContent({
  html,
  className,
  empty,
}: {
  html: string;
  className?: string;
  empty?: ReactNode;
}) {
  if (!html)
    return empty ? <div className={cn('text-sm text-muted-foreground', className)}>{empty}</div> : null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server before it was stored
  return <div className={cn('crw-prose', className)} dangerouslySetInnerHTML={{ __html: html }} />;
}

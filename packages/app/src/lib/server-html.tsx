/**
 * Rich text that the server stored after sanitising it (an allow-list of tags and attributes, links only
 * http(s)/mailto): the one place the app renders HTML from the API.
 */
export function ServerHtml({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server before it was stored (lib/sanitize.ts)
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

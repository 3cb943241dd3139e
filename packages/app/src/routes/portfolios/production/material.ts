/**
 * Rich text as plain text (paragraphs separated by blank lines), for the word-level compare of versions; a
 * mention reads as its plain label, as the copy is published.
 */
export function htmlToText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const span of doc.body.querySelectorAll('span[data-mention-id]'))
    span.replaceWith((span.textContent ?? '').replace(/^@/, ''));
  const blocks = [...doc.body.querySelectorAll('p, li, h1, h2, h3, blockquote, pre')];
  if (blocks.length === 0) return doc.body.textContent ?? '';
  return blocks.map((b) => b.textContent ?? '').join('\n\n');
}

/** The server's limits on stored HTML (routes/production/schemas.ts, routes/comments) and the characters the
 * editor lets through, leaving room for the markup. */
export const MAX_COPY_HTML = 100_000;
export const MAX_COPY_CHARACTERS = 50_000;
export const MAX_COMMENT_HTML = 10_000;
export const MAX_COMMENT_CHARACTERS = 5_000;

export const humanSize = (bytes: number) =>
  new Intl.NumberFormat('es-ES', {
    style: 'unit',
    unit: bytes >= 1048576 ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(bytes >= 1048576 ? bytes / 1048576 : Math.max(0.1, bytes / 1024));

/** PUT to a signed URL with progress; `abort()` cancels. */
export function uploadWithProgress(
  url: string,
  headers: Record<string, string>,
  file: File,
  onProgress: (percent: number) => void,
) {
  const xhr = new XMLHttpRequest();
  const done = new Promise<void>((resolve, reject) => {
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(String(xhr.status)));
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
  });
  xhr.open('PUT', url);
  // Content-Length is set by the browser from the body.
  for (const [k, v] of Object.entries(headers))
    if (k.toLowerCase() !== 'content-length') xhr.setRequestHeader(k, v);
  xhr.send(file);
  return { done, abort: () => xhr.abort() };
}

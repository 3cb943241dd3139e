import { lazy } from '../lib/lazy.ts';

/** How a file can be shown in the browser, from its MIME type. */
export type FileKind = 'image' | 'video' | 'audio' | 'pdf' | 'other';

/** Image types every current browser decodes in an <img> (TIFF, HEIC or PSD are not among them). */
const browserImages = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/svg+xml',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);

export function fileKind(mimeType: string): FileKind {
  const type = mimeType.split(';')[0].trim().toLowerCase();
  if (browserImages.has(type)) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (type === 'application/pdf') return 'pdf';
  return 'other';
}

const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
const formats = lazy(() =>
  units.map(
    (unit) =>
      new Intl.NumberFormat('es-ES', {
        style: 'unit',
        unit,
        unitDisplay: 'short',
        maximumFractionDigits: unit === 'byte' ? 0 : 1,
      }),
  ),
);

/** "512 B", "1,5 kB", "12,3 MB": decimal units (1 kB = 1000 B), as the operating systems show them. */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let i = 0;
  while (value >= 1000 && i < units.length - 1) {
    value /= 1000;
    i++;
  }
  // 999 950 B rounds to "1000 kB": say "1 MB" instead.
  if (i < units.length - 1 && Number(value.toFixed(1)) >= 1000) {
    value /= 1000;
    i++;
  }
  return formats()[i]!.format(value);
}

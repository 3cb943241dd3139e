import {
  DownloadIcon,
  FileArchiveIcon,
  FileCodeIcon,
  FileIcon,
  FileSpreadsheetIcon,
  FileTextIcon,
  type LucideIcon,
} from 'lucide-react';
import type * as React from 'react';
import { buttonVariants } from '../button/button.tsx';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '../dialog/dialog.tsx';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';
import { fileKind, formatFileSize } from './file-kind.ts';

const t = uiMessages.filePreview;

export type FilePreviewProps = Omit<React.ComponentProps<'figure'>, 'children'> & {
  /** The file's name, shown and used as the download name and in every accessible name. */
  name: string;
  mimeType: string;
  url: string;
  /** Bytes. */
  size?: number;
  /** false: only the icon, name, size and download, even for a kind the browser could show. */
  preview?: boolean;
};

/** An icon for the files the browser cannot show, by their type. */
function iconFor(mimeType: string, name: string): LucideIcon {
  const type = mimeType.toLowerCase();
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  if (/zip|compressed|x-tar|gzip|x-7z|x-rar/.test(type)) return FileArchiveIcon;
  if (/spreadsheet|excel|csv/.test(type) || ['xlsx', 'xls', 'ods', 'csv'].includes(extension))
    return FileSpreadsheetIcon;
  if (/json|xml|javascript|html/.test(type)) return FileCodeIcon;
  if (type.startsWith('text/') || /word|opendocument\.text|rtf/.test(type)) return FileTextIcon;
  return FileIcon;
}

function DownloadLink({ url, name }: { url: string; name: string }) {
  return (
    <a
      href={url}
      download={name}
      data-slot="file-preview-download"
      className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'shrink-0')}
    >
      <DownloadIcon aria-hidden="true" />
      {t.download}
      <span className="sr-only"> {name}</span>
    </a>
  );
}

/**
 * Shows a file as the browser can: an image thumbnail that opens full size in a dialog, a video or audio
 * player, a PDF preview; anything else as an icon. Every kind has its name, size and a "Descargar" link.
 */
export function FilePreview({
  name,
  mimeType,
  url,
  size,
  preview = true,
  className,
  ...props
}: FilePreviewProps) {
  const kind = preview ? fileKind(mimeType) : 'other';

  let media: React.ReactNode = null;
  switch (kind) {
    case 'image':
      media = (
        <Dialog>
          <DialogTrigger asChild>
            <button
              type="button"
              aria-label={t.open(name)}
              title={t.open(name)}
              className="block h-48 w-full cursor-zoom-in overflow-hidden rounded-md bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <img src={url} alt={name} loading="lazy" className="size-full object-contain" />
            </button>
          </DialogTrigger>
          <DialogContent aria-describedby={undefined} className="max-w-[min(96vw,72rem)]">
            <DialogTitle className="truncate pr-6">{name}</DialogTitle>
            <img src={url} alt={name} className="max-h-[75dvh] w-full object-contain" />
            <div className="flex justify-end">
              <DownloadLink url={url} name={name} />
            </div>
          </DialogContent>
        </Dialog>
      );
      break;
    case 'video':
      media = (
        // biome-ignore lint/a11y/useMediaCaption: an uploaded file comes without a captions track to offer.
        <video
          controls
          preload="metadata"
          src={url}
          aria-label={t.video(name)}
          className="max-h-80 w-full rounded-md bg-black"
        />
      );
      break;
    case 'audio':
      // biome-ignore lint/a11y/useMediaCaption: an uploaded file comes without a captions track to offer.
      media = <audio controls preload="metadata" src={url} aria-label={t.audio(name)} className="w-full" />;
      break;
    case 'pdf':
      media = (
        <object
          data={url}
          type="application/pdf"
          title={t.pdf(name)}
          aria-label={t.pdf(name)}
          className="h-96 w-full rounded-md border border-border bg-muted"
        >
          {/* Shown where the browser has no PDF viewer (most phones). */}
          <span className="flex h-full flex-col items-center justify-center gap-2 p-4 text-sm text-muted-foreground">
            <FileTextIcon className="size-8" aria-hidden="true" />
            {t.noPreview}
          </span>
        </object>
      );
      break;
    case 'other':
      break;
    default:
      kind satisfies never;
  }

  const Icon = kind === 'other' ? iconFor(mimeType, name) : null;
  return (
    <figure
      data-slot="file-preview"
      data-kind={kind}
      className={cn('flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-card p-3', className)}
      {...props}
    >
      {media}
      <figcaption className="flex min-w-0 items-center gap-3">
        {Icon ? (
          <span className="grid size-11 shrink-0 place-items-center rounded-md bg-muted text-muted-foreground">
            <Icon className="size-6" aria-hidden="true" />
          </span>
        ) : null}
        <span className="min-w-0 flex-1">
          <span data-slot="file-preview-name" className="block truncate text-sm font-medium" title={name}>
            {name}
          </span>
          {size === undefined ? null : (
            <span className="block text-xs text-muted-foreground">{formatFileSize(size)}</span>
          )}
        </span>
        <DownloadLink url={url} name={name} />
      </figcaption>
    </figure>
  );
}

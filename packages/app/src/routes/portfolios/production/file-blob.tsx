import * as sdk from '@crw/api-client/sdk';
import { Button, FilePreview, Skeleton } from '@crw/ui';
import { DownloadIcon } from 'lucide-react';
import { memo, useEffect, useRef, useState } from 'react';
import { itemMsg as m } from '../../../features/production/messages.ts';
import { toast } from '../../../features/system/store.ts';
import { api } from '../../../lib/api.ts';
import { humanSize } from './material.ts';

export type MaterialFile = { s3Key: string; fileName: string; fileType: string; size: number };

/** What the browser shows inline (larger files are only downloaded). */
const PREVIEW_LIMITS: Array<[RegExp, number]> = [
  [/^image\/(png|jpeg|gif|webp)$/, 20 * 1024 * 1024],
  [/^(video|audio)\//, 60 * 1024 * 1024],
  [/^application\/pdf$/, 20 * 1024 * 1024],
];
export const canPreview = (f: Pick<MaterialFile, 'fileType' | 'size'>) =>
  PREVIEW_LIMITS.some(([type, max]) => type.test(f.fileType) && f.size <= max);

// Stored files never change (a key is written once), so their bytes can be shared by every view of them.
const cache = new Map<string, Promise<Blob>>();
const MAX_CACHED = 24;

/**
 * The bytes of an item's file, fetched through a signed download URL and typed with the stored type. A
 * blob: URL keeps images and video same-origin (the canvas of the image compare can read them) and lets the
 * CSP stay at `img-src 'self' blob:`; the server always serves downloads as attachments.
 */
function fileBlob(itemId: string, file: MaterialFile): Promise<Blob> {
  const hit = cache.get(file.s3Key);
  if (hit) return hit;
  const load = (async () => {
    const { url } = await api.call(
      sdk.getDownloadUrl({ client: api.client, path: { id: itemId }, query: { s3Key: file.s3Key } }),
      m.material.previewError,
    );
    const res = await fetch(url);
    if (!res.ok) throw new Error(m.material.previewError);
    return new Blob([await res.arrayBuffer()], { type: file.fileType });
  })();
  load.catch(() => cache.delete(file.s3Key));
  cache.set(file.s3Key, load);
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
  return load;
}

/** An object URL for the file while the component lives (revoked after). */
export function useFileUrl(itemId: string, file: MaterialFile | undefined) {
  const [state, setState] = useState<{ url?: string; error?: string }>({});
  const current = useRef(file);
  current.current = file;
  const key = file?.s3Key;
  useEffect(() => {
    const file = current.current;
    if (!key || !file) return;
    let url: string | undefined;
    let live = true;
    setState({});
    fileBlob(itemId, file).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setState({ url });
      },
      (e: Error) => live && setState({ error: e.message || m.material.previewError }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [itemId, key]);
  return state;
}

/** A material file shown as the browser can: a thumbnail, a player; a placeholder while it loads. */
export function MaterialFilePreview({ itemId, file }: { itemId: string; file: MaterialFile }) {
  const { url, error } = useFileUrl(itemId, file);
  if (error)
    return (
      <p role="alert" className="rounded-lg border border-border p-3 text-sm text-destructive">
        {m.material.previewFailed(file.fileName)}
      </p>
    );
  if (!url) return <Skeleton className="h-56 w-full" />;
  return <FilePreview name={file.fileName} mimeType={file.fileType} url={url} size={file.size} />;
}

/** An item's files: previews where the browser can show them, a download for the rest. */
export const MaterialFiles = memo(function MaterialFiles({
  itemId,
  files,
}: {
  itemId: string;
  files: readonly MaterialFile[];
}) {
  const download = async (s3Key: string) => {
    try {
      const { url } = await api.call(
        sdk.getDownloadUrl({ client: api.client, path: { id: itemId }, query: { s3Key } }),
        m.loadError,
      );
      window.open(url, '_blank', 'noopener');
    } catch (e) {
      toast.error((e as Error).message);
    }
  };
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {files.map((f) =>
        canPreview(f) ? (
          <li key={f.s3Key} className="min-w-0">
            <MaterialFilePreview itemId={itemId} file={f} />
          </li>
        ) : (
          <li
            key={f.s3Key}
            className="flex min-w-0 items-center justify-between gap-3 rounded-lg border border-border px-3 py-2 text-sm"
          >
            <span className="min-w-0 truncate">
              {f.fileName} <span className="text-muted-foreground">· {humanSize(f.size)}</span>
            </span>
            <Button
              size="sm"
              variant="ghost"
              aria-label={m.material.download(f.fileName)}
              onClick={() => void download(f.s3Key)}
            >
              <DownloadIcon aria-hidden="true" />
            </Button>
          </li>
        ),
      )}
    </ul>
  );
});

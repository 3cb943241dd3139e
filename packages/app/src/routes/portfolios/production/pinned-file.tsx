import { buttonVariants, ImageAnnotator, Skeleton, VideoAnnotator, type VideoPin } from '@crw/ui';
import { DownloadIcon } from 'lucide-react';
import { itemMsg } from '../../../features/production/messages.ts';
import { type MaterialFile, useFileUrl } from './file-blob.tsx';
import { humanSize } from './material.ts';
import type { PinAnchor } from './pins.ts';

const isImage = (f: MaterialFile) => /^image\/(png|jpeg|gif|webp)$/.test(f.fileType);
const isVideo = (f: MaterialFile) => /^video\/(mp4|webm|ogg|quicktime)$/.test(f.fileType);
/** Files a comment can be pinned on, within what the browser is given to show inline. */
export const isPinnable = (f: MaterialFile) =>
  (isImage(f) && f.size <= 20 * 1024 * 1024) || (isVideo(f) && f.size <= 60 * 1024 * 1024);

/**
 * An image or a video of a version with its comments' pins. With `onPlace` a click, a tap or Enter places a new
 * one (on a video, at the moment it is paused on) and the arrows move it (`onMoveDraft`); without it the pins
 * are only shown. A pin's click selects its comment.
 */
export function PinnedFile({
  itemId,
  file,
  pins,
  draft = null,
  onPlace,
  onMoveDraft,
  highlighted,
  onSelectPin,
}: {
  itemId: string;
  file: MaterialFile;
  pins: VideoPin[];
  draft?: Pick<PinAnchor, 'x' | 'y' | 't'> | null;
  onPlace?: (point: { x: number; y: number; t?: number }) => void;
  onMoveDraft?: (point: { x: number; y: number; t?: number }) => void;
  highlighted: string | null;
  onSelectPin: (id: string) => void;
}) {
  const { url, error } = useFileUrl(itemId, file);
  if (error)
    return (
      <p role="alert" className="text-sm text-destructive">
        {error}
      </p>
    );
  if (!url) return <Skeleton className="h-64 w-full" />;
  return (
    <div className="space-y-2">
      {isVideo(file) ? (
        <VideoAnnotator
          src={url}
          alt={file.fileName}
          pins={pins}
          draft={draft ? { x: draft.x, y: draft.y, t: draft.t ?? 0 } : null}
          onPlace={onPlace}
          onMoveDraft={onMoveDraft}
          highlighted={highlighted}
          onSelectPin={onSelectPin}
        />
      ) : (
        <ImageAnnotator
          src={url}
          alt={file.fileName}
          pins={pins}
          draft={draft}
          onPlace={onPlace}
          onMoveDraft={onMoveDraft}
          highlighted={highlighted}
          onSelectPin={onSelectPin}
        />
      )}
      <p className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="min-w-0 truncate">
          {file.fileName} <span className="text-muted-foreground">· {humanSize(file.size)}</span>
        </span>
        <a href={url} download={file.fileName} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <DownloadIcon aria-hidden="true" />
          {itemMsg.material.download(file.fileName)}
        </a>
      </p>
    </div>
  );
}

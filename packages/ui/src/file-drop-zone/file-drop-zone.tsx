import { UploadCloudIcon } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';

const t = uiMessages.dropzone;

export interface UploadProgress {
  name: string;
  /** 0–100. */
  percent: number;
  error?: string;
}

/** Drop files or pick them with the keyboard; shows a progress bar per upload (the app does the uploading). */
export function FileDropZone({
  onFiles,
  uploads = [],
  accept,
  multiple = true,
  className,
}: {
  onFiles: (files: File[]) => void;
  uploads?: readonly UploadProgress[];
  accept?: string;
  multiple?: boolean;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const id = useId();
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const files = [...e.dataTransfer.files];
    if (files.length) onFiles(multiple ? files : files.slice(0, 1));
  };
  return (
    <div className={cn('space-y-3', className)}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target; the button inside is the keyboard path. */}
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={cn(
          'flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-border p-6 text-center text-sm',
          over && 'border-primary bg-accent/40',
        )}
      >
        <UploadCloudIcon className="size-8 text-muted-foreground" aria-hidden="true" />
        <p>
          {t.prompt}{' '}
          <button
            type="button"
            onClick={() => input.current?.click()}
            className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {t.browse}
          </button>
        </p>
        <input
          ref={input}
          id={id}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          accept={accept}
          multiple={multiple}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            if (files.length) onFiles(files);
            e.target.value = '';
          }}
        />
      </div>
      {uploads.length > 0 ? (
        <ul className="space-y-2">
          {uploads.map((u) => (
            <li key={u.name} className="space-y-1 text-sm">
              <div className="flex justify-between gap-2">
                <span className="truncate">{u.name}</span>
                <span className={u.error ? 'text-destructive' : 'text-muted-foreground'}>
                  {u.error ?? `${Math.round(u.percent)} %`}
                </span>
              </div>
              <div
                role="progressbar"
                aria-label={t.progress(u.name)}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(u.percent)}
                className="h-2 overflow-hidden rounded-full bg-muted"
              >
                <div
                  className={cn(
                    'h-full rounded-full transition-[width]',
                    u.error ? 'bg-destructive' : 'bg-primary',
                  )}
                  style={{ width: `${Math.min(100, Math.max(0, u.percent))}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

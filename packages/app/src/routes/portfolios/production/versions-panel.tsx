import type { Comment, MaterialVersionHistory } from '@crw/api-client';
import { Button, Checkbox, DiffView, ImageCompare, RichTextContent, Select, Skeleton } from '@crw/ui';
import { useEffect, useState } from 'react';
import { listComments } from '../../../features/comments/comments.ts';
import { itemMsg as m } from '../../../features/production/messages.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { type MaterialFile, useFileUrl } from './file-blob.tsx';
import { htmlToText } from './material.ts';
import { pinNumbers, pinsOn } from './pins.ts';

export type Version = MaterialVersionHistory['versions'][number];

/** The versions (newest first); any two open side by side with the copy compared word by word. */
export function VersionsPanel({ itemId, versions }: { itemId: string; versions: readonly Version[] }) {
  const [picked, setPicked] = useState<number[]>([]);
  const [comparing, setComparing] = useState(false);
  if (versions.length === 0) return <p className="text-sm text-muted-foreground">{m.versions.empty}</p>;
  const toggle = (n: number) => {
    setComparing(false);
    setPicked((p) => (p.includes(n) ? p.filter((x) => x !== n) : [...p, n].slice(-2)));
  };
  const [older, newer] = [...picked].sort((a, b) => a - b).map((n) => versions.find((v) => v.number === n)!);

  return (
    <div className="space-y-4">
      <ul className="space-y-2">
        {versions.map((v) => (
          <li key={v._id} className="flex items-start gap-3 rounded-lg border border-border p-3 text-sm">
            <Checkbox
              aria-label={m.versions.select(v.number)}
              checked={picked.includes(v.number)}
              onCheckedChange={() => toggle(v.number)}
            />
            <div className="min-w-0 flex-1">
              <p className="font-medium">{m.versions.number(v.number)}</p>
              <p className="text-xs text-muted-foreground">
                {m.versions.by(v.author.name, formatDateTime(v.createdAt))}
              </p>
              {v.changeReason ? <p className="mt-1">{v.changeReason}</p> : null}
              {v.changeDescription ? <p className="text-muted-foreground">{v.changeDescription}</p> : null}
              <p className="text-xs text-muted-foreground">{m.versions.files(v.materialData.files.length)}</p>
            </div>
          </li>
        ))}
      </ul>
      <Button disabled={picked.length !== 2} onClick={() => setComparing(true)}>
        {m.versions.compare}
      </Button>
      {picked.length !== 2 ? <p className="text-xs text-muted-foreground">{m.versions.pickTwo}</p> : null}
      {comparing && older && newer ? <VersionCompare itemId={itemId} older={older} newer={newer} /> : null}
    </div>
  );
}

/** Which item's two versions are compared. */
interface ComparedVersions {
  itemId: string;
  older: Version;
  newer: Version;
}

/**
 * Two versions compared: the copy word by word, the images side by side, with a wipe or as a difference, each
 * with its comments' pins (the item's comments as given, or read here when not).
 */
export function VersionCompare({
  itemId,
  older,
  newer,
  comments,
}: ComparedVersions & { comments?: readonly Comment[] }) {
  const [read, setRead] = useState<readonly Comment[]>([]);
  useEffect(() => {
    if (comments) return;
    let live = true;
    // Only for the pins: a thread that cannot be read leaves the images without them.
    listComments({ entityType: 'item', entityId: itemId }, m.loadError)
      .then((thread) => live && setRead(thread.items))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [comments, itemId]);
  return (
    <div className="space-y-6">
      <CopyDiff older={older} newer={newer} />
      <ImagesCompare itemId={itemId} older={older} newer={newer} comments={comments ?? read} />
    </div>
  );
}

function CopyDiff({ older, newer }: { older: Version; newer: Version }) {
  return (
    <section aria-label={m.versions.compareTitle(older.number, newer.number)} className="space-y-3">
      <h3 className="text-sm font-medium">{m.versions.compareTitle(older.number, newer.number)}</h3>
      <div className="grid gap-3 md:grid-cols-2">
        {[older, newer].map((v) => (
          <div key={v._id} className="rounded-lg border border-border p-3 text-sm">
            <p className="mb-2 text-xs font-medium text-muted-foreground">{m.versions.number(v.number)}</p>
            {/* The copy as it will be published: a mention left in it is plain text. */}
            <RichTextContent className="text-sm" html={v.materialData.copy || '<p>—</p>'} mentions="plain" />
          </div>
        ))}
      </div>
      <DiffView before={htmlToText(older.materialData.copy)} after={htmlToText(newer.materialData.copy)} />
    </section>
  );
}

const isImage = (f: MaterialFile) => /^image\/(png|jpeg|gif|webp)$/.test(f.fileType);

/** Images of two versions paired: the same file name first, then in order. */
function pairImages(older: readonly MaterialFile[], newer: readonly MaterialFile[]) {
  const left = older.filter(isImage);
  const right = newer.filter(isImage);
  const pairs: Array<[MaterialFile, MaterialFile]> = [];
  const used = new Set<MaterialFile>();
  for (const after of right) {
    const before = left.find((f) => f.fileName === after.fileName && !used.has(f));
    if (before) {
      used.add(before);
      pairs.push([before, after]);
    }
  }
  const restLeft = left.filter((f) => !used.has(f));
  const restRight = right.filter((f) => !pairs.some(([, a]) => a === f));
  for (let i = 0; i < Math.min(restLeft.length, restRight.length); i++)
    pairs.push([restLeft[i]!, restRight[i]!]);
  return { pairs, left: left.length, right: right.length };
}

/** The two versions' images: side by side with synced zoom, a wipe, or what changed pixel by pixel. */
function ImagesCompare({
  itemId,
  older,
  newer,
  comments,
}: ComparedVersions & { comments: readonly Comment[] }) {
  const numbers = pinNumbers(comments);
  const { pairs, left, right } = pairImages(older.materialData.files, newer.materialData.files);
  const [index, setIndex] = useState(0);
  const pair = pairs[Math.min(index, pairs.length - 1)];
  const before = useFileUrl(itemId, pair?.[0]);
  const after = useFileUrl(itemId, pair?.[1]);

  let body: React.ReactNode;
  if (!pair)
    body = (
      <p className="text-sm text-muted-foreground">
        {left === 0 && right === 0
          ? m.versions.noImages
          : m.versions.onlyOne(left > 0 ? older.number : newer.number)}
      </p>
    );
  else if (before.error || after.error)
    body = (
      <p role="alert" className="text-sm text-destructive">
        {before.error ?? after.error}
      </p>
    );
  else if (!before.url || !after.url) body = <Skeleton className="h-72 w-full" />;
  else
    body = (
      <ImageCompare
        key={`${pair[0].s3Key}|${pair[1].s3Key}`}
        before={{
          src: before.url,
          alt: `${pair[0].fileName} · ${m.versions.number(older.number)}`,
          pins: pinsOn(comments, numbers, older.number, pair[0].s3Key),
        }}
        after={{
          src: after.url,
          alt: `${pair[1].fileName} · ${m.versions.number(newer.number)}`,
          pins: pinsOn(comments, numbers, newer.number, pair[1].s3Key),
        }}
        labels={{ before: m.versions.number(older.number), after: m.versions.number(newer.number) }}
      />
    );

  return (
    <section aria-labelledby="compare-images" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="compare-images" className="text-sm font-medium">
          {m.versions.images}
        </h3>
        {pairs.length > 1 ? (
          <div className="w-64 max-w-full">
            <Select
              aria-label={m.versions.imagePair}
              options={pairs.map(([b, a], i) => ({
                value: String(i),
                label: b.fileName === a.fileName ? a.fileName : `${b.fileName} → ${a.fileName}`,
              }))}
              value={String(Math.min(index, pairs.length - 1))}
              onValueChange={(v) => setIndex(Number(v))}
            />
          </div>
        ) : null}
      </div>
      {body}
    </section>
  );
}

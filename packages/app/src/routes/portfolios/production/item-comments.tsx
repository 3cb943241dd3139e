import type { Comment, MaterialVersionHistory, ProductionItem } from '@crw/api-client';
import { Skeleton } from '@crw/ui';
import { useEffect, useId, useState } from 'react';
import { fetchItemHistory } from '../../../features/production/item.ts';
import { itemMsg as m } from '../../../features/production/messages.ts';
import { CommentsPanel, type DraftAnchor } from './comments-panel.tsx';
import { isPinnable, PinnedFile } from './pinned-file.tsx';
import { pinNumbers, pinnedFiles, pinsOn } from './pins.ts';

/**
 * The plan drawer's comments: the thread, and above it every image (or video) that carries pins, with the pins
 * numbered as in the thread and in the review panel. A pin selects its comment and a comment's number its pin.
 * The versions are read only when a pin needs its file.
 */
export function ItemComments({
  item,
  quote = null,
  onQuoteUsed,
}: {
  item: ProductionItem;
  /** Words of the copy chosen in the Material tab: the next comment is about them (`n` grows each time). */
  quote?: { anchor: DraftAnchor; suggest: boolean; n: number } | null;
  onQuoteUsed?: () => void;
}) {
  const [comments, setComments] = useState<Comment[]>([]);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [history, setHistory] = useState<MaterialVersionHistory | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const files = pinnedFiles(comments);
  const numbers = pinNumbers(comments);
  const wanted = files.length > 0;
  // Read again when a pin is on a newer version than those read.
  const newest = files[0]?.versionNumber ?? 0;

  useEffect(() => {
    if (newest === 0) return;
    let live = true;
    fetchItemHistory(item._id)
      .then((next) => {
        if (!live) return;
        setHistory(next);
        setError(null);
      })
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [newest, item._id]);

  return (
    <div className="space-y-6">
      {wanted ? (
        <section aria-labelledby={headingId} className="space-y-3">
          <h3 id={headingId} className="text-sm font-medium">
            {m.comments.pinnedTitle}
          </h3>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : !history ? (
            <Skeleton className="h-48 w-full" />
          ) : (
            files.map(({ versionNumber, fileKey }) => {
              const file = history.versions
                .find((v) => v.number === versionNumber)
                ?.materialData.files.find((f) => f.s3Key === fileKey);
              if (!file || !isPinnable(file)) return null;
              return (
                <div key={`${versionNumber}|${fileKey}`} className="space-y-1">
                  <p className="text-xs font-medium text-muted-foreground">
                    {m.comments.pinnedVersion(versionNumber)}
                  </p>
                  <PinnedFile
                    itemId={item._id}
                    file={file}
                    pins={pinsOn(comments, numbers, versionNumber, fileKey)}
                    highlighted={highlighted}
                    onSelectPin={setHighlighted}
                  />
                </div>
              );
            })
          )}
        </section>
      ) : null}
      <CommentsPanel
        item={item}
        anchor={quote?.anchor ?? null}
        suggesting={quote?.suggest ?? false}
        placed={quote?.n ?? 0}
        onAnchorUsed={onQuoteUsed}
        onComments={setComments}
        pinNumbers={numbers}
        highlighted={highlighted}
        onHighlight={setHighlighted}
      />
    </div>
  );
}
